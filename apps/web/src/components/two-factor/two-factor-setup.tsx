import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { twoFactorConfirmRequest, type TwoFactorSetup } from '@noise/shared/two-factor';
import { Button } from '@/components/ui/button';
import { REQUIRED_MESSAGE } from '@/components/ui/field';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { RecoveryCodes } from './recovery-codes';

/** The key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The one alert style of the two-factor forms (a form's `FormAlert` takes it too). */
export const TWO_FACTOR_ALERT =
  'rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger';

export function TwoFactorAlert({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={TWO_FACTOR_ALERT}>
      {message}
    </p>
  );
}

/** The 6-digit code from the app: 'This field is required' when blank, then the request's rule. */
const setupSchema = z.object({
  code: z.string().trim().min(1, REQUIRED_MESSAGE).pipe(twoFactorConfirmRequest.shape.code),
});

/**
 * Setting up an authenticator app (docs/product.md#two-factor-sign-in): scan the QR code or type
 * the key, confirm with a code, then save the recovery codes. `setup` is what the server answered
 * when set-up began; `confirm` turns it on and answers the recovery codes.
 */
export function TwoFactorSetupFlow({
  setup,
  confirm,
  onDone,
  onCancel,
  doneLabel,
}: {
  setup: TwoFactorSetup;
  confirm: (code: string) => Promise<string[]>;
  onDone: () => void;
  onCancel?: () => void;
  doneLabel?: string;
}) {
  const form = useForm<z.infer<typeof setupSchema>>({
    resolver: zodResolver(setupSchema),
    defaultValues: { code: '' },
  });
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} doneLabel={doneLabel} />;

  return (
    <Form
      form={form}
      serverFields={['code']}
      onSubmit={async ({ code }) => setCodes(await confirm(code))}
      className="flex flex-col gap-5"
    >
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm">
        <li>Open an authenticator app on your phone (Google Authenticator, 1Password, Authy…).</li>
        <li>Scan this QR code, or enter the setup key by hand.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <img
          src={setup.qrCode}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-xl border-2 border-line bg-paper p-2"
        />
        <div className="min-w-0">
          <p className="text-sm font-semibold">Setup key</p>
          <code
            aria-label="Setup key"
            className="mt-1 block rounded-lg bg-canvas px-3 py-2 font-mono text-sm tracking-wider break-all"
          >
            {grouped(setup.secret)}
          </code>
        </div>
      </div>
      <FormField
        control={form.control}
        name="code"
        render={(field) => (
          <TextInput
            label="Code from your app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            fieldClassName="max-w-xs"
            {...field}
          />
        )}
      />
      <FormAlert className={TWO_FACTOR_ALERT} />
      <div className="flex flex-wrap gap-3">
        <FormSubmit>{form.formState.isSubmitting ? 'Checking…' : 'Turn on two-factor'}</FormSubmit>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
