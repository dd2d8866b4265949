import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../client/api';
import { signOut } from '../client/auth';
import { useSession } from '../client/session';
import { checkSubscription } from '../client/subscriptionCheck';
import { formatDate } from '../core/format';
import { PageHeader } from '../ui/PageHeader';
import { useSignOutFlow } from '../ui/SignOutDialog';
import { Spinner } from '../ui/Spinner';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { FormMessage } from './auth/Field';
import { LoadError } from './blog/LoadError';
import { useLoad } from './blog/useLoad';
import { invitationsApi, ROLE_HELP, ROLE_NAMES, withArticle, type AcceptAnswer, type InvitationDetails } from './invite/invitationsApi';
import './invite/invite.css';

export const INVITE_OFFLINE = 'You are offline: accepting an invitation needs a connection.';
const SIGN_OUT_FAILED = 'Error - Failed to sign out. Please try again.';

const describe = (err: unknown) =>
  err instanceof ApiError ? (err.offline ? INVITE_OFFLINE : err.message) : 'Something went wrong. Please try again.';

function NoToken() {
  return (
    <section className="card invite-card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">No invitation link</h2>
      <p>
        This page accepts an invitation to join a team on Earnest. Open it from the link in your invitation email: the link carries the invitation,
        and it works once.
      </p>
      <p className="muted">If the link does not work, ask the person who invited you to send a new invitation.</p>
      <div className="button-row">
        <Link className="btn btn-outline" to="/">
          Back to home
        </Link>
      </div>
    </section>
  );
}

/** The invitation could not be read: expired, used, withdrawn or not valid (the server says which). */
function Unusable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    const used = (error.body as { reason?: unknown } | null)?.reason === 'used';
    return (
      <section className="card invite-card" aria-labelledby="invite-heading">
        <h2 id="invite-heading">This invitation cannot be used</h2>
        <FormMessage kind="error" text={error.message} />
        <div className="button-row">
          {used ? (
            <Link className="btn btn-primary" to="/app">
              Open Earnest
            </Link>
          ) : null}
          <Link className="btn btn-outline" to="/">
            Back to home
          </Link>
        </div>
      </section>
    );
  }
  return <LoadError error={error} onRetry={onRetry} describe={describe} />;
}

