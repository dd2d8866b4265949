import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { dataApi } from '../../client/data';
import { toast } from '../../ui/toast';
import { ClearDevice, type ClearPlace } from './ClearDevice';

type Summary = Awaited<ReturnType<ReturnType<typeof dataApi>['deviceSummary']>>;

const plural = (n: number, one: string) => `${n.toLocaleString('en-GB')} ${one}${n === 1 ? '' : 's'}`;

function megabytes(bytes: number): string {
  const mb = bytes / 1_048_576;
  return mb < 10 ? `${mb.toFixed(1)} MB` : `${Math.round(mb).toLocaleString('en-GB')} MB`;
}

/**
 * "This device": what this account keeps in this browser, and a way to remove it (a shared site
 * laptop being handed on), on the account page and on /pwa (`place`; /pwa adds each project's size
 * as `children`). Signing out never deletes local projects, so this is the one place they are
 * removed wholesale, and only after a warning that says whether anything exists nowhere else yet
 * (ClearDevice.tsx).
 */
export function DeviceDataSection({ place = 'account', onCleared, children }: { place?: ClearPlace; onCleared?: () => void; children?: ReactNode }) {
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState<string | null>(null);

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
        {children}
        {error ? (
          <p className="app-error" role="alert">
            {error}
          </p>
        ) : null}
        {count > 0 ? (
          <ClearDevice
            place={place}
            counts={{ projects: count, imports: summary?.imports ?? 0 }}
            onCleared={() => {
              toast({ title: 'Removed from this device', description: 'Your projects are no longer stored in this browser.' });
              refresh();
              onCleared?.();
            }}
            onError={setError}
          />
        ) : null}
      </div>
    </section>
  );
}
