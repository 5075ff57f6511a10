import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { EMAIL_MESSAGE, PASSWORD_MAX_LENGTH } from '@noise/shared/fields';
import { Checkbox } from '@/components/ui/checkbox';
import { REQUIRED_MESSAGE } from '@/components/ui/field';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { SERVER } from '@/components/ui/form-refusal';
import { TextInput } from '@/components/ui/input';
import { useAuth } from '@/lib/auth';
import { usePageMeta } from '@/lib/use-page-meta';
import { useAdminLogin } from '../api/admin-login';
import { beginRequiredSetup, confirmRequiredSetup, isChallenge } from '../api/two-factor-sign-in';
import { PasswordInput } from '@/components/ui/password-input';
import { TwoFactorAlert, TwoFactorSetupFlow } from '@/components/two-factor/two-factor-setup';
import { errorMessage } from '@/lib/api-client';
import type { TwoFactorSetup } from '@noise/shared/two-factor';
import { TwoFactorStep } from '../components/two-factor-step';

/** After a right password: the form, a code to give, or the set-up required of staff. */
type Step =
  | { kind: 'password' }
  | { kind: 'code'; ticket: string }
  | { kind: 'setup'; ticket: string; setup: TwoFactorSetup };

const FAILURE_MESSAGE = 'Invalid email or password, or access denied';

/** Blank fields are 'This field is required'; the address is checked as the browser did. */
const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .pipe(z.email({ message: EMAIL_MESSAGE })),
  password: z.string().min(1, REQUIRED_MESSAGE).max(PASSWORD_MAX_LENGTH),
  rememberMe: z.boolean(),
});
type LoginValues = z.infer<typeof loginSchema>;

/**
 * /wkm-login: the staff sign-in (docs/product.md#staff-login), then the second step or the
 * required set-up (docs/product.md#two-factor-sign-in).
 */
export function StaffLoginRoute() {
  usePageMeta('Admin Login');
  const navigate = useNavigate();
  const { login } = useAuth();
  const adminLogin = useAdminLogin();
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [setupFailure, setSetupFailure] = useState('');
  // The token of a required set-up waits until its recovery codes have been seen.
  const setupToken = useRef('');

  function signedIn(token: string) {
    login(token);
    // A co-ordinator starts from My Work (routes/overview.tsx reads the flag).
    navigate('/wkm-dashboard', { replace: true, state: { signedIn: true } });
  }

  async function onSubmit(values: LoginValues) {
    setSetupFailure('');
    let answer;
    try {
      answer = await adminLogin.mutateAsync(values);
    } catch {
      // The alert says what went wrong, without telling which part.
      form.setError(SERVER, { message: FAILURE_MESSAGE });
      return;
    }
    if (!isChallenge(answer)) return signedIn(answer.token);
    if (answer.twoFactor === 'code') return setStep({ kind: 'code', ticket: answer.ticket });
    try {
      const setup = await beginRequiredSetup(answer.ticket);
      setStep({ kind: 'setup', ticket: answer.ticket, setup });
    } catch (error) {
      setSetupFailure(errorMessage(error, 'Set-up could not start. Please sign in again.'));
    }
  }

  const startAgain = () => {
    form.resetField('password');
    setStep({ kind: 'password' });
  };

  return (
    <div className="grid min-h-dvh bg-canvas lg:grid-cols-[1fr_1.1fr]">
      <aside className="relative hidden overflow-hidden bg-ink p-12 text-paper lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden="true"
          className="absolute -bottom-64 -left-64 size-[46rem] bg-radial-[closest-side] from-accent/30 from-40% to-transparent"
        />
        <Link to="/" className="relative font-display text-2xl font-extrabold">
          noise<span className="text-accent">.</span>
          <span className="sr-only"> home</span>
        </Link>
        <p className="relative font-display text-7xl leading-[0.9] font-extrabold tracking-tight">
          We Make Noise<span className="text-accent">.</span>
        </p>
        <p className="relative text-paper/70">Staff dashboard</p>
      </aside>
      <main className="flex items-center justify-center px-4 py-16 sm:px-8">
        <div className="w-full max-w-md">
          {step.kind === 'code' ? (
            <TwoFactorStep
              ticket={step.ticket}
              onSignedIn={signedIn}
              onBack={startAgain}
              heading="h1"
            />
          ) : step.kind === 'setup' ? (
            <div className="flex flex-col gap-5">
              <div>
                <h1 className="text-4xl font-extrabold">Set up two-factor sign-in</h1>
                <p className="mt-3 text-muted">
                  Staff accounts must sign in with a code from an authenticator app as well as the
                  password. Set it up now to continue.
                </p>
              </div>
              <TwoFactorSetupFlow
                setup={step.setup}
                confirm={async (code) => {
                  const { token, recoveryCodes } = await confirmRequiredSetup(step.ticket, code);
                  setupToken.current = token;
                  return recoveryCodes;
                }}
                onDone={() => signedIn(setupToken.current)}
                onCancel={startAgain}
                doneLabel="Continue to the dashboard"
              />
            </div>
          ) : (
            <>
              <h1 className="text-5xl font-extrabold">Admin Login</h1>
              <p className="mt-3 text-muted">
                Sign in to manage the catalogue, customers and sales.
              </p>
              <Form form={form} onSubmit={onSubmit} className="mt-10 flex flex-col gap-5">
                <FormField
                  control={form.control}
                  name="email"
                  render={(field) => (
                    <TextInput
                      label="Username or Email Address"
                      type="email"
                      autoComplete="username"
                      required
                      {...field}
                    />
                  )}
                />
                <FormField
                  control={form.control}
                  name="password"
                  render={(field) => (
                    <PasswordInput
                      label="Password"
                      autoComplete="current-password"
                      required
                      {...field}
                    />
                  )}
                />
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <FormField
                    control={form.control}
                    name="rememberMe"
                    render={(field) => (
                      <Checkbox
                        label="Remember Me"
                        checked={field.value}
                        onCheckedChange={(checked) => field.onChange(checked === true)}
                      />
                    )}
                  />
                  <Link
                    to="/forgot-password"
                    className="rounded text-sm font-semibold text-accent-strong underline-offset-4 hover:underline"
                  >
                    Forgot your password?
                  </Link>
                </div>
                <FormAlert className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger" />
                <FormSubmit size="lg" variant="secondary">
                  Login
                </FormSubmit>
              </Form>
              <TwoFactorAlert message={setupFailure} />
            </>
          )}
        </div>
      </main>
    </div>
  );
}
