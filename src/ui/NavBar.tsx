import { Link, NavLink } from 'react-router';
import { MenuToggle, useHeaderMenu, useHeaderSignOut } from './headerMenu';
import { useSession } from '../client/session';
import { Logo } from './Logo';
import { OfflineIndicator } from './OfflineIndicator';
import { ThemeToggle } from './ThemeToggle';
import { NAV_LINKS } from './siteConfig';

/** Session-dependent buttons: Sign In / Launch App, or Account / Sign Out. */
function AuthActions({ onSignOut, signingOut }: { onSignOut: () => void; signingOut: boolean }) {
  const status = useSession((s) => s.status);

  if (status === 'loading') return <div className="header-actions" aria-hidden="true" />;

  if (status === 'signed-in') {
    return (
      <div className="header-actions">
        <Link to="/app/account" className="btn btn-ghost">
          Account
        </Link>
        <button type="button" className="btn btn-outline" onClick={onSignOut} disabled={signingOut}>
          Sign Out
        </button>
      </div>
    );
  }

  return (
    <div className="header-actions">
      <Link to="/auth" className="btn btn-ghost">
        Sign In
      </Link>
      <Link to="/app" className="btn btn-primary">
        Launch App
      </Link>
    </div>
  );
}

export function NavBar() {
  const menu = useHeaderMenu();
  const { open, setOpen, closeOnLink } = menu;
  const signOutFlow = useHeaderSignOut();

  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="brand" aria-label="Earnest home">
          <Logo />
        </Link>
        <div id="site-menu" className="site-menu" data-open={open} onClick={closeOnLink}>
          <nav aria-label="Main">
            <ul className="nav-links">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.to === '/'} className="nav-link">
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <AuthActions
            signingOut={signOutFlow.busy}
            onSignOut={() => {
              setOpen(false);
              void signOutFlow.start();
            }}
          />
        </div>
        <div className="header-tools">
          <OfflineIndicator />
          {/* The sync indicator is the app's (app/shell/AppLayout.tsx): /app/* has its own header. */}
          <ThemeToggle />
          <MenuToggle menu={menu} controls="site-menu" className="nav-toggle" />
        </div>
      </div>
      {signOutFlow.dialog}
    </header>
  );
}
