import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { openSignIn } from '@/lib/auth-modals';
import { usePageMeta } from '@/lib/use-page-meta';
import { exchangeCode } from '../api/exchange-code';
import { isChallenge } from '../api/two-factor-sign-in';
import { PROVIDER_RETURN_KEY } from '../components/oauth-buttons';
import { TwoFactorStep } from '../components/two-factor-step';

const NOT_VALID = 'This sign-in link is not valid. Please sign in again.';

/** The page the sign-in was started for (oauth-buttons.tsx), once; else the dashboard. */
function afterSignIn(): string {
  try {
    const next = window.sessionStorage.getItem(PROVIDER_RETURN_KEY);
    window.sessionStorage.removeItem(PROVIDER_RETURN_KEY);
    // A path of this site only: never an address elsewhere.
    if (next?.startsWith('/') && !next.startsWith('//')) return next;
  } catch {
    // Storage refused: the dashboard.
  }
  return '/dashboard';
}

/**
 * Where a Google, Facebook or Apple sign-in lands: /auth-success?code=... The code leaves the
 * address bar at once and is exchanged for the token, once, by the browser that began the
 * sign-in. A token in the address is never taken: a link someone else made must not sign this
 * browser in to their account.
 */
export function AuthSuccessRoute() {
  usePageMeta('Signing you in', undefined, { noindex: true });
  const navigate = useNavigate();
  const { login } = useAuth();
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const code = params.get('code');
  const [failure, setFailure] = useState<string | null>(() =>
    !code && params.has('token') ? NOT_VALID : null,
  );
  const started = useRef(false);
  // docs/product.md#two-factor-sign-in: the provider is the first step of an account with it on.
  const [ticket, setTicket] = useState<string | null>(null);

  useEffect(() => {
    window.history.replaceState(window.history.state, '', '/auth-success');
    // The code is spent by its first use: a second run (a remount) must not send it again.
    if (!code || started.current) return;
    started.current = true;
    exchangeCode(code).then(
      (answer) => {
        if (!isChallenge(answer)) {
          login(answer.token);
          navigate(afterSignIn(), { replace: true });
        } else if (answer.twoFactor === 'code') {
          setTicket(answer.ticket);
        } else {
          setFailure('Staff accounts must set up two-factor sign-in at Admin Login first.');
        }
      },
      (error: unknown) => setFailure(errorMessage(error, NOT_VALID)),
    );
  }, [code, login, navigate]);

  if (ticket && !failure) {
    return (
      <section className="mx-auto max-w-md px-4 py-20 sm:px-6">
        <TwoFactorStep
          heading="h1"
          ticket={ticket}
          onSignedIn={(token) => {
            login(token);
            navigate(afterSignIn(), { replace: true });
          }}
        />
      </section>
    );
  }
  if (!code && !failure) return <Navigate to="/" replace />;
  if (!failure) return <FullScreenSpinner label="Signing you in" />;
  return (
    <section className="mx-auto max-w-xl px-4 py-20 sm:px-6">
      <h1 className="text-4xl font-extrabold sm:text-5xl">
        We could not sign you in<span className="text-accent">.</span>
      </h1>
      <p
        role="alert"
        className="mt-8 rounded-xl bg-danger-soft px-4 py-3 font-semibold text-danger"
      >
        {failure}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/" onClick={openSignIn}>
            Sign in
          </Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/">Back to the home page</Link>
        </Button>
      </div>
    </section>
  );
}
