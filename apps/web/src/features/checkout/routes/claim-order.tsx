import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ClaimOrderResponse } from '@noise/shared/payments';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { openSignInFor } from '@/lib/auth-modals';
import { usePageMeta } from '@/lib/use-page-meta';
import { claimOrder } from '../api/claim-order';

type Outcome = { claimed: ClaimOrderResponse } | { failure: string };

/**
 * /claim-order?token=: the link mailed to an account's address after a guest ordered with that
 * email (docs/decisions/043). Opening it proves the mailbox, so the order joins the account; the
 * person then signs in, or first chooses a password when the account has none.
 */
export function ClaimOrderRoute() {
  usePageMeta('Add your order', undefined, { noindex: true });
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const [token] = useState(() => new URLSearchParams(location.search).get('token'));
  // A reload after the claim shows its outcome again (the history entry keeps it), instead of
  // asking for a link that is spent.
  const remembered = (location.state as { claimed?: ClaimOrderResponse } | null)?.claimed;
  const [outcome, setOutcome] = useState<Outcome | null>(() =>
    remembered
      ? { claimed: remembered }
      : token
        ? null
        : { failure: 'This link is incomplete. Please open the link from the email again.' },
  );
  const started = useRef(false);

  useEffect(() => {
    // The link works once: a second run (a remount) must not spend it again.
    if (!token || started.current) return;
    started.current = true;
    navigate('/claim-order', { replace: true });
    claimOrder(token).then(
      (claimed) => {
        setOutcome({ claimed });
        navigate('/claim-order', { replace: true, state: { claimed } });
      },
      (error: unknown) => setOutcome({ failure: errorMessage(error) }),
    );
  }, [token, navigate]);

  if (!outcome) {
    return (
      <section className="flex justify-center px-4 py-24" aria-busy="true">
        <Spinner label="Adding the order to your account" />
      </section>
    );
  }

  if ('failure' in outcome) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 sm:px-6">
        <h1 className="text-4xl font-extrabold sm:text-5xl">
          We could not add the order<span className="text-accent">.</span>
        </h1>
        <p
          role="alert"
          className="mt-8 rounded-xl bg-danger-soft px-4 py-3 font-semibold text-danger"
        >
          {outcome.failure}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => openSignInFor({ to: '/dashboard/projects' })}>Sign in</Button>
          <Button asChild variant="secondary">
            <Link to="/">Back to the home page</Link>
          </Button>
        </div>
      </section>
    );
  }

  const { projectId, passwordToken, alreadyClaimed } = outcome.claimed;
  const projectHref = `/dashboard/projects/${encodeURIComponent(projectId)}`;
  if (alreadyClaimed) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:px-6">
        <CheckCircle2 aria-hidden="true" className="size-20 text-success" />
        <h1 className="mt-6 text-4xl font-extrabold sm:text-5xl">
          This order is already in your account
        </h1>
        <p className="mt-4 text-lg text-muted">
          The link was used before, so there is nothing more to do.
        </p>
        {isAuthenticated ? (
          <Button asChild className="mt-8">
            <Link to={projectHref}>Open the project</Link>
          </Button>
        ) : (
          <Button className="mt-8" onClick={() => openSignInFor({ to: projectHref })}>
            Sign in to see it
          </Button>
        )}
        <Button asChild variant="link" className="mt-2">
          <Link to="/">Back to the home page</Link>
        </Button>
      </section>
    );
  }
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:px-6">
      <CheckCircle2 aria-hidden="true" className="size-20 text-success" />
      <h1 className="mt-6 text-4xl font-extrabold sm:text-5xl">The order is in your account</h1>
      {passwordToken ? (
        <>
          <p className="mt-4 text-lg text-muted">
            Choose a password to sign in, follow the project and send your brief.
          </p>
          <Button
            className="mt-8"
            onClick={() =>
              navigate('/reset-password', { replace: true, state: { token: passwordToken } })
            }
          >
            Choose a password
          </Button>
        </>
      ) : isAuthenticated ? (
        <Button asChild className="mt-8">
          <Link to={projectHref}>Open the project</Link>
        </Button>
      ) : (
        <>
          <p className="mt-4 text-lg text-muted">
            Sign in to follow the project and send your brief.
          </p>
          <Button className="mt-8" onClick={() => openSignInFor({ to: projectHref })}>
            Sign in
          </Button>
        </>
      )}
      <Button asChild variant="link" className="mt-2">
        <Link to="/">Back to the home page</Link>
      </Button>
    </section>
  );
}
