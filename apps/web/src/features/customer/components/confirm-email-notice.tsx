import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useResendEmailConfirmation } from '../api/confirm-email';

/**
 * An account whose address is not proven yet (docs/product.md#confirming-an-email-address): what
 * waits for the link, and a way to have it sent again. `what` names what the page would offer.
 */
export function ConfirmEmailNotice({
  email,
  what = 'invite teammates and turn on two-factor sign-in',
  headingLevel = 2,
}: {
  email: string;
  what?: string;
  headingLevel?: 2 | 3;
}) {
  const resend = useResendEmailConfirmation();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string }>();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  async function send() {
    setAnswer(undefined);
    try {
      const { message } = await resend.mutateAsync();
      setAnswer({ ok: true, text: message });
    } catch (error) {
      setAnswer({ ok: false, text: errorMessage(error, 'The link could not be sent.') });
    }
  }

  return (
    <div className="flex flex-col gap-4 rounded-card border-2 border-ink bg-accent-soft p-5 sm:flex-row sm:items-start sm:p-6">
      <MailCheck aria-hidden="true" className="size-7 shrink-0" />
      <div className="min-w-0 flex-1">
        <Heading className="text-xl font-extrabold">Confirm your email address</Heading>
        <p className="mt-1 break-words">
          We sent a link to <strong>{email}</strong>. Open it to {what}. Until then you can browse
          and order as usual.
        </p>
        {answer ? (
          <p
            role={answer.ok ? 'status' : 'alert'}
            className={`mt-3 text-sm font-semibold ${answer.ok ? 'text-success' : 'text-danger'}`}
          >
            {answer.text}
          </p>
        ) : null}
      </div>
      <Button
        type="button"
        variant="outline"
        className="self-start"
        disabled={resend.isPending}
        onClick={() => void send()}
      >
        {resend.isPending ? 'Sending...' : 'Send the link again'}
      </Button>
    </div>
  );
}
