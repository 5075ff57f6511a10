import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { useRequestPasswordReset } from '../api/forgot-password';

/**
 * /forgot-password, linked from the staff login and the customer sign-in. The server answers the
 * same for every address, so the page shows its message whether or not an account exists.
 */
export function ForgotPasswordRoute() {
  usePageMeta('Forgot password', 'Ask for a link to choose a new password for your account.');
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    request.mutate({ email: email.trim() });
  }

  return (
    <section className="mx-auto max-w-xl px-4 py-20 sm:px-6">
      <h1 className="text-4xl font-extrabold sm:text-5xl">
        Forgot your password<span className="text-accent">?</span>
      </h1>
      {request.isSuccess ? (
        <div role="status" className="mt-8 flex flex-col gap-6">
          <p className="rounded-xl bg-paper px-5 py-4 text-lg font-semibold ring-2 ring-ink">
            {request.data.message}
          </p>
          <p className="text-muted">
            The link works once, for an hour. Nothing arrived? Check your spam folder, or{' '}
            <button
              type="button"
              onClick={() => request.reset()}
              className="cursor-pointer rounded font-semibold text-accent-strong underline underline-offset-4"
            >
              ask again
            </button>
            .
          </p>
        </div>
      ) : (
        <>
          <p className="mt-5 text-lg text-muted">
            Enter the email address of your account and we will send you a link to choose a new
            password.
          </p>
          <form onSubmit={onSubmit} className="mt-8 flex flex-col gap-5">
            <TextInput
              label="Email address"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            {request.isError ? (
              <p
                role="alert"
                className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger"
              >
                {errorMessage(request.error)}
              </p>
            ) : null}
            <Button type="submit" size="lg" disabled={request.isPending}>
              {request.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              Send reset link
            </Button>
          </form>
        </>
      )}
      <div className="mt-10 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
        <Link to="/" className="rounded text-accent-strong underline-offset-4 hover:underline">
          Back to the home page
        </Link>
        <Link
          to="/wkm-login"
          className="rounded text-accent-strong underline-offset-4 hover:underline"
        >
          Back to Admin Login
        </Link>
      </div>
    </section>
  );
}
