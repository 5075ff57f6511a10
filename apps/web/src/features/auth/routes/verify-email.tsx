import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { VerifyEmailResponse } from '@noise/shared/auth';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { usePageMeta } from '@/lib/use-page-meta';
import { useVerifyEmail } from '../api/verify-email';

const alertClass = 'rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger';
const linkClass = 'rounded font-semibold text-accent-strong underline-offset-4 hover:underline';

/** The token leaves the address bar at once; the history entry's state keeps it for a reload. */
function useTokenFromLink(): string | null {
  const { search, state } = useLocation();
  const navigate = useNavigate();
  const fromQuery = new URLSearchParams(search).get('token');
  const fromState = (state as { token?: string } | null)?.token ?? null;
  const [token] = useState(fromQuery ?? fromState);
  useEffect(() => {
    const found = new URLSearchParams(search).get('token');
    if (found) navigate('/verify-email', { replace: true, state: { token: found } });
  }, [search, navigate]);
  return token;
}

/**
 * /verify-email (docs/product.md#confirming-an-email-address): the link of the 'Confirm your
 * email address' mail. Opening it confirms at once; what the first confirmation took back from
 * the account is listed, so its owner sees what someone else had set up.
 */
export function VerifyEmailRoute() {
  usePageMeta('Confirm your email address', 'Confirm the email address of your account.', {
    noindex: true,
  });
  const token = useTokenFromLink();
  const { isAuthenticated } = useAuth();
  const verify = useVerifyEmail();
  const [answer, setAnswer] = useState<VerifyEmailResponse>();
  const [failure, setFailure] = useState('');
  const sent = useRef(false);

  useEffect(() => {
    // Once per visit, however often React runs effects.
    if (!token || sent.current) return;
    sent.current = true;
    verify
      .mutateAsync(token)
      .then(setAnswer, (error: unknown) =>
        setFailure(errorMessage(error, 'Your email address could not be confirmed.')),
      );
  }, [token, verify]);

  // Signed out, the dashboard's guard opens the sign-in form and comes back.
  const next = (
    <Link to="/dashboard" className={linkClass}>
      {isAuthenticated ? 'Go to your dashboard' : 'Sign in to your dashboard'}
    </Link>
  );

  return (
    <section className="mx-auto max-w-xl px-4 py-20 sm:px-6">
      <h1 className="text-4xl font-extrabold sm:text-5xl">
        Confirm your email<span className="text-accent">.</span>
      </h1>
      {!token ? (
        <p role="alert" className={`mt-6 ${alertClass}`}>
          This link is incomplete. Please open the link from the email again.
        </p>
      ) : failure ? (
        <p role="alert" className={`mt-6 ${alertClass}`}>
          {failure}
        </p>
      ) : !answer ? (
        <p role="status" className="mt-6 flex items-center gap-3 text-lg text-muted">
          <Spinner /> Confirming your email address…
        </p>
      ) : (
        <div role="status" className="mt-6">
          <p className="flex items-start gap-3 text-lg font-semibold">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-success" />
            {answer.message}
          </p>
          {answer.undone.length > 0 ? (
            <div className="mt-6 rounded-card border-2 border-ink bg-paper p-6">
              <h2 className="text-xl font-extrabold">We undid what was set up before</h2>
              <p className="mt-2 text-muted">
                Until now, whoever used your address could not prove they read your mail, so we took
                back what was set up in the account, and every other sign-in has ended:
              </p>
              <ul className="mt-4 list-disc space-y-1 pl-5">
                {answer.undone.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
      <p className="mt-8">{next}</p>
    </section>
  );
}
