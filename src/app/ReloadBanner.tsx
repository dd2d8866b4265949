import { useLocalStoreEvents } from '../client/data';

/**
 * Shown when this tab's build is older than the data on the device (a newer Earnest in another tab
 * moved it to a newer layout). The data worker has stopped saving; the banner says so and offers
 * the one thing to do. Nothing is lost: the newer tab has everything.
 */
export function ReloadBanner() {
  const readOnly = useLocalStoreEvents((s) => s.readOnly);
  if (!readOnly) return null;
  return (
    <div className="container">
      <div className="card import-error reload-banner" role="alert" data-testid="reload-banner">
        <h2>Reload to keep working</h2>
        <p>{readOnly.message}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </div>
  );
}
