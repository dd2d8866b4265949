/**
 * The signed-in app's own layout (issue 14 "The app shell"): a compact header made for daily work
 * (the logo back to the projects, Projects and Import, the project switcher, the sync and offline
 * indicators, the theme and the account), the page, and none of the marketing site's footer.
 * The skip link, page error boundary, toasts, cookie banner and trial banner are the site's own
 * (SiteLayout.tsx), so they behave the same on either side of sign-in.
 */
import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../../client/session';
import { PageErrorBoundary } from '../../ui/ErrorBoundary';
import { MenuToggle, useHeaderMenu, useHeaderSignOut } from '../../ui/headerMenu';
import { Logo } from '../../ui/Logo';
import { OfflineIndicator } from '../../ui/OfflineIndicator';
import { CookieTop, ScrollToTop, SiteOverlays, TrialTop } from '../../ui/SiteLayout';
import { Spinner } from '../../ui/Spinner';
import { SyncIndicator } from '../../ui/SyncIndicator';
import { ThemeToggle } from '../../ui/ThemeToggle';
import { ProjectSwitcher } from './ProjectSwitcher';
import './appLayout.css';

/**
 * The account's place in the header: who is signed in, Pricing (plans, the trial and upgrades: the
 * app's only way to them besides the account page), Account and Sign Out. They stay plain, named
 * controls (the "Account" link and the "Sign Out" button) rather than hide behind another click on a
 * desktop; on a phone they sit at the end of the header's menu.
 */
function AccountMenu({ onSignOut, signingOut }: { onSignOut: () => void; signingOut: boolean }) {
  const email = useSession((s) => s.user?.email ?? null);
  return (
    <div className="app-account" role="group" aria-label="Your account">
      {email ? (
        <span className="app-account__who" title={email}>
          {email}
        </span>
      ) : null}
      <NavLink to="/pricing" className="btn btn-ghost btn-sm">
        Pricing
      </NavLink>
      <NavLink to="/app/account" className="btn btn-ghost btn-sm">
        Account
      </NavLink>
      <button type="button" className="btn btn-outline btn-sm" onClick={onSignOut} disabled={signingOut}>
        Sign Out
      </button>
    </div>
  );
}

function AppHeader() {
  const menu = useHeaderMenu();
  const { open, setOpen, closeOnLink } = menu;
  const { pathname } = useLocation();
  const signOutFlow = useHeaderSignOut();

  // A new page closes the phone menu.
  useEffect(() => setOpen(false), [pathname, setOpen]);

  return (
    <header className="app-header">
      <div className="container app-header__inner">
        <Link to="/app" className="brand app-brand" aria-label="Earnest app">
          <Logo />
        </Link>
        <div id="app-menu" className="app-menu" data-open={open} onClick={closeOnLink}>
          <nav aria-label="App">
            <ul className="app-nav">
              <li>
                <NavLink to="/app" end className="app-nav__link">
                  Projects
                </NavLink>
              </li>
              <li>
                <NavLink to="/app/import" className="app-nav__link">
                  Import
                </NavLink>
              </li>
            </ul>
          </nav>
          <ProjectSwitcher onSwitched={() => setOpen(false)} />
          <AccountMenu
            signingOut={signOutFlow.busy}
            onSignOut={() => {
              setOpen(false);
              void signOutFlow.start();
            }}
          />
        </div>
        <div className="header-tools app-tools">
          <OfflineIndicator />
          <SyncIndicator />
          <ThemeToggle />
          <MenuToggle menu={menu} controls="app-menu" className="app-menu-toggle" />
        </div>
      </div>
      {signOutFlow.dialog}
    </header>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <ScrollToTop />
      <CookieTop />
      <div className="site-top app-top">
        <TrialTop />
        <AppHeader />
      </div>
      <main id="main" tabIndex={-1} className="app-main">
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner page />}>{children}</Suspense>
        </PageErrorBoundary>
      </main>
      <SiteOverlays />
    </div>
  );
}
