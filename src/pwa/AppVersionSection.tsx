import { useEffect, useState } from 'react';
import { useOnline } from './onlineStatus';
import { BUILD_ID, buildTime, describeWorker, formatBuildTime, useSwStatus, workerSnapshot, type WorkerSnapshot } from './swStatus';

/** Where a "Check for updates" click stands. */
export type UpdateCheck = 'idle' | 'checking' | 'latest' | 'downloading' | 'failed';

export interface AppVersionViewProps {
  buildId: string;
  worker: WorkerSnapshot;
  updateAvailable: boolean;
  /** Null when there is no registration to ask (no service worker yet). */
  onCheck: (() => void) | null;
  onUpdate: (() => void) | null;
  check: UpdateCheck;
  online: boolean;
  updating: boolean;
}

const CHECK_TEXT: Record<UpdateCheck, string> = {
  idle: '',
  checking: 'Checking for a new version…',
  latest: 'This is the latest version.',
  downloading: 'A new version is downloading; it is offered here once it is ready.',
  failed: 'Earnest could not reach the server to check. Try again when you are connected.',
};

/** The build this page runs, the service worker's state, and a waiting update with its action. */
export function AppVersionView({ buildId, worker, updateAvailable, onCheck, onUpdate, check, online, updating }: AppVersionViewProps) {
  const built = buildTime(buildId);
  const state = describeWorker(worker);
  return (
    <section className="account-section" aria-labelledby="pwa-version">
      <h2 id="pwa-version">App version</h2>
      <div className="card account-card">
        <dl className="account-limits pwa-figures">
          <div>
            <dt>Version</dt>
            <dd data-figure="build">{buildId === 'dev' ? 'Development build' : buildId}</dd>
          </div>
          <div>
            <dt>Built</dt>
            <dd>{built ? formatBuildTime(built) : '—'}</dd>
          </div>
          <div>
            <dt>Service worker</dt>
            <dd data-figure="worker">{state.label}</dd>
          </div>
        </dl>
        <p className="muted">{state.detail}</p>
        {updateAvailable ? (
          <div className="pwa-update" role="region" aria-label="Update available">
            <p>
              <strong>A new version is available.</strong> It takes over when this page reloads; your projects stay on this device.
            </p>
            <div className="button-row">
              <button type="button" className="btn btn-primary" onClick={onUpdate ?? undefined} disabled={!onUpdate || updating}>
                {updating ? 'Updating…' : 'Reload to update'}
              </button>
            </div>
          </div>
        ) : onCheck ? (
          <div className="button-row pwa-check">
            <button type="button" className="btn btn-outline" onClick={onCheck} disabled={!online || check === 'checking'}>
              Check for updates
            </button>
            <p className="muted" role="status">
              {online ? CHECK_TEXT[check] : 'Connect to the internet to check for updates.'}
            </p>
          </div>
        ) : null}
      </div>
    </section>
  );
}

const container = (): ServiceWorkerContainer | undefined =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;

/**
 * The registration UpdatePrompt published, or the browser's own when this page came before it, and
 * a re-render whenever a worker changes state or takes control.
 */
function useWorker(): { snapshot: WorkerSnapshot; registration: ServiceWorkerRegistration | null } {
  const published = useSwStatus((s) => s.registration);
  const registrationError = useSwStatus((s) => s.registrationError);
  const [found, setFound] = useState<ServiceWorkerRegistration | null>(null);
  const [, setVersion] = useState(0);
  const registration = published ?? found;

  useEffect(() => {
    if (published) return;
    let live = true;
    void container()
      ?.getRegistration()
      .then((r) => live && r && setFound(r));
    return () => {
      live = false;
    };
  }, [published]);

  useEffect(() => {
    const sw = container();
    const bump = () => setVersion((v) => v + 1);
    const workers = [registration?.installing, registration?.waiting, registration?.active].filter((w): w is ServiceWorker => !!w);
    // A new worker appears on updatefound; listen to its state changes too (each bump re-runs this).
    const onUpdateFound = () => {
      registration?.installing?.addEventListener('statechange', bump);
      bump();
    };
    sw?.addEventListener('controllerchange', bump);
    registration?.addEventListener('updatefound', onUpdateFound);
    for (const w of workers) w.addEventListener('statechange', bump);
    return () => {
      sw?.removeEventListener('controllerchange', bump);
      registration?.removeEventListener('updatefound', onUpdateFound);
      for (const w of workers) w.removeEventListener('statechange', bump);
      registration?.installing?.removeEventListener('statechange', bump);
    };
  });

  return { snapshot: workerSnapshot(container(), registration, registrationError), registration };
}

/** The version section with the live service worker and the update prompt's own Reload action. */
export function AppVersionSection() {
  const { snapshot, registration } = useWorker();
  const updateAvailable = useSwStatus((s) => s.updateAvailable);
  const applyUpdate = useSwStatus((s) => s.applyUpdate);
  const online = useOnline();
  const [check, setCheck] = useState<UpdateCheck>('idle');
  const [updating, setUpdating] = useState(false);

  const onCheck = registration
    ? async () => {
        setCheck('checking');
        try {
          await registration.update();
          setCheck(registration.installing || registration.waiting ? 'downloading' : 'latest');
        } catch {
          setCheck('failed');
        }
      }
    : null;

  const onUpdate = applyUpdate
    ? async () => {
        setUpdating(true);
        try {
          await applyUpdate();
        } finally {
          setUpdating(false);
        }
      }
    : null;

  return (
    <AppVersionView
      buildId={BUILD_ID}
      worker={snapshot}
      updateAvailable={updateAvailable}
      onCheck={onCheck && (() => void onCheck())}
      onUpdate={onUpdate && (() => void onUpdate())}
      check={check}
      online={online}
      updating={updating}
    />
  );
}
