import { useCallback, useEffect, useState } from 'react';
import { browserStorage, persistenceMeaning, readPersistence, requestPersistence, storageFigures, type Persistence } from './storageStatus';

/** How often the open page re-reads the storage estimate (a cheap call). */
export const ESTIMATE_REFRESH_MS = 5_000;

/** The estimate as read: not yet, none (the browser cannot say), or its figures. */
export type EstimateReading = { kind: 'reading' } | { kind: 'unavailable' } | { kind: 'read'; usage: number; quota: number };

const PERSIST_LABEL: Record<Persistence['kind'], string> = {
  unknown: 'Checking…',
  unsupported: 'Unknown',
  persistent: 'Yes',
  'best-effort': 'No',
};

export interface StorageViewProps {
  estimate: EstimateReading;
  persistence: Persistence;
  onPersist: () => void;
}

/** Storage used and allowed, and whether the browser may clear it, with the request to keep it. */
export function StorageView({ estimate, persistence, onPersist }: StorageViewProps) {
  const figures = estimate.kind === 'read' ? storageFigures(estimate) : null;
  const asking = persistence.kind === 'best-effort' && persistence.request === 'asking';
  const canAsk = persistence.kind === 'best-effort';
  return (
    <section className="account-section" aria-labelledby="pwa-storage">
      <h2 id="pwa-storage">Storage</h2>
      <div className={`card account-card${figures?.warning ? ' account-card--warn' : ''}`}>
        {estimate.kind === 'reading' ? <p className="muted">Reading storage figures…</p> : null}
        {estimate.kind === 'unavailable' ? (
          <p>This browser does not say how much storage Earnest uses or may use.</p>
        ) : null}
        {figures ? (
          <>
            <dl className="account-limits pwa-figures">
              <div>
                <dt>Used</dt>
                <dd data-figure="used">{figures.used}</dd>
              </div>
              <div>
                <dt>Allowed</dt>
                <dd data-figure="quota">{figures.quota ?? 'Not stated'}</dd>
              </div>
              <div>
                <dt>Share used</dt>
                <dd data-figure="share">
                  {figures.share ?? '—'}
                  {figures.fraction !== null ? <meter min={0} max={1} value={figures.fraction} aria-label="Share of storage used" /> : null}
                </dd>
              </div>
            </dl>
            <p className="muted">
              Figures are for this whole site in this browser: your projects, their imports and the app itself, kept for offline use.
            </p>
            {figures.warning ? (
              <p className="pwa-warning" role="alert">
                {figures.warning}
              </p>
            ) : null}
          </>
        ) : null}
        <div className="pwa-persist">
          <p>
            <strong>Persistent storage: </strong>
            <span data-persistence={persistence.kind}>{PERSIST_LABEL[persistence.kind]}</span>
          </p>
          <p className="muted" role="status">
            {persistenceMeaning(persistence)}
          </p>
          {canAsk ? (
            <div className="button-row">
              <button type="button" className="btn btn-outline" onClick={onPersist} disabled={asking} aria-disabled={asking}>
                {asking
                  ? 'Asking the browser…'
                  : persistence.request === 'refused' || persistence.request === 'failed'
                    ? 'Ask again'
                    : 'Keep Earnest’s data on this device'}
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** The storage section with the browser's answers. */
export function StorageSection() {
  const [estimate, setEstimate] = useState<EstimateReading>({ kind: 'reading' });
  const [persistence, setPersistence] = useState<Persistence>({ kind: 'unknown' });

  const readEstimate = useCallback(async () => {
    const sm = browserStorage();
    if (!sm?.estimate) return setEstimate({ kind: 'unavailable' });
    try {
      const { usage = 0, quota = 0 } = await sm.estimate();
      setEstimate({ kind: 'read', usage, quota });
    } catch {
      setEstimate({ kind: 'unavailable' });
    }
  }, []);

  useEffect(() => {
    void readEstimate();
    void readPersistence(browserStorage()).then(setPersistence);
    // The figures move while the page is open (the service worker saving the app, the data worker
    // opening this account's database, an import in another tab): re-read them every few seconds
    // while the tab is visible, so they never lag far behind the other sections.
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void readEstimate();
    }, ESTIMATE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [readEstimate]);

  const persist = async () => {
    setPersistence({ kind: 'best-effort', request: 'asking' });
    setPersistence(await requestPersistence(browserStorage()));
  };

  return <StorageView estimate={estimate} persistence={persistence} onPersist={() => void persist()} />;
}
