import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { REQUIRED_MESSAGE } from '@/components/ui/field';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { showServerRefusal } from '@/components/ui/form-refusal';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { usePageMeta } from '@/lib/use-page-meta';
import { useCompleteLink, useLinkPreview, type LinkProvider } from '../api/oauth-link';
import { signIn } from '../api/sign-in';
import { isChallenge } from '../api/two-factor-sign-in';
import { TwoFactorStep } from '../components/two-factor-step';
import { PasswordInput } from '@/components/ui/password-input';

const PROVIDER_NAMES: Record<LinkProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
};

const providerName = (value: string | null) =>
  value && value in PROVIDER_NAMES ? PROVIDER_NAMES[value as LinkProvider] : 'the provider';

const withPassword = z.object({ password: z.string().min(1, REQUIRED_MESSAGE) });
const withoutPassword = z.object({ password: z.string() });
type ConnectValues = z.infer<typeof withoutPassword>;

const alertClass = 'rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger';
const linkClass = 'rounded font-semibold text-accent-strong underline-offset-4 hover:underline';

/**
 * The ticket leaves the address bar at once; the history entry's state keeps it for a reload.
 */
function useTicketFromLink(): string | null {
  const { search, state } = useLocation();
  const navigate = useNavigate();
  const fromQuery = new URLSearchParams(search).get('ticket');
  const fromState = (state as { ticket?: string } | null)?.ticket ?? null;
  const [ticket] = useState(fromQuery ?? fromState);
  useEffect(() => {
    const params = new URLSearchParams(search);
    const found = params.get('ticket');
    if (!found) return;
    params.delete('ticket');
    const rest = params.toString();
    navigate(`/sign-in-link${rest ? `?${rest}` : ''}`, { replace: true, state: { ticket: found } });
  }, [search, navigate]);
  return ticket;
}

/**
 * /sign-in-link (docs/decisions/040): a provider vouched for an email that already has an
 * account. The person proves the account is theirs (its password, or the mailed link) before the
 * provider is connected to it; nothing is linked by email alone.
 */
export function SignInLinkRoute() {
  usePageMeta('Connect your account', 'Connect a sign-in provider to your existing account.', {
    noindex: true,
  });
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const ticket = useTicketFromLink();
  const sent = params.get('sent') === '1';
  const name = providerName(params.get('provider'));

  return (
    <section className="mx-auto max-w-xl px-4 py-20 sm:px-6">
      {ticket ? (
        <ConnectWithTicket ticket={ticket} />
      ) : sent ? (
        <>
          <h1 className="text-4xl font-extrabold sm:text-5xl">
            Check your email<span className="text-accent">.</span>
          </h1>
          <p role="status" className="mt-5 text-lg text-muted">
            An account with this email address already exists. We sent a link to that address: open
            it within 30 minutes to sign in to that account with {name} from now on.
          </p>
          <Link to="/" className={`mt-8 inline-block ${linkClass}`}>
            Back to the home page
          </Link>
        </>
      ) : (
        <>
          <h1 className="text-4xl font-extrabold sm:text-5xl">Nothing to connect</h1>
          <p role="alert" className={`mt-6 ${alertClass}`}>
            This link is incomplete. Please sign in with {name} again.
          </p>
          <Link to="/" className={`mt-8 inline-block ${linkClass}`}>
            Back to the home page
          </Link>
        </>
      )}
    </section>
  );
}

function ConnectWithTicket({ ticket }: { ticket: string }) {
  const navigate = useNavigate();
  const { login } = useAuth();
  const preview = useLinkPreview(ticket);
  const complete = useCompleteLink();
  // The password is asked for only when the account has one (the preview says which).
  const form = useForm<ConnectValues>({
    resolver: zodResolver(preview.data?.method === 'password' ? withPassword : withoutPassword),
    defaultValues: { password: '' },
  });
  // An account with two-factor on passes its second step before the link is made or used.
  const [secondStep, setSecondStep] = useState<{ ticket: string; then: 'link' | 'done' }>();

  async function finishLink() {
    const answer = await complete.mutateAsync(ticket);
    if (isChallenge(answer)) {
      if (answer.twoFactor === 'setup') {
        throw new Error('Staff accounts must set up two-factor sign-in at Admin Login first.');
      }
      return setSecondStep({ ticket: answer.ticket, then: 'done' });
    }
    login(answer.token);
    navigate('/dashboard', { replace: true });
  }

  if (secondStep) {
    return (
      <TwoFactorStep
        ticket={secondStep.ticket}
        onSignedIn={(token) => {
          login(token);
          if (secondStep.then === 'done') return navigate('/dashboard', { replace: true });
          setSecondStep(undefined);
          finishLink().catch((error: unknown) => showServerRefusal(error, form));
        }}
      />
    );
  }

  if (preview.isPending) return <Spinner label="Checking the link" />;
  if (preview.isError) {
    return (
      <>
        <h1 className="text-4xl font-extrabold sm:text-5xl">This link has expired</h1>
        <p role="alert" className={`mt-6 ${alertClass}`}>
          {errorMessage(preview.error)}
        </p>
        <Link to="/" className={`mt-8 inline-block ${linkClass}`}>
          Back to the home page
        </Link>
      </>
    );
  }

  const { email, method } = preview.data;
  const name = PROVIDER_NAMES[preview.data.provider];

  async function connect({ password }: ConnectValues) {
    if (method === 'password') {
      // Proving the password signs in to that account; the link is then made as its owner.
      const signedIn = await signIn({ username: email, password });
      if (isChallenge(signedIn)) {
        if (signedIn.twoFactor === 'setup') {
          throw new Error('Staff accounts must set up two-factor sign-in at Admin Login first.');
        }
        return setSecondStep({ ticket: signedIn.ticket, then: 'link' });
      }
      login(signedIn.token);
    }
    await finishLink();
  }

  return (
    <>
      <h1 className="text-4xl font-extrabold sm:text-5xl">
        Connect {name} to your account<span className="text-accent">.</span>
      </h1>
      <p className="mt-5 text-lg text-muted">
        An account with <strong className="text-ink">{email}</strong> already exists.{' '}
        {method === 'password'
          ? `Enter its password to confirm it is yours. From then on, ${name} signs you in to it.`
          : `Confirm to sign in to it with ${name} from now on.`}
      </p>
      <Form form={form} onSubmit={connect} className="mt-8 flex flex-col gap-5">
        {method === 'password' ? (
          <FormField
            control={form.control}
            name="password"
            render={(field) => (
              <PasswordInput label="Password" autoComplete="current-password" required {...field} />
            )}
          />
        ) : null}
        <FormAlert className={alertClass} />
        <FormSubmit size="lg">Connect {name} and sign in</FormSubmit>
      </Form>
      <div className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {method === 'password' ? (
          <Link to="/forgot-password" className={linkClass}>
            Forgot password?
          </Link>
        ) : null}
        <Link to="/" className={linkClass}>
          Not now: back to the home page
        </Link>
      </div>
    </>
  );
}