function Facts({ invitation }: { invitation: InvitationDetails }) {
  const expires = formatDate(invitation.expires_at);
  return (
    <dl className="invite-facts">
      <div>
        <dt>Team</dt>
        <dd>{invitation.team.name}</dd>
      </div>
      <div>
        <dt>Your role</dt>
        <dd>
          {ROLE_NAMES[invitation.role] ?? invitation.role}
          {ROLE_HELP[invitation.role] ? <span className="muted"> — {ROLE_HELP[invitation.role]}</span> : null}
        </dd>
      </div>
      <div>
        <dt>Invited address</dt>
        <dd>{invitation.email}</dd>
      </div>
      <div>
        <dt>Invited by</dt>
        <dd>{invitation.invited_by}</dd>
      </div>
      <div>
        <dt>Link expires</dt>
        <dd>
          <time dateTime={invitation.expires_at}>{expires}</time>
        </dd>
      </div>
    </dl>
  );
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationDetails }) {
  const { user, status } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; wrongAccount: boolean } | null>(null);
  const [accepted, setAccepted] = useState<AcceptAnswer | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (accepted) doneRef.current?.focus();
  }, [accepted]);

  // Sign-in and sign-up come back here: AuthPage honours location.state.from.
  const toAuth = (mode: 'signin' | 'signup') => navigate(mode === 'signup' ? '/auth?mode=signup' : '/auth', { state: { from: location } });

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      const answer = await invitationsApi.accept(token);
      setAccepted(answer);
      // A member shares the owner's plan: resolve the subscription again now, not in 60 s.
      void checkSubscription();
    } catch (err) {
      const wrongAccount = err instanceof ApiError && (err.body as { code?: unknown } | null)?.code === 'wrong_account';
      setError({ text: describe(err), wrongAccount });
    } finally {
      setBusy(false);
    }
  }

  // Switching account is a sign-out: it warns first about changes not yet on the server.
  const switchFlow = useSignOutFlow(async () => {
    setBusy(true);
    setError(null);
    try {
      await signOut();
      navigate('/auth', { state: { from: location } });
    } catch {
      setError({ text: SIGN_OUT_FAILED, wrongAccount: true });
      setBusy(false);
    }
  });
  const switchAccount = () => void switchFlow.start();


  if (accepted) {
    return (
      <section className="card invite-card" role="status" aria-labelledby="invite-heading">
        <h2 id="invite-heading" ref={doneRef} tabIndex={-1}>
          {accepted.already_member ? `You are already in ${accepted.team.name}` : `You have joined ${accepted.team.name}`}
        </h2>
        <p>
          {accepted.already_member
            ? `You were already a member of ${accepted.team.name}; nothing else changed.`
            : `You are now ${withArticle(accepted.role)} in ${accepted.team.name}. The team's projects sync to this device when you open them.`}
        </p>
        <div className="button-row">
          <Link className="btn btn-primary" to="/app">
            Open Earnest
          </Link>
        </div>
      </section>
    );
  }

  const mismatch = user !== null && user.email.trim().toLowerCase() !== invitation.email.trim().toLowerCase();
  // Signed in as someone else: switching account is the way forward (accepting is still offered,
  // and the server has the last word on whether this account may accept).
  const switchFirst = mismatch || error?.wrongAccount === true;
  return (
    <section className="card invite-card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Join {invitation.team.name}</h2>
      <p>
        {invitation.invited_by} invited you to join the team <strong>{invitation.team.name}</strong> on Earnest as {withArticle(invitation.role)}.
      </p>
      <Facts invitation={invitation} />
      {status === 'loading' ? <Spinner label="Checking your session..." /> : null}
      {status !== 'loading' && !user ? (
        <>
          <p>
            Sign in as <strong>{invitation.email}</strong> to accept, or create an account with that address. You will come back here afterwards.
          </p>
          <div className="button-row">
            <button type="button" className="btn btn-primary" onClick={() => toAuth('signin')}>
              Sign in to accept
            </button>
            <button type="button" className="btn btn-outline" onClick={() => toAuth('signup')}>
              Create an account
            </button>
          </div>
        </>
      ) : null}
      {user ? (
        <>
          {mismatch ? (
            <div className="invite-note">
              <p>
                You are signed in as <strong>{user.email}</strong>, but this invitation is for <strong>{invitation.email}</strong>.
              </p>
            </div>
          ) : (
            <p>
              You are signed in as <strong>{user.email}</strong>.
            </p>
          )}
          <FormMessage kind="error" text={error?.text ?? null} />
          {(mismatch || error?.wrongAccount) && !error ? (
            <p className="muted">
              To accept, sign out and then sign in (or create an account) as {invitation.email}. You will come back to this page.
            </p>
          ) : null}
          <div className="button-row">
            <button type="button" className={switchFirst ? 'btn btn-outline' : 'btn btn-primary'} onClick={accept} disabled={busy}>
              {busy ? 'Please wait...' : 'Accept invitation'}
            </button>
            {switchFirst ? (
              <button type="button" className="btn btn-primary" onClick={switchAccount} disabled={busy || switchFlow.busy}>
                Sign out and switch account
              </button>
            ) : null}
          </div>
          {switchFlow.dialog}
        </>
      ) : null}
    </section>
  );
}

/** /accept-invitation?token=…: the mailed link to join a team. */
export default function AcceptInvitationPage() {
  useDocumentTitle('Accept Invitation');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <>
      <PageHeader title="Accept Invitation" lead="Join a team on Earnest and work on its projects together." />
      <div className="container invite-wrap">{token ? <Lookup token={token} /> : <NoToken />}</div>
    </>
  );
}

function Lookup({ token }: { token: string }) {
  const load = useLoad(() => invitationsApi.details(token), [token]);
  if (load.state === 'loading') return <Spinner label="Checking the invitation..." />;
  if (load.state === 'error') return <Unusable error={load.error} onRetry={load.reload} />;
  return <Invitation token={token} invitation={load.data} />;
}
