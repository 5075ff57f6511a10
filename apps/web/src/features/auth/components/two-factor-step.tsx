import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { twoFactorSignInRequest } from '@noise/shared/two-factor';
import { Checkbox } from '@/components/ui/checkbox';
import { REQUIRED_MESSAGE } from '@/components/ui/field';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { completeTwoFactor } from '../api/two-factor-sign-in';

/** The code ('This field is required' when blank, then the request's rule) and the device choice. */
const stepSchema = z.object({
  code: z.string().trim().min(1, REQUIRED_MESSAGE).pipe(twoFactorSignInRequest.shape.code),
  rememberDevice: z.boolean(),
});
type StepValues = z.infer<typeof stepSchema>;

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
  const form = useForm<StepValues>({
    resolver: zodResolver(stepSchema),
    defaultValues: { code: '', rememberDevice: false },
  });
  // Busy from the send until the page moves on: a right code leaves nothing to press again.
  const { isSubmitting, isSubmitSuccessful } = form.formState;

  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const { token } = await completeTwoFactor({ ticket, ...values });
        onSignedIn(token);
      }}
      className="flex flex-col gap-4"
    >
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
      <FormField
        control={form.control}
        name="code"
        render={(field) => (
          <TextInput
            key={recovery ? 'recovery' : 'code'}
            label={recovery ? 'Recovery code' : 'Authentication code'}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            required
            {...field}
          />
        )}
      />
      <button
        type="button"
        onClick={() => {
          setRecovery((value) => !value);
          form.resetField('code');
          form.clearErrors();
        }}
        className="cursor-pointer self-start rounded text-sm font-semibold text-accent-strong underline-offset-4 hover:underline"
      >
        {recovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
      </button>
      <FormField
        control={form.control}
        name="rememberDevice"
        render={(field) => (
          <Checkbox
            label="Remember this device for 30 days"
            checked={field.value}
            onCheckedChange={(checked) => field.onChange(checked === true)}
          />
        )}
      />
      {/* Its own alert, not the set-up's: the sign-in screens then load no set-up code. */}
      <FormAlert className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger" />
      <FormSubmit size="lg" disabled={isSubmitSuccessful}>
        {isSubmitting || isSubmitSuccessful ? 'Checking…' : 'Verify'}
      </FormSubmit>
      {onBack ? (
        <button
          type="button"
          onClick={onBack}
          className="cursor-pointer self-center rounded text-sm font-semibold text-muted underline-offset-4 hover:underline"
        >
          Start again
        </button>
      ) : null}
    </Form>
  );
}
