import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../client/api';
import { teamsApi, type AssignableRole, type TeamDetails, type TeamMember, type TeamSummary } from '../../client/teamsApi';
import { formatDate } from '../../core/format';
import { Field, FormMessage } from '../../site/auth/Field';
import { Spinner } from '../../ui/Spinner';

const ROLE_LABEL: Record<string, string> = { owner: 'Owner', admin: 'Admin', editor: 'Editor', viewer: 'Viewer' };
const ROLE_HELP = 'Admins manage members; editors change projects; viewers only read.';

const message = (err: unknown) => (err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');

/** One team: members, roles, invitations, leave and transfer, as far as the caller's role allows. */
function TeamPanel({ summary, userId, onChanged }: { summary: TeamSummary; userId: string; onChanged: () => void }) {
  const [details, setDetails] = useState<TeamDetails | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('editor');
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    teamsApi.details(summary.id).then(setDetails, (e: unknown) => setError(message(e)));
  }, [summary.id]);
  useEffect(load, [load]);

  const act = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await fn();
      setNotice(done);
      load();
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };

  async function invite(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) return setError('Enter the address to invite.');
    await act(() => teamsApi.invite(summary.id, email.trim(), role), `Invitation sent to ${email.trim()}.`);
    setEmail('');
  }

  if (!details) return error ? <FormMessage kind="error" text={error} /> : <Spinner label="Loading the team..." />;
  const manager = details.your_role === 'owner' || details.your_role === 'admin';
  // The owner manages everyone else; an admin manages editors and viewers only (the server's rule).
  const manages = (m: TeamMember) => m.role !== 'owner' && (details.your_role === 'owner' || (details.your_role === 'admin' && m.role !== 'admin'));
  const seatsUsed = details.members.length + details.invitations.length;

  return (
    <section className="card account-card" aria-labelledby={`team-${summary.id}`}>
      <div className="account-card-head">
        <h3 id={`team-${summary.id}`}>{details.team.name}</h3>
        <span className="badge badge-muted">You are {ROLE_LABEL[details.your_role]}</span>
      </div>
      <p className="muted">
        {seatsUsed} of {details.limits.users} {details.limits.users === 1 ? 'seat' : 'seats'} used on the owner&apos;s {details.limits.plan} plan (members and
        pending invitations). {ROLE_HELP}
      </p>
      <div className="table-scroll">
        <table className="account-table">
          <caption className="sr-only">Members of {details.team.name}</caption>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Role</th>
              <th scope="col">Joined</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {details.members.map((m) => (
              <tr key={m.user_id}>
                <td>
                  {m.email}
                  {m.user_id === userId ? <span className="muted"> (you)</span> : null}
                </td>
                <td>
                  {manages(m) ? (
                    <select
                      aria-label={`Role of ${m.email}`}
                      value={m.role}
                      disabled={busy}
                      onChange={(e) => {
                        const next = e.target.value as AssignableRole;
                        void act(() => teamsApi.setRole(summary.id, m.user_id, next), `${m.email} is now ${ROLE_LABEL[next]}.`);
                      }}
                    >
                      {details.your_role === 'owner' ? <option value="admin">Admin</option> : null}
                      <option value="editor">Editor</option>
                      <option value="viewer">Viewer</option>
                    </select>
                  ) : (
                    ROLE_LABEL[m.role]
                  )}
                </td>
                <td>{formatDate(m.joined_at.slice(0, 10))}</td>
                <td className="account-actions">
                  {details.your_role === 'owner' && m.role !== 'owner' ? (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      disabled={busy}
                      onClick={() => {
                        if (window.confirm(`Make ${m.email} the owner of ${details.team.name}? You will become an admin.`)) {
                          void act(() => teamsApi.transfer(summary.id, m.user_id), `${m.email} now owns the team.`).then(onChanged);
                        }
                      }}
                    >
                      Make owner
                    </button>
                  ) : null}
                  {manages(m) && m.user_id !== userId ? (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      disabled={busy}
                      onClick={() => {
                        if (window.confirm(`Remove ${m.email} from ${details.team.name}? They lose access at once.`)) {
                          void act(() => teamsApi.remove(summary.id, m.user_id), `${m.email} was removed.`);
                        }
                      }}
                    >
                      Remove
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
            {details.invitations.map((i) => (
              <tr key={`inv-${i.email}`} className="account-pending">
                <td>
                  {i.email} <span className="badge badge-muted">Invited</span>
                </td>
                <td>{ROLE_LABEL[i.role]}</td>
                <td>until {formatDate(i.expires_at.slice(0, 10))}</td>
                <td className="account-actions">
                  <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => act(() => teamsApi.withdraw(summary.id, i.email), `The invitation to ${i.email} was withdrawn.`)}>
                    Withdraw
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {manager ? (
        <form className="account-invite" onSubmit={invite} noValidate>
          <Field label="Invite by email" type="email" autoComplete="off" value={email} onChange={setEmail} />
          <div className="field">
            <label className="field-label" htmlFor={`invite-role-${summary.id}`}>
              Role
            </label>
            <select id={`invite-role-${summary.id}`} className="field-input" value={role} onChange={(e) => setRole(e.target.value as AssignableRole)}>
              {details.your_role === 'owner' ? <option value="admin">Admin</option> : null}
              <option value="editor">Editor</option>
              <option value="viewer">Viewer</option>
            </select>
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Send invitation
          </button>
        </form>
      ) : null}
      <FormMessage kind="error" text={error} />
      <FormMessage kind="success" text={notice} />
      {details.your_role !== 'owner' ? (
        <div className="button-row">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={busy}
            onClick={() => {
              if (window.confirm(`Leave ${details.team.name}? You will lose access to its projects.`)) {
                void act(() => teamsApi.leave(summary.id), `You left ${details.team.name}.`).then(onChanged);
              }
            }}
          >
            Leave team
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** Every team the user belongs to (their own first). */
export function TeamSection({ userId }: { userId: string }) {
  const [teams, setTeams] = useState<TeamSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    teamsApi.list().then(
      (t) => setTeams([...t].sort((a, b) => Number(b.is_home) - Number(a.is_home))),
      (e: unknown) => setError(e instanceof ApiError && e.offline ? 'You are offline: team details need a connection. Your projects still work.' : message(e)),
    );
  }, []);
  useEffect(load, [load]);
  return (
    <section className="account-section" aria-labelledby="account-teams">
      <h2 id="account-teams">Team</h2>
      {error ? <FormMessage kind="error" text={error} /> : null}
      {!teams && !error ? <Spinner label="Loading your teams..." /> : null}
      {teams?.map((t) => <TeamPanel key={t.id} summary={t} userId={userId} onChanged={load} />)}
    </section>
  );
}
