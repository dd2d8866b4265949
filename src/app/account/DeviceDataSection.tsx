import { useCallback, useEffect, useState } from 'react';
import { dataApi } from '../../client/data';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toast';

type Summary = Awaited<ReturnType<ReturnType<typeof dataApi>['deviceSummary']>>;

const plural = (n: number, one: string) => `${n.toLocaleString('en-GB')} ${one}${n === 1 ? '' : 's'}`;

function megabytes(bytes: number): string {
  const mb = bytes / 1_048_576;
  return mb < 10 ? `${mb.toFixed(1)} MB` : `${Math.round(mb).toLocaleString('en-GB')} MB`;
}

/**
 * "This device": what this account keeps in this browser, and a way to remove it (a shared site
 * laptop being handed on). Signing out never deletes local projects, so this is the one place they
 * are removed wholesale, and only after a warning that says they exist nowhere else yet.
 */
export function DeviceDataSection() {
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => {
    dataApi()
      .deviceSummary()
      .then(
        (s) => {
          setSummary(s);
          setError(null);
        },
        (e: Error) => setError(e.message),
      );
  }, []);
  useEffect(refresh, [refresh]);

  async function remove() {
    setBusy(true);
    try {
      await dataApi().removeFromDevice();
      setConfirming(false);
      toast({ title: 'Removed from this device', description: 'Your projects are no longer stored in this browser.' });
      refresh();
    } catch (e) {
      setError(`Earnest could not remove your projects from this device: ${(e as Error).message}`);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  const count = summary?.projects ?? 0;
  return (
    <section className="account-section" aria-labelledby="account-device">
      <h2 id="account-device">This device</h2>
      <div className="card account-card">
        <p>
          Your projects are stored in this browser under your account, so they open without a connection. They stay here when you
          sign out, and nobody else who signs in on this device can see them.
        </p>
        {summary ? (
          <p className="account-device-usage">
            {count === 0 ? 'No projects stored here.' : `${plural(count, 'project')} with ${plural(summary.imports, 'import')} stored here.`}
            {summary.storage ? ` This site uses ${megabytes(summary.storage.usage)} of browser storage.` : ''}
          </p>
        ) : null}
        {error ? (
          <p className="app-error" role="alert">
            {error}
          </p>
        ) : null}
        {count > 0 ? (
          <div className="button-row">
            <button type="button" className="btn btn-outline btn-danger-text" onClick={() => setConfirming(true)}>
              Remove my projects from this device
            </button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Remove your projects from this device?"
        message={`${plural(count, 'project')} and ${plural(summary?.imports ?? 0, 'import')} will be deleted from this browser. They are not synced anywhere else, so they cannot be recovered; you would need to import the schedule files again.`}
        confirmLabel="Remove from this device"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
