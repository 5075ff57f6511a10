import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { disableTwoFactorRequest, type TwoFactorSetup } from '@noise/shared/two-factor';
import { Button } from '@/components/ui/button';
import { REQUIRED_MESSAGE } from '@/components/ui/field';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  twoFactorStatusQuery,
  useDisableTwoFactor,
  useRegenerateRecoveryCodes,
  useTwoFactorStatus,
} from './two-factor-api';
import { RecoveryCodes } from './recovery-codes';
import { TWO_FACTOR_ALERT, TwoFactorAlert, TwoFactorSetupFlow } from './two-factor-setup';

const CODE_HINT = 'A code from your app, or one of your recovery codes.';

/** A code the form must have: 'This field is required' when blank, then the request's rule. */
const requiredCode = z
  .string()
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .pipe(disableTwoFactorRequest.shape.code);

const turnOffSchema = z.object({
  password: z.string().min(1, REQUIRED_MESSAGE).pipe(disableTwoFactorRequest.shape.password),
  code: requiredCode,
});
const newCodesSchema = z.object({ code: requiredCode });

function TurnOffForm({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const form = useForm<z.infer<typeof turnOffSchema>>({
    resolver: zodResolver(turnOffSchema),
    defaultValues: { password: '', code: '' },
  });

  return (
    <Form
      form={form}
      serverFields={['password', 'code']}
      onSubmit={async (values) => {
        await disable.mutateAsync(values);
        toastSuccess('Two-factor sign-in is off');
        onClose();
      }}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-muted">
        To turn two-factor sign-in off, confirm it is you with your password and a code.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="password"
          render={(field) => (
            <PasswordInput label="Password" autoComplete="current-password" required {...field} />
          )}
        />
        <FormField
          control={form.control}
          name="code"
          render={(field) => (
            <TextInput
              label="Authentication code"
              autoComplete="one-time-code"
              required
              hint={CODE_HINT}
              {...field}
            />
          )}
        />
      </div>
      <FormAlert className={TWO_FACTOR_ALERT} />
      <div className="flex flex-wrap gap-3">
        <FormSubmit variant="destructive">
          {disable.isPending ? 'Turning off…' : 'Turn off two-factor'}
        </FormSubmit>
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function NewCodesForm({ onClose }: { onClose: () => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const form = useForm<z.infer<typeof newCodesSchema>>({
    resolver: zodResolver(newCodesSchema),
    defaultValues: { code: '' },
  });
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) return <RecoveryCodes codes={codes} onDone={onClose} />;
  return (
    <Form
      form={form}
      serverFields={['code']}
      onSubmit={async ({ code }) => setCodes(await regenerate.mutateAsync(code))}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-muted">
        New recovery codes replace all the old ones, used or not.
      </p>
      <FormField
        control={form.control}
        name="code"
        render={(field) => (
          <TextInput
            label="Authentication code"
            autoComplete="one-time-code"
            required
            hint={CODE_HINT}
            fieldClassName="max-w-xs"
            {...field}
          />
        )}
      />
      <FormAlert className={TWO_FACTOR_ALERT} />
      <div className="flex flex-wrap gap-3">
        <FormSubmit>{regenerate.isPending ? 'Making codes…' : 'Make new codes'}</FormSubmit>
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/**
 * 'Two-factor sign-in' on the customer profile and the staff account screen
 * (docs/product.md#two-factor-sign-in): set it up, see how many recovery codes are left, make
 * new ones, or turn it off with the password and a code.
 */
export function TwoFactorSection() {
  const client = useQueryClient();
  const status = useTwoFactorStatus();
  const [mode, setMode] = useState<'view' | 'off' | 'codes'>('view');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState('');

  async function start() {
    setFailure('');
    setStarting(true);
    try {
      setSetup(await beginTwoFactorSetup());
    } catch (error) {
      setFailure(errorMessage(error, 'Set-up could not start. Please try again.'));
    } finally {
      setStarting(false);
    }
  }

  function finish() {
    setSetup(null);
    setMode('view');
    void client.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey });
  }

  if (status.isPending) return <Spinner label="Loading two-factor sign-in" />;
  if (status.isError) {
    return <TwoFactorAlert message={errorMessage(status.error, 'Could not load this setting.')} />;
  }

  if (setup) {
    return (
      <TwoFactorSetupFlow
        setup={setup}
        confirm={async (code) => {
          const codes = await confirmTwoFactorSetup(code);
          toastSuccess('Two-factor sign-in is on');
          return codes;
        }}
        onDone={finish}
        onCancel={() => setSetup(null)}
      />
    );
  }

  const { enabled, recoveryCodesLeft, requiredForStaff } = status.data;
  if (!enabled) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p className="text-sm">
          Add a second step to signing in: after your password, a code from an authenticator app on
          your phone. Someone who learns your password still cannot sign in.
        </p>
        {requiredForStaff ? (
          <p className="text-sm font-semibold">Your administrator requires it for all staff.</p>
        ) : null}
        <TwoFactorAlert message={failure} />
        <Button type="button" onClick={() => void start()} disabled={starting}>
          {starting ? 'Starting…' : 'Set up two-factor sign-in'}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-success" />
        <div>
          <p className="font-semibold">Two-factor sign-in is on.</p>
          <p className="text-sm text-muted">
            {recoveryCodesLeft === 1
              ? '1 recovery code left.'
              : `${recoveryCodesLeft} recovery codes left.`}
            {requiredForStaff ? ' Your administrator requires it for all staff.' : null}
          </p>
        </div>
      </div>
      {mode === 'off' ? <TurnOffForm onClose={() => setMode('view')} /> : null}
      {mode === 'codes' ? <NewCodesForm onClose={() => setMode('view')} /> : null}
      {mode === 'view' ? (
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="outline" size="sm" onClick={() => setMode('codes')}>
            New recovery codes
          </Button>
          {requiredForStaff ? null : (
            <Button type="button" variant="ghost" size="sm" onClick={() => setMode('off')}>
              Turn off
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
