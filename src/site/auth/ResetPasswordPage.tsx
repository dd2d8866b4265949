import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../client/api';
import { confirmPasswordReset } from '../../client/auth';
import { PageHeader } from '../../ui/PageHeader';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { Field, FormMessage } from './Field';
import { tokenFromHash } from './linkToken';

/** /auth/reset-password#token=…: the page the password-reset mail links to. */
export default function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const token = tokenFromHash(useLocation().hash);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : 'This link is incomplete. Open the link from the email again, or ask for a new one.');
  const [done, setDone] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!token) return;
    if (password.length < 10) return setError('Choose a password of at least 10 characters.');
    setBusy(true);
    setError(null);
    try {
      setDone(await confirmPasswordReset(token, password));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader title="Choose a new password" lead="Every device signed in to your account will need the new password." />
      <section className="container section-narrow">
        <form className="card auth-card" onSubmit={submit} noValidate>
          {done ? (
            <>
              <FormMessage kind="success" text={done} />
              <Link to="/auth" className="btn btn-primary">
                Sign In
              </Link>
            </>
          ) : (
            <>
              <Field label="New password" type="password" autoComplete="new-password" value={password} onChange={setPassword} hint="At least 10 characters." required />
              <FormMessage kind="error" text={error} />
              <button type="submit" className="btn btn-primary btn-lg auth-submit" disabled={busy || !token}>
                {busy ? 'Please wait...' : 'Set new password'}
              </button>
              <p className="muted auth-fine">
                Link expired? <Link to="/auth?mode=forgot">Ask for a new one</Link>.
              </p>
            </>
          )}
        </form>
      </section>
    </>
  );
}
