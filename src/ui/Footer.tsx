import { Link } from 'react-router';
import { LinkedInIcon } from './Icons';
import { Logo } from './Logo';
import { POLICY_LINKS, SOCIAL_LINK } from './siteConfig';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <section className="footer-cta" aria-labelledby="footer-cta-title">
        <div className="container footer-cta-inner">
          <h2 id="footer-cta-title" className="footer-cta-title">
            Ready to see your project's truth? <span className="footer-cta-accent">Start free.</span>
          </h2>
          <Link to="/pricing" className="btn btn-primary btn-lg">
            Get Started Free
          </Link>
        </div>
      </section>
      <div className="container footer-main">
        <div className="footer-brand">
          <Link to="/" aria-label="Earnest home" className="brand">
            <Logo />
          </Link>
          <p>Earned value management for project controls people. Works offline, installs as an app.</p>
          <a className="social-link" href={SOCIAL_LINK.href} target="_blank" rel="noopener noreferrer" aria-label={SOCIAL_LINK.label}>
            <LinkedInIcon />
          </a>
        </div>
        <nav aria-label="Product" className="footer-col">
          <h2 className="footer-heading">Product</h2>
          <ul>
            <li><Link to="/features">Features</Link></li>
            <li><Link to="/pricing">Pricing</Link></li>
            <li><Link to="/faq">FAQ</Link></li>
            <li><Link to="/pwa-install">Install the app</Link></li>
          </ul>
        </nav>
        <nav aria-label="Company" className="footer-col">
          <h2 className="footer-heading">Company</h2>
          <ul>
            <li><Link to="/about">About</Link></li>
            <li><Link to="/blog">Blog</Link></li>
            <li><Link to="/contact">Contact</Link></li>
          </ul>
        </nav>
        <nav aria-label="Legal" className="footer-col">
          <h2 className="footer-heading">Legal</h2>
          <ul>
            {POLICY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="footer-bottom">
        <div className="container">
          <p>© {year} Earnest. Figures on these pages are sample values.</p>
        </div>
      </div>
    </footer>
  );
}
