import { useId, useState, type FormEvent } from 'react';
import { api, ApiError } from '../../client/api';
import { signOut } from '../../client/auth';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import './closeAccount.css';

/** What POST /api/auth/close-account answers. */
interface ClosedAnswer {
  closed: true;
  closed_at: string;
  subscription: { cancelled: true; tier: string; ended_at: string | null } | null;
  message: string;
}

export const PASSWORD_MISSING = 'Enter your password to confirm that you want to close your account.';

/**
 * "Close account": what closing does, the password, a last confirmation, then the server closes
 * the account (or says why it will not: a wrong password, a team that still has other people in
 * it, a payment provider that cannot cancel). Afterwards this device is signed out and /auth says
 * the account is closed.
 */
export function CloseAccountSection() {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passwordWrong, setPasswordWrong] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  function ask(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setPasswordWrong(false);
    if (!password) {
      setPasswordWrong(true);
      setError(PASSWORD_MISSING);
      return;
    }
    setConfirming(true);
  }

  async function close() {
    setBusy(true);
    let answer: ClosedAnswer;
    try {
      answer = await api<ClosedAnswer>('/api/auth/close-account', { body: { password } });
    } catch (err) {
      setBusy(false);
      setConfirming(false);
      const reason = err instanceof ApiError ? err.body?.reason : undefined;
      setPasswordWrong(reason === 'wrong_password' || (err instanceof ApiError && err.status === 400));
      setError(err instanceof ApiError ? err.message : 'Something went wrong, and your account is still open. Please try again.');
      return;
    }
    try {
      await signOut();
    } catch {
      // The server ended every session already; this device has forgotten its own either way.
    }
    // A full load of the page that says so: the app starts again with nobody signed in, and
    // nothing bound to the closed account (its data worker, its stores) lives on in this tab.
    window.location.replace(`/auth?closed=${encodeURIComponent(answer.closed_at)}`);
  }

  const errorId = `${id}-error`;
  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Close account</h2>
      <div className="card account-card close-account">
        <p>Closing your account cannot be undone. When you close it:</p>
        <ul className="close-account-list">
          <li>
            Your subscription, if you have one, is cancelled straight away: your plan ends now, and the rest of the period you paid
            for is not refunded.
          </li>
          <li>You leave every team you belong to, and you are signed out on every device.</li>
          <li>
            Your account, your plan details, your own team with the projects synced to it, and the analytics linked to you are
            deleted from our server within 30 days. Payment records the law requires us to keep stay with Stripe, our payment
            provider.
          </li>
          <li>
            Projects stored on this device are not touched by us: they stay in this browser. To remove them, use “Remove my projects
            from this device” under This device above before you close, or afterwards clear this site’s data in your browser’s
            settings.
          </li>
        </ul>
        <p>
          If you own a team that still has other members or pending invitations, make another member the owner, or remove them and
          withdraw the invitations, first. You can sign up again with the same email later; it will be a new, empty account.
        </p>
        <form className="close-account-form" onSubmit={ask} noValidate>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-password`}>
              Your password
            </label>
            <input
              id={`${id}-password`}
              className="field-input"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={passwordWrong ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
          {error ? (
            <p id={errorId} className="form-message form-message--error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="button-row">
            <button type="submit" className="btn btn-outline btn-danger-text" disabled={busy}>
              Close my account
            </button>
          </div>
        </form>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Close your account?"
        message="Your subscription ends now with no refund, you leave your teams, and your account and your team's synced projects are deleted from our server within 30 days. This cannot be undone."
        confirmLabel="Close my account"
        busy={busy}
        onConfirm={() => void close()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
