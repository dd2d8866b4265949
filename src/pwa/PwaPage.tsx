import { useState } from 'react';
import { Link } from 'react-router';
import { useSession, type SessionStatus } from '../client/session';
import { DeviceDataSection } from '../app/account/DeviceDataSection';
import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { AppVersionSection } from './AppVersionSection';
import { useInstall } from './installPrompt';
import { ProjectSizes } from './ProjectSizes';
import { StorageSection } from './StorageSection';
import { SyncSection } from './SyncSection';
import '../app/account/account.css';
import './pwa.css';

export const PWA_DESCRIPTION =
  'What Earnest keeps on this device: storage used and allowed, whether the browser may clear it, your projects here, their sync with your teams, and the app version with its updates.';

/**
 * Without a signed-in account there are no projects to count (they are kept per account): say what
 * this section shows once signed in. Storage and the service worker do not depend on it.
 */
export function SignedOutDeviceSection({ status }: { status: Exclude<SessionStatus, 'signed-in'> }) {
  return (
    <section className="account-section" aria-labelledby="pwa-device">
      <h2 id="pwa-device">This device</h2>
      <div className="card account-card">
        {status === 'loading' ? (
          <p className="muted">Checking who is signed in…</p>
        ) : (
          <>
            <p>
              Sign in to see how many projects and imports your account keeps in this browser, and to remove them from it. Projects
              are kept per account: nobody else who signs in here can see yours.
            </p>
            <div className="button-row">
              <Link to="/auth" className="btn btn-primary">
                Sign In
              </Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}

/**
 * /pwa, the device dashboard. "This device" is the account page's own section (same counts, same
 * warning before removal, worded "Clear this device" here), so what is said about deleting local
 * data lives in one place; here it also lists each project's size.
 */
export default function PwaPage() {
  useDocumentTitle('Progressive Web App', PWA_DESCRIPTION);
  const status = useSession((s) => s.status);
  const standalone = useInstall((s) => s.standalone);
  // Moves when the device is cleared: the sizes are read again.
  const [cleared, setCleared] = useState(0);
  return (
    <>
      <PageHeader
        title="Progressive Web App"
        eyebrow="Device dashboard"
        lead="What Earnest keeps in this browser, whether the browser may clear it, and which version of the app runs here."
      />
      <div className="container account-page pwa-page">
        <StorageSection />
        {status === 'signed-in' ? (
          <DeviceDataSection place="pwa" onCleared={() => setCleared((n) => n + 1)}>
            <ProjectSizes refresh={cleared} />
          </DeviceDataSection>
        ) : (
          <SignedOutDeviceSection status={status} />
        )}
        <SyncSection />
        <AppVersionSection />
        <p className="pwa-install-link">
          {standalone ? 'You are using the installed app. ' : null}
          <Link to="/pwa-install">{standalone ? 'What works offline' : 'Install Earnest as an app, and what works offline'}</Link>
        </p>
      </div>
    </>
  );
}
