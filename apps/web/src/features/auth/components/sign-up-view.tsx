import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { signupForm, type SignupForm } from '@noise/shared/auth';
import { Button } from '@/components/ui/button';
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
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupForm>({
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

  const onSubmit = handleSubmit(async (values) => {
    setFailure('');
    try {
      const { token } = await signUp.mutateAsync(values);
      if (token) login(token);
      // docs/product.md#sign-up-modal: /dashboard, unless the visitor was on the way somewhere.
      const next = takeAuthDestination();
      closeAuthModal();
      navigate(next?.to ?? '/dashboard', { state: next?.state });
    } catch (error) {
      setFailure(`Failed to sign up: ${errorMessage(error)}`);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <button
        type="button"
        onClick={onBack}
        className="inline-flex cursor-pointer items-center gap-1.5 self-start rounded text-sm font-semibold text-accent-strong hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back
      </button>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="First name"
          autoComplete="given-name"
          {...register('firstName')}
          error={errors.firstName?.message}
        />
        <TextInput
          label="Last name"
          autoComplete="family-name"
          {...register('lastName')}
          error={errors.lastName?.message}
        />
      </div>
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        {...register('email')}
        error={errors.email?.message}
      />
      <TextInput
        label="Phone number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        {...register('phoneNumber')}
        error={errors.phoneNumber?.message}
      />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        {...register('password')}
        error={errors.password?.message}
      />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        {...register('confirmPassword')}
        error={errors.confirmPassword?.message}
      />
      {failure ? (
        <p
          role="alert"
          className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger"
        >
          {failure}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2">
        {isSubmitting ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
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
