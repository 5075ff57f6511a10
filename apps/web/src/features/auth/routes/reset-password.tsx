import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { newPassword, PASSWORD_MIN_LENGTH } from '@noise/shared/fields';
import { Button } from '@/components/ui/button';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { errorMessage, isApiError } from '@/lib/api-client';
import { openSignIn } from '@/lib/auth-modals';
import { usePageMeta } from '@/lib/use-page-meta';
import { useResetPassword } from '../api/reset-password';
import { PasswordInput } from '@/components/ui/password-input';

const resetForm = z
  .object({
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
type ResetForm = z.infer<typeof resetForm>;

const linkClass = 'rounded font-semibold text-accent-strong underline-offset-4 hover:underline';

/**
 * The token of the mailed link, taken out of the address bar at once (kept in the history entry's
 * state, so a reload still works) so it is not left on screen or in the visible history.
 */
function useTokenFromLink(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const fromQuery = new URLSearchParams(location.search).get('token');
  const fromState = (location.state as { token?: string } | null)?.token ?? null;
  const [token] = useState(fromQuery ?? fromState);
  useEffect(() => {
    if (fromQuery) navigate('/reset-password', { replace: true, state: { token: fromQuery } });
  }, [fromQuery, navigate]);
  return token;
}

/** /reset-password?token=: the new password, twice; the server spends the token. */
export function ResetPasswordRoute() {
  usePageMeta('Choose a new password', 'Choose a new password for your account.', {
    noindex: true,
  });
  const token = useTokenFromLink();
  const reset = useResetPassword();
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  // A refused token (used, expired, unknown) cannot be retried: the person needs a new link.
  const tokenRefused =
    isApiError(reset.error) && reset.error.status === 400 && reset.error.details.length === 0;

  return (
    <section className="mx-auto max-w-xl px-4 py-20 sm:px-6">
      <h1 className="text-4xl font-extrabold sm:text-5xl">
        Choose a new password<span className="text-accent">.</span>
      </h1>
      {reset.isSuccess ? (
        <div role="status" className="mt-8 flex flex-col gap-6">
          <p className="rounded-xl bg-paper px-5 py-4 text-lg font-semibold ring-2 ring-ink">
            {reset.data.message}
          </p>
          <p className="text-muted">
            You were signed out everywhere else. Sign in again with the new password.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/" onClick={openSignIn}>
                Sign in
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/wkm-login">Staff: Admin Login</Link>
            </Button>
          </div>
        </div>
      ) : !token || tokenRefused ? (
        <div className="mt-8 flex flex-col gap-6">
          <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 font-semibold text-danger">
            {tokenRefused
              ? errorMessage(reset.error)
              : 'This reset link is incomplete. Please open the link from the email again, or ask for a new one.'}
          </p>
          <Link to="/forgot-password" className={linkClass}>
            Ask for a new reset link
          </Link>
        </div>
      ) : (
        <Form
          form={form}
          serverFields={['password']}
          onSubmit={({ password }) => reset.mutateAsync({ token, password })}
          className="mt-8 flex flex-col gap-5"
        >
          <FormField
            control={form.control}
            name="password"
            render={(field) => (
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="confirmPassword"
            render={(field) => (
              <PasswordInput label="Confirm new password" autoComplete="new-password" {...field} />
            )}
          />
          <FormAlert className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger" />
          <FormSubmit size="lg">Set new password</FormSubmit>
        </Form>
      )}
    </section>
  );
}
