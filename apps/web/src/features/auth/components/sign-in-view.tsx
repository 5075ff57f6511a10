import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { useAuth } from '@/lib/auth';
import { closeAuthModal, openSignUp, takeAuthDestination } from '@/lib/auth-modals';
import { useSignIn } from '../api/sign-in';
import { isChallenge } from '../api/two-factor-sign-in';
import { SignInChoices } from './oauth-buttons';
import { TwoFactorStep } from './two-factor-step';
import { PasswordInput } from '@/components/ui/password-input';

/** docs/product.md#sign-in-modal: sign-in has no client-side validation; the server answers. */
const signInSchema = z.object({ username: z.string(), password: z.string() });
type SignInValues = z.infer<typeof signInSchema>;

function SignInForm({ onBack }: { onBack: () => void }) {
  const navigate = useNavigate();
  const { login } = useAuth();
  const signIn = useSignIn();
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { username: '', password: '' },
  });
  // docs/product.md#two-factor-sign-in: a right password may earn a second step, not a token.
  const [challenge, setChallenge] = useState<{ twoFactor: 'code' | 'setup'; ticket: string }>();

  function signedIn(token: string) {
    login(token);
    // docs/product.md#sign-in-modal: /dashboard, unless the visitor was on the way somewhere.
    const next = takeAuthDestination();
    closeAuthModal();
    navigate(next?.to ?? '/dashboard', { state: next?.state });
  }

  async function onSubmit(values: SignInValues) {
    const answer = await signIn.mutateAsync(values);
    if (isChallenge(answer)) setChallenge(answer);
    else signedIn(answer.token);
  }

  if (challenge?.twoFactor === 'code') {
    return (
      <TwoFactorStep
        ticket={challenge.ticket}
        onSignedIn={signedIn}
        onBack={() => setChallenge(undefined)}
      />
    );
  }
  if (challenge?.twoFactor === 'setup') {
    // Staff whose two-factor is required set it up on the staff sign-in.
    return (
      <div className="flex flex-col gap-4">
        <h2 className="text-2xl font-extrabold">Set up two-factor sign-in</h2>
        <p role="alert" className="text-sm">
          Staff accounts must set up two-factor sign-in before signing in. Please sign in at Admin
          Login to set it up.
        </p>
        <Button asChild size="lg">
          <Link to="/wkm-login" onClick={closeAuthModal}>
            Go to Admin Login
          </Link>
        </Button>
      </div>
    );
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
      <button
        type="button"
        onClick={onBack}
        className="inline-flex cursor-pointer items-center gap-1.5 self-start rounded text-sm font-semibold text-accent-strong hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back
      </button>
      <FormField
        control={form.control}
        name="username"
        render={(field) => (
          <TextInput label="Email or username" autoComplete="username" {...field} />
        )}
      />
      <FormField
        control={form.control}
        name="password"
        render={(field) => (
          <PasswordInput label="Password" autoComplete="current-password" {...field} />
        )}
      />
      <Link
        to="/forgot-password"
        onClick={closeAuthModal}
        className="self-end rounded text-sm font-semibold text-accent-strong underline-offset-4 hover:underline"
      >
        Forgot password?
      </Link>
      {/* The server's refusal (a wrong password, a paused account) is the only message. */}
      <FormAlert className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger" />
      <FormSubmit size="lg" className="mt-2">
        {signIn.isPending ? 'Signing in…' : 'Sign In'}
      </FormSubmit>
    </Form>
  );
}

export function SignInView() {
  const [view, setView] = useState<'choice' | 'email'>('choice');
  return (
    <div className="flex flex-col gap-6">
      {view === 'choice' ? (
        <SignInChoices emailLabel="Continue with Email/Username" onEmail={() => setView('email')} />
      ) : (
        <SignInForm onBack={() => setView('choice')} />
      )}
      <p className="border-t border-line pt-5 text-center text-sm">
        New here?{' '}
        <button
          type="button"
          onClick={openSignUp}
          className="cursor-pointer rounded font-semibold text-accent-strong underline-offset-4 hover:underline"
        >
          Join here
        </button>
      </p>
    </div>
  );
}
