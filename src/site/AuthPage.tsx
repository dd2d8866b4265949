import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../client/api';
import { requestPasswordReset, signIn, signUp } from '../client/auth';
import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { afterAuthFrom, afterAuthPath } from './auth/redirects';
import { Field, FormMessage } from './auth/Field';

type Mode = 'signin' | 'signup' | 'forgot';

const TITLES: Record<Mode, string> = { signin: 'Sign In', signup: 'Create your account', forgot: 'Reset your password' };
const LEADS: Record<Mode, string> = {
  signin: 'Welcome back. Sign in to open your projects and sync them with your team.',
  // The account comes first; the trial starts when the user clicks Start Free Trial (on /pricing or
  // the account page), so this page must not say it has begun (issue 18 item 1).
  signup: 'Create your account, then start your 14-day free trial of Starter when you are ready. No payment details needed.',
  forgot: 'Enter the address you signed up with and we will email you a link to choose a new password.',
};

/** /auth: sign in, sign up and "forgot password", honouring redirect=trial and redirect=checkout. */
export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const initial = params.get('mode');
  const [mode, setModeState] = useState<Mode>(initial === 'signup' || initial === 'forgot' ? initial : params.get('redirect') === 'trial' ? 'signup' : 'signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentTitle(TITLES[mode]);
  // After closing an account (src/app/account/CloseAccountSection.tsx): /auth?closed=<ISO time>.
  const closedAt = Date.parse(params.get('closed') ?? '');
  const closedNotice = Number.isFinite(closedAt)
    ? `Your account was closed on ${new Date(closedAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}. Any subscription has ended, and your data will be deleted from our server within 30 days. You can create a new account with the same email at any time.`
    : null;

  const from = (location.state as { from?: { pathname?: string; search?: string } } | null)?.from;
  const next = afterAuthFrom(params, from?.pathname ? `${from.pathname}${from.search ?? ''}` : null);

  const setMode = (m: Mode) => {
    setModeState(m);
    setError(null);
    setNotice(null);
    const p = new URLSearchParams(params);
    if (m === 'signin') p.delete('mode');
    else p.set('mode', m);
    setParams(p, { replace: true });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setNotice(null);
    if (!email.trim()) return setError('Enter your email address.');
    if (mode !== 'forgot' && !password) return setError('Enter your password.');
    if (mode === 'signup' && password.length < 10) return setError('Choose a password of at least 10 characters.');
    setBusy(true);
    try {
      if (mode === 'forgot') {
        setNotice(await requestPasswordReset(email.trim()));
      } else {
        if (mode === 'signin') await signIn(email.trim(), password);
        else await signUp(email.trim(), password);
        navigate(afterAuthPath(next), { replace: true });
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader title={TITLES[mode]} lead={LEADS[mode]} />
      <section className="container section-narrow">
        <form className="card auth-card" onSubmit={submit} noValidate aria-describedby={error ? 'auth-error' : undefined}>
          <FormMessage kind="success" text={closedNotice} />
          {next.kind === 'trial' ? <p className="badge">Your 14-day Starter trial starts right after this step</p> : null}
          {next.kind === 'checkout' ? (
            <p className="badge">
              Next: checkout for {next.tier === 'starter' ? 'Starter' : 'Professional'} ({next.billing})
            </p>
          ) : null}
          <Field label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} required />
          {mode !== 'forgot' ? (
            <Field
              label="Password"
              type="password"
              autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
              value={password}
              onChange={setPassword}
              hint={mode === 'signup' ? 'At least 10 characters. A phrase of a few words is easy to remember and hard to guess.' : undefined}
              required
            />
          ) : null}
          <FormMessage id="auth-error" kind="error" text={error} />
          <FormMessage kind="success" text={notice} />
          <button type="submit" className="btn btn-primary btn-lg auth-submit" disabled={busy}>
            {busy ? 'Please wait...' : mode === 'signin' ? 'Sign In' : mode === 'signup' ? 'Create Account' : 'Email me a reset link'}
          </button>
          <div className="auth-switch">
            {mode === 'signin' ? (
              <>
                <button type="button" className="link-button" onClick={() => setMode('forgot')}>
                  Forgot your password?
                </button>
                <span>
                  New to Earnest?{' '}
                  <button type="button" className="link-button" onClick={() => setMode('signup')}>
                    Create an account
                  </button>
                </span>
              </>
            ) : (
              <span>
                {mode === 'signup' ? 'Already have an account? ' : 'Remembered it? '}
                <button type="button" className="link-button" onClick={() => setMode('signin')}>
                  Sign in
                </button>
              </span>
            )}
          </div>
          <p className="muted auth-fine">
            By continuing you agree to the <Link to="/terms">Terms</Link> and the <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </form>
      </section>
    </>
  );
}
