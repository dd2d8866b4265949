import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { detectPlatform, promptInstall, useInstall, type InstallPlatform, type InstallState } from './installPrompt';
import { guidesFor, NEEDS_CONNECTION, WORKS_OFFLINE } from './installSteps';
import '../app/account/account.css';
import './pwa.css';

export const INSTALL_DESCRIPTION =
  'Install Earnest on a laptop, tablet or phone: the install button, the steps for Safari on iPhone and iPad, Chrome, Edge and Android, and what works offline.';

/** Where installing stands on this device, in the order it is decided. */
export type InstallStatus = 'standalone' | 'installed' | 'accepted' | 'prompt' | 'dismissed' | 'manual';

export function installStatus(s: Pick<InstallState, 'standalone' | 'installedNow' | 'deferred' | 'outcome'>): InstallStatus {
  if (s.standalone) return 'standalone';
  if (s.installedNow) return 'installed';
  if (s.outcome === 'accepted') return 'accepted';
  if (s.deferred) return 'prompt';
  if (s.outcome === 'dismissed') return 'dismissed';
  return 'manual';
}

const WHERE = 'Open it from your Home Screen, Dock, taskbar or Start menu.';

function statusText(status: InstallStatus, platform: InstallPlatform): string {
  switch (status) {
    case 'standalone':
      return `You are using the installed app. ${WHERE}`;
    case 'installed':
      return `Earnest is installed. ${WHERE} You can close this tab.`;
    case 'accepted':
      return 'Installing Earnest…';
    case 'prompt':
      return 'This browser can install Earnest: it then opens in its own window and works with no connection.';
    case 'dismissed':
      return 'Earnest was not installed. You can install it at any time with the button your browser offers or the steps below.';
    case 'manual':
      if (platform === 'ios') return 'On iPhone and iPad, Earnest is installed from Safari’s Share menu: see the steps below.';
      if (platform === 'desktop-firefox') return 'Firefox on a computer cannot install web apps; Earnest works offline in this tab. Chrome and Edge can install it.';
      if (platform === 'desktop-chromium' || platform === 'android')
        return 'Install Earnest from your browser’s menu with the steps below. If the browser offers no install option, Earnest may already be installed: look for it with your other apps.';
      return 'Install Earnest from your browser with the steps below.';
  }
}

export interface InstallViewProps {
  status: InstallStatus;
  platform: InstallPlatform;
  onInstall: () => void;
  busy?: boolean;
}

/** The install page for a given state (rendered alike in the browser and in tests). */
export function InstallView({ status, platform, onInstall, busy = false }: InstallViewProps) {
  const installed = status === 'standalone' || status === 'installed';
  return (
    <div className="container account-page pwa-page">
      <section className="account-section" aria-labelledby="install-here">
        <h2 id="install-here">On this device</h2>
        <div className={`card account-card${installed ? ' pwa-card--done' : ''}`}>
          {installed ? <span className="badge pwa-badge-done">Installed</span> : null}
          <p role="status" data-install-status={status}>
            {statusText(status, platform)}
          </p>
          {status === 'prompt' ? (
            <div className="button-row">
              <button type="button" className="btn btn-primary btn-lg" onClick={onInstall} disabled={busy}>
                Install Earnest
              </button>
            </div>
          ) : null}
        </div>
      </section>

      {status === 'standalone' ? null : (
        <section className="account-section" aria-labelledby="install-how">
          <h2 id="install-how">How to install</h2>
          <div className="pwa-guides">
            {guidesFor(platform).map(({ guide, yours }) => (
              <article key={guide.id} className="card pwa-guide" aria-labelledby={`guide-${guide.id}`} data-guide={guide.id}>
                <h3 id={`guide-${guide.id}`}>
                  {guide.title}
                  {yours ? <span className="badge pwa-yours">Your browser</span> : null}
                </h3>
                {guide.steps.length > 0 ? (
                  <ol>
                    {guide.steps.map((step) => (
                      <li key={step}>{step}</li>
                    ))}
                  </ol>
                ) : null}
                {guide.note ? <p className={guide.steps.length > 0 ? 'muted' : undefined}>{guide.note}</p> : null}
              </article>
            ))}
          </div>
        </section>
      )}

      <section className="account-section" aria-labelledby="install-offline">
        <h2 id="install-offline">What works offline</h2>
        <div className="pwa-offline-lists">
          <div className="card account-card">
            <h3>Works with no connection</h3>
            <ul>
              {WORKS_OFFLINE.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div className="card account-card">
            <h3>Needs a connection</h3>
            <ul>
              {NEEDS_CONNECTION.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
        <p className="muted">
          Earnest keeps itself on a device after the first visit, installed or not. Installing adds its own icon and window; on
          iPhone and iPad it also stops Safari clearing your projects after seven days without a visit. See what this device holds
          on the <Link to="/pwa">device page</Link>.
        </p>
      </section>
    </div>
  );
}

/** /pwa-install: the captured install prompt, the installed state, and each browser's steps. */
export default function PwaInstallPage() {
  useDocumentTitle('Install Earnest', INSTALL_DESCRIPTION);
  const state = useInstall();
  const [busy, setBusy] = useState(false);
  const [platform] = useState(() => detectPlatform(navigator.userAgent, navigator.maxTouchPoints));
  const install = async () => {
    setBusy(true);
    try {
      await promptInstall();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeader
        title="Install Earnest"
        eyebrow="Offline app"
        lead="Installed, Earnest opens from your Home Screen, Dock, taskbar or Start menu in its own window, with or without a signal."
      />
      <InstallView status={installStatus(state)} platform={platform} onInstall={() => void install()} busy={busy} />
    </>
  );
}
