import { lastSyncedLine, PERSONAL_SPACE, ROLE_NAMES, teamStateLine } from '../core/sync/labels';
import type { SyncSnapshot, TeamSyncStatus } from '../local/contracts';

/** The exact local time of a sync, for the title of "Last synced 5 minutes ago". */
export function exactTime(ms: number): string {
  return new Date(ms).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** What the list shows for one team: its name as the app calls it, its state, and what to do. */
export function teamRow(snapshot: SyncSnapshot, team: TeamSyncStatus) {
  const problem = team.state === 'error' && team.problem ? team.problem : null;
  return {
    name: team.isHome ? PERSONAL_SPACE : team.teamName,
    role: ROLE_NAMES[team.role],
    // An error's why stands alone; its action follows on its own line.
    state: problem ? problem.why : teamStateLine(snapshot, team),
    action: problem ? problem.action : null,
  };
}

/**
 * Each team this device syncs: name, role, state, when it last synced (relative, the exact time as
 * the title) and, on an error, why and what to do. Shared by the header's sync popover and /pwa.
 */
export function SyncTeamList({ snapshot, now }: { snapshot: SyncSnapshot; now: number }) {
  return (
    <ul className="sync-team-list">
      {snapshot.teams.map((team) => {
        const row = teamRow(snapshot, team);
        return (
          <li key={team.teamId} className={`sync-team sync-team--${team.state}`} data-team={team.teamId}>
            <div className="sync-team-head">
              <span className="sync-team-name">{row.name}</span>
              <span className="badge badge-muted">{row.role}</span>
            </div>
            <p className="sync-team-state">{row.state}</p>
            {row.action ? <p className="sync-team-action">{row.action}</p> : null}
            <p className="sync-team-last muted">
              {team.lastSyncedAt === null ? (
                lastSyncedLine(null, now)
              ) : (
                <time dateTime={new Date(team.lastSyncedAt).toISOString()} title={exactTime(team.lastSyncedAt)}>
                  {lastSyncedLine(team.lastSyncedAt, now)}
                </time>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
