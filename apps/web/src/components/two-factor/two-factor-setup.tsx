import { useState, type FormEvent } from 'react';
import type { TwoFactorSetup } from '@noise/shared/two-factor';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { RecoveryCodes } from './recovery-codes';

/** The key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The one alert style of the two-factor forms. */
export function TwoFactorAlert({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger"
    >
      {message}
    </p>
  );
}

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
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure('');
    setPending(true);
    try {
      setCodes(await confirm(code.trim()));
    } catch (error) {
      setFailure(errorMessage(error, 'Two-factor sign-in could not be turned on.'));
    } finally {
      setPending(false);
    }
  }

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} doneLabel={doneLabel} />;

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5">
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
      <TextInput
        label="Code from your app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
        fieldClassName="max-w-xs"
      />
      <TwoFactorAlert message={failure} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? 'Checking…' : 'Turn on two-factor'}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
