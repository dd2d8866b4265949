import { Link } from 'react-router';
import { TRIAL } from '../core/plans';
import { ArrowRightIcon } from '../ui/Icons';
import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { AUDIENCE_ROLES, INDUSTRIES, PRINCIPLES, REASONS } from './about/aboutContent';
import './about/about.css';

export default function AboutPage() {
  useDocumentTitle('About');
  return (
    <>
      <PageHeader
        title="About Earnest"
        eyebrow="About"
        lead="Earned value management for the people who have to stand behind the numbers: planners, cost engineers and project controls managers."
      />

      <section className="container about-section about-intro" aria-labelledby="about-who-title">
        <div className="about-text">
          <h2 id="about-who-title">Who it is for</h2>
          <p>
            Earnest is for the people who report where a project really stands, every period: the planner who runs the
            schedule, the cost engineer who reconciles it with the ledger, and the project controls manager who has to explain
            the variance to the client.
          </p>
          <p>
            They know P6 and Excel well, they work on schedules of thousands of activities, and they do not trust a number they
            cannot trace. Earnest is built around them.
          </p>
        </div>
        <div className="about-lists">
          <h3 className="about-list-title">Roles</h3>
          <ul className="about-tags">
            {AUDIENCE_ROLES.map((r) => (
              <li key={r} className="chip">
                {r}
              </li>
            ))}
          </ul>
          <h3 className="about-list-title">Industries</h3>
          <ul className="about-tags">
            {INDUSTRIES.map((i) => (
              <li key={i} className="chip">
                {i}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="about-band" aria-labelledby="about-why-title">
        <div className="container about-section">
          <h2 id="about-why-title">Why we built it</h2>
          <p className="about-section-lead">
            Earned value done properly is slow: exports, spreadsheets, formulas copied from last month’s report. Most tools that
            promise to speed it up hide the calculation. We wanted the speed without losing the audit trail.
          </p>
          <ul className="about-grid">
            {REASONS.map((r) => (
              <li key={r.title} className="card about-card">
                <h3>{r.title}</h3>
                <p>{r.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container about-section" aria-labelledby="about-principles-title">
        <h2 id="about-principles-title">Our principles</h2>
        <ol className="about-principles">
          {PRINCIPLES.map((p, i) => (
            <li key={p.title} className="about-principle">
              <span className="about-principle-num" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <div>
                <h3>{p.title}</h3>
                <p>{p.text}</p>
                {p.link ? (
                  <p className="about-principle-link">
                    <Link to={p.link.to}>
                      {p.link.label}
                      <ArrowRightIcon size={16} />
                    </Link>
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="container about-section about-cta-section" aria-labelledby="about-cta-title">
        <div className="card about-cta">
          <div>
            <h2 id="about-cta-title">See it on your own schedule</h2>
            <p>
              Start a {TRIAL.durationDays}-day free trial with no payment details, import last month’s update and check the
              figures against your own report.
            </p>
          </div>
          <div className="button-row">
            <Link to="/pricing" className="btn btn-primary btn-lg">
              See plans and pricing
            </Link>
            <Link to="/contact" className="btn btn-outline btn-lg">
              Contact us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
