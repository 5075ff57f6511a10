import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { TextInput } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { completeTwoFactor } from '../api/two-factor-sign-in';

/**
 * The second step of a sign-in (docs/product.md#two-factor-sign-in): the code from the app, or
 * a recovery code, and 'Remember this device for 30 days'. A wrong code can be typed again with
 * the same ticket; the server pauses the account after five.
 */
export function TwoFactorStep({
  ticket,
  onSignedIn,
  onBack,
  heading: Heading = 'h2',
}: {
  ticket: string;
  onSignedIn: (token: string) => void;
  onBack?: () => void;
  /** 'h1' where the step is the page (the staff login, /auth-success); 'h2' in the modal. */
  heading?: 'h1' | 'h2';
}) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [rememberDevice, setRememberDevice] = useState(false);
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure('');
    setPending(true);
    try {
      const { token } = await completeTwoFactor({ ticket, code: code.trim(), rememberDevice });
      onSignedIn(token);
    } catch (error) {
      setFailure(errorMessage(error, 'That code could not be checked. Please try again.'));
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <div>
        <Heading
          className={Heading === 'h1' ? 'text-4xl font-extrabold' : 'text-2xl font-extrabold'}
        >
          Two-factor sign-in
        </Heading>
        <p className="mt-1 text-sm text-muted">
          {recovery
            ? 'Enter one of the recovery codes you saved. Each works once.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </p>
      </div>
      <TextInput
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        name="code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        autoFocus
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <button
        type="button"
        onClick={() => {
          setRecovery((value) => !value);
          setCode('');
          setFailure('');
        }}
        className="cursor-pointer self-start rounded text-sm font-semibold text-accent-strong underline-offset-4 hover:underline"
      >
        {recovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
      </button>
      <Checkbox
        label="Remember this device for 30 days"
        checked={rememberDevice}
        onCheckedChange={(checked) => setRememberDevice(checked === true)}
      />
      {/* Its own alert, not the set-up's: the sign-in screens then load no set-up code. */}
      {failure ? (
        <p
          role="alert"
          className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger"
        >
          {failure}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? 'Checking…' : 'Verify'}
      </Button>
      {onBack ? (
        <button
          type="button"
          onClick={onBack}
          className="cursor-pointer self-center rounded text-sm font-semibold text-muted underline-offset-4 hover:underline"
        >
          Start again
        </button>
      ) : null}
    </form>
  );
}
