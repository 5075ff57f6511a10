import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { emailAddress } from '@noise/shared/fields';
import { REQUIRED_MESSAGE } from '@/components/ui/field';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { usePageMeta } from '@/lib/use-page-meta';
import { useRequestPasswordReset } from '../api/forgot-password';

const schema = z.object({ email: z.string().trim().min(1, REQUIRED_MESSAGE).pipe(emailAddress) });

/**
 * /forgot-password, linked from the staff login and the customer sign-in. The server answers the
 * same for every address, so the page shows its message whether or not an account exists.
 */
export function ForgotPasswordRoute() {
  usePageMeta('Forgot password', 'Ask for a link to choose a new password for your account.');
  const request = useRequestPasswordReset();
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });

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
          <Form
            form={form}
            serverFields={['email']}
            onSubmit={(values) => request.mutateAsync(values)}
            className="mt-8 flex flex-col gap-5"
          >
            <FormField
              control={form.control}
              name="email"
              render={(field) => (
                <TextInput
                  label="Email address"
                  type="email"
                  autoComplete="email"
                  required
                  {...field}
                />
              )}
            />
            <FormAlert />
            <FormSubmit size="lg">Send reset link</FormSubmit>
          </Form>
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
