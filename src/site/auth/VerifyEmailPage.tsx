import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../client/api';
import { verifyEmail } from '../../client/auth';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { FormMessage } from './Field';
import { tokenFromHash } from './linkToken';

type Result = { state: 'checking' } | { state: 'ok'; email: string } | { state: 'failed'; message: string };

/** /auth/verify-email#token=…: confirms the address, then offers the way on. */
export default function VerifyEmailPage() {
  useDocumentTitle('Confirm your email');
  const token = tokenFromHash(useLocation().hash);
  const [result, setResult] = useState<Result>(
    token ? { state: 'checking' } : { state: 'failed', message: 'This link is incomplete. Open the link from the email again.' },
  );
  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyEmail(token).then(
      (user) => live && setResult({ state: 'ok', email: user.email }),
      (err: unknown) => live && setResult({ state: 'failed', message: err instanceof ApiError ? err.message : 'Something went wrong. Please try again.' }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <>
      <PageHeader title="Confirm your email" />
      <section className="container section-narrow">
        <div className="card auth-card">
          {result.state === 'checking' ? <Spinner label="Confirming your address..." /> : null}
          {result.state === 'ok' ? <FormMessage kind="success" text={`Thank you: ${result.email} is confirmed.`} /> : null}
          {result.state === 'failed' ? <FormMessage kind="error" text={result.message} /> : null}
          {result.state !== 'checking' ? (
            <div className="button-row">
              <Link to="/app" className="btn btn-primary">
                Open Earnest
              </Link>
            </div>
          ) : null}
        </div>
      </section>
    </>
  );
}
