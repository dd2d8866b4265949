import type { SessionStatus } from '../client/session';
import { useSession } from '../client/session';
import { useSyncStatus } from '../client/syncStatus';
import { describeOverall, lastSyncedLine } from '../core/sync/labels';
import type { SyncSnapshot } from '../local/contracts';
import { exactTime, teamRow } from '../ui/SyncTeamList';
import { useNow } from '../ui/useNow';

const changes = (n: number) => (n === 0 ? 'None' : `${n.toLocaleString('en-GB')} ${n === 1 ? 'change' : 'changes'}`);

/**
 * /pwa's "Sync" (issue 13): per team, its state, when this device last synced it, the changes
 * made here that the server does not have yet, and on an error why and what to do.
 */
export function SyncSectionView({ status, snapshot, now }: { status: SessionStatus; snapshot: SyncSnapshot | null; now: number }) {
  const overall = snapshot ? describeOverall(snapshot) : null;
  return (
    <section className="account-section" aria-labelledby="pwa-sync">
      <h2 id="pwa-sync">Sync</h2>
      <div className={`card account-card${overall?.kind === 'error' ? ' account-card--warn' : ''}`}>
        {status === 'loading' ? <p className="muted">Checking who is signed in…</p> : null}
        {status === 'signed-out' ? (
          <p>Nothing syncs while nobody is signed in. Sign in to sync your projects, and your teams&apos; projects, with this device.</p>
        ) : null}
        {status === 'signed-in' && (!snapshot || !overall) ? (
          <p>Sync has not started in this tab yet. It starts by itself while you are signed in and Earnest is open.</p>
        ) : null}
        {status === 'signed-in' && snapshot && overall ? (
          <>
            <p>
              <strong>This device: </strong>
              <span data-sync-state={overall.kind}>{overall.label}</span>
            </p>
            {snapshot.teams.map((team) => {
              const row = teamRow(snapshot, team);
              return (
                <div key={team.teamId} className="pwa-sync-team" data-team={team.teamId}>
                  <h3>
                    {row.name} <span className="badge badge-muted">{row.role}</span>
                  </h3>
                  <dl className="account-limits pwa-figures">
                    <div>
                      <dt>State</dt>
                      <dd data-figure="state">{row.state}</dd>
                    </div>
                    <div>
                      <dt>Last successful sync</dt>
                      <dd data-figure="last">
                        {team.lastSyncedAt === null ? (
                          'Not yet on this device'
                        ) : (
                          <time dateTime={new Date(team.lastSyncedAt).toISOString()} title={exactTime(team.lastSyncedAt)}>
                            {lastSyncedLine(team.lastSyncedAt, now).replace(/^Last synced /, '')}
                          </time>
                        )}
                      </dd>
                    </div>
                    <div>
                      <dt>Changes waiting</dt>
                      <dd data-figure="waiting">{changes(team.pending)}</dd>
                    </div>
                  </dl>
                  {row.action ? (
                    <p className="pwa-warning" data-figure="action">
                      {row.action}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </>
        ) : null}
      </div>
    </section>
  );
}

export function SyncSection() {
  const status = useSession((s) => s.status);
  const snapshot = useSyncStatus((s) => s.snapshot);
  const now = useNow(30_000);
  return <SyncSectionView status={status} snapshot={snapshot} now={now} />;
}
