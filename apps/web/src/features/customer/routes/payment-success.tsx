import { useQuery } from '@tanstack/react-query';
import { Check, CheckCircle2 } from 'lucide-react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { openSignInFor } from '@/lib/auth-modals';
import { toastSuccess } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { projectQuery } from '../api/get-project';
import { BriefForm } from '../components/brief-form';
import { CustomerPage } from '../components/customer-page';

/** The checkout's progress line at its last step: Submit Requirements. */
function FinalStep() {
  return (
    <nav aria-label="Checkout progress">
      <ol className="flex flex-wrap items-center justify-center gap-2 text-sm font-semibold sm:gap-3">
        {['Order Details', 'Confirm & Pay'].map((step) => (
          <li key={step} className="flex items-center gap-2 sm:gap-3">
            <span
              aria-hidden="true"
              className="grid size-7 place-items-center rounded-full bg-ink text-accent"
            >
              <Check className="size-4" strokeWidth={3} />
            </span>
            <span className="max-sm:sr-only">
              {step}
              <span className="sr-only"> (done)</span>
            </span>
            <span aria-hidden="true" className="h-0.5 w-4 bg-ink sm:w-10" />
          </li>
        ))}
        <li aria-current="step" className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="grid size-7 place-items-center rounded-full bg-accent text-xs text-ink"
          >
            3
          </span>
          Submit Requirements
        </li>
      </ol>
    </nav>
  );
}

interface SuccessState {
  projectId?: unknown;
  /** A guest's order that went into the existing account of this email (docs/decisions/013). */
  guestExisting?: unknown;
  /** A guest's order made a new account: whether its 'choose a password' email was sent. */
  passwordEmailed?: unknown;
}

/** docs/product.md#payment-successful: /payment-success, then the brief of the project paid. */
export function PaymentSuccessRoute() {
  usePageMeta('Payment Successful');
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const state = useLocation().state as SuccessState | null;
  const projectId =
    typeof state?.projectId === 'string' && state.projectId ? state.projectId : null;
  const projectHref = projectId ? `/dashboard/projects/${encodeURIComponent(projectId)}` : null;
  const guestEmail = typeof state?.guestExisting === 'string' ? state.guestExisting : null;
  // The number to quote when they contact us; the page does not wait for it.
  const project = useQuery({
    ...projectQuery(projectId ?? ''),
    enabled: isAuthenticated && projectId !== null,
  });

  if (!isAuthenticated) {
    // A guest reaches this page signed out only after ordering into an existing account.
    return guestEmail ? <GuestOrderReceived email={guestEmail} /> : <Navigate to="/" replace />;
  }

  return (
    <CustomerPage>
      {projectId ? <FinalStep /> : null}
      <div className="mx-auto flex max-w-xl flex-col items-center pt-10 text-center">
        <CheckCircle2 aria-hidden="true" className="size-20 text-success" />
        <h1 className="mt-6 text-5xl font-extrabold">Payment Successful</h1>
        <p className="mt-4 text-xl text-muted">Thank you for ordering.</p>
        {project.data ? (
          <p className="mt-3 text-lg">
            Your order number is <strong>{project.data.orderNumber}</strong>.
          </p>
        ) : null}
        {state?.passwordEmailed === true ? (
          <p className="mt-3 text-muted">We emailed you a link to choose a password.</p>
        ) : state?.passwordEmailed === false ? (
          <p className="mt-3 text-muted">
            To sign in next time, choose a password with 'Forgot password?' on the sign-in form.
          </p>
        ) : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild variant="secondary">
            <Link to="/dashboard">Go back to Dashboard</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/dashboard/projects">Go to Projects</Link>
          </Button>
        </div>
      </div>

      {projectId && projectHref ? (
        <section
          aria-labelledby="submit-requirements"
          className="mx-auto mt-14 max-w-2xl rounded-card border-2 border-ink bg-paper p-6 sm:p-8"
        >
          <p className="text-xs font-bold tracking-[0.2em] text-accent-strong uppercase">Step 3</p>
          <h2 id="submit-requirements" className="mt-1 text-3xl font-extrabold">
            Submit Requirements
          </h2>
          <p className="mt-2 text-muted">
            Tell your team what you need and attach anything useful. You can add more later from the
            project page.
          </p>
          <div className="mt-6">
            <BriefForm
              projectId={projectId}
              first
              onSent={() => {
                toastSuccess('Requirements sent', 'Your team has your brief.');
                navigate(projectHref);
              }}
            />
          </div>
          <div className="mt-4 border-t-2 border-line pt-4">
            <Button asChild variant="link">
              <Link to={projectHref}>I'll do this later</Link>
            </Button>
          </div>
        </section>
      ) : null}
    </CustomerPage>
  );
}

/**
 * A guest's order for an email that already has an account: the account stays private, and the
 * order waits for its owner to add it with the link mailed to that address (docs/decisions/043).
 */
function GuestOrderReceived({ email }: { email: string }) {
  return (
    <CustomerPage>
      <div className="mx-auto flex max-w-xl flex-col items-center pt-10 text-center">
        <CheckCircle2 aria-hidden="true" className="size-20 text-success" />
        <h1 className="mt-6 text-5xl font-extrabold">Payment Successful</h1>
        <p className="mt-4 text-xl text-muted">Thank you for ordering.</p>
        <p className="mt-3 text-muted">
          <strong className="text-ink">{email}</strong> already has an account with us. We emailed
          the receipt there with a link that adds this order to the account. Open it, then sign in
          to follow the project and send your brief.
        </p>
        <Button className="mt-8" onClick={() => openSignInFor({ to: '/dashboard/projects' })}>
          Sign In
        </Button>
      </div>
    </CustomerPage>
  );
}
