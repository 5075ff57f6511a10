import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { signupForm, type SignupForm } from '@noise/shared/auth';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { SERVER } from '@/components/ui/form-refusal';
import { TextInput } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { closeAuthModal, openSignIn, takeAuthDestination } from '@/lib/auth-modals';
import { startGuestCheckout } from '@/lib/guest-checkout';
import { legalPageHref, useSiteConfig } from '@/lib/site-config';
import { useSignUp } from '../api/sign-up';
import { SignInChoices } from './oauth-buttons';
import { PasswordInput } from '@/components/ui/password-input';

function SignUpForm({ onBack }: { onBack: () => void }) {
  const navigate = useNavigate();
  const { login } = useAuth();
  const signUp = useSignUp();
  const form = useForm<SignupForm>({
    resolver: zodResolver(signupForm),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      password: '',
      confirmPassword: '',
    },
  });

  async function onSubmit(values: SignupForm) {
    try {
      const { token } = await signUp.mutateAsync(values);
      if (token) login(token);
      // docs/product.md#sign-up-modal: /dashboard, unless the visitor was on the way somewhere.
      const next = takeAuthDestination();
      closeAuthModal();
      navigate(next?.to ?? '/dashboard', { state: next?.state });
    } catch (error) {
      // The alert says what the server said, as one sentence.
      form.setError(SERVER, { message: `Failed to sign up: ${errorMessage(error)}` });
    }
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
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="firstName"
          render={(field) => <TextInput label="First name" autoComplete="given-name" {...field} />}
        />
        <FormField
          control={form.control}
          name="lastName"
          render={(field) => <TextInput label="Last name" autoComplete="family-name" {...field} />}
        />
      </div>
      <FormField
        control={form.control}
        name="email"
        render={(field) => <TextInput label="Email" type="email" autoComplete="email" {...field} />}
      />
      <FormField
        control={form.control}
        name="phoneNumber"
        render={(field) => (
          <TextInput
            label="Phone number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            {...field}
          />
        )}
      />
      <FormField
        control={form.control}
        name="password"
        render={(field) => (
          <PasswordInput label="Password" autoComplete="new-password" {...field} />
        )}
      />
      <FormField
        control={form.control}
        name="confirmPassword"
        render={(field) => (
          <PasswordInput label="Confirm password" autoComplete="new-password" {...field} />
        )}
      />
      <FormAlert className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger" />
      <FormSubmit size="lg" className="mt-2">
        {form.formState.isSubmitting ? 'Creating your account…' : 'Create account'}
      </FormSubmit>
    </Form>
  );
}

/** docs/product.md#sign-up-modal: the method choice, then the email form; a link to sign-in. */
export function SignUpView() {
  const navigate = useNavigate();
  const [view, setView] = useState<'choice' | 'email'>('choice');
  const config = useSiteConfig().data;
  const companyName = config?.companyName ?? 'We';
  const termsHref = legalPageHref(config, 'terms-of-service');

  return (
    <div className="flex flex-col gap-6">
      {view === 'choice' ? (
        <>
          <SignInChoices emailLabel="Continue with Email" onEmail={() => setView('email')} />
          <button
            type="button"
            onClick={() => {
              // Order without an account (docs/decisions/013); straight on to paying if the
              // visitor was about to.
              const next = takeAuthDestination();
              startGuestCheckout();
              closeAuthModal();
              if (next) navigate(next.to, { state: next.state });
            }}
            className="cursor-pointer self-center rounded text-sm font-semibold underline underline-offset-4 hover:text-accent-strong"
          >
            Continue as guest
          </button>
        </>
      ) : (
        <SignUpForm onBack={() => setView('choice')} />
      )}
      <p className="text-xs leading-relaxed text-muted">
        {companyName} is a marketing agency. By joining, you agree to our{' '}
        {termsHref.startsWith('/') ? (
          <Link
            to={termsHref}
            onClick={closeAuthModal}
            className="font-semibold text-ink underline"
          >
            Terms of Service
          </Link>
        ) : (
          <a
            href={termsHref}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-ink underline"
          >
            Terms of Service
          </a>
        )}{' '}
        and to receive occasional emails from us.
      </p>
      <p className="border-t border-line pt-5 text-center text-sm">
        Already have an account?{' '}
        <button
          type="button"
          onClick={openSignIn}
          className="cursor-pointer rounded font-semibold text-accent-strong underline-offset-4 hover:underline"
        >
          Sign In
        </button>
      </p>
    </div>
  );
}
