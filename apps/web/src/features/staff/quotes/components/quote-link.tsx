import { Copy, Link2, Loader2, Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { sendQuoteRequest, type Quote } from '@noise/shared/quote';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/input';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toastError, toastSuccess } from '@/lib/toast';
import { StaffSection } from '../../components/page-header';
import { useSendQuote } from '../api/send-quote';

/** The customer-site payment page of a quote (docs/product.md#proposal-page). */
function quoteLink(id: string): string {
  return `${window.location.origin}/custom-quote/${id}`;
}

/** Copies text; where the Clipboard API is missing or refused, the old selection way. */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Not allowed here (an insecure origin, a denied permission): fall back below.
  }
  if (!input) return false;
  input.focus();
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

function SendToCustomer({ quote }: { quote: Quote }) {
  const send = useSendQuote(quote._id);
  const [email, setEmail] = useState(quote.recipientEmail);
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const typed = email.trim();
    // The quote's own recipient needs no address; another one becomes the recipient.
    const override = typed && typed.toLowerCase() !== quote.recipientEmail ? typed : undefined;
    const parsed = sendQuoteRequest.safeParse({ email: override });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const result = await send.mutateAsync(parsed.data.email);
      toastSuccess(result.message);
    } catch (caught) {
      const field = isApiError(caught)
        ? caught.details.find((d) => d.path === 'email')?.message
        : undefined;
      if (field) setError(field);
      else toastError('Could not send the quote', errorMessage(caught));
    }
  }

  const hint = quote.sentAt
    ? `Last sent ${formatDate(quote.sentAt)}. Sending again mails the same link.`
    : 'The link goes to whom the quote is for; type another address to send it there instead.';
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextInput
        label="Customer's email"
        type="email"
        autoComplete="off"
        placeholder="customer@example.com"
        value={email}
        error={error}
        hint={hint}
        onChange={(event) => setEmail(event.target.value)}
        fieldClassName="flex-1 min-w-0"
      />
      <Button type="submit" variant="secondary" className="sm:mt-7" disabled={send.isPending}>
        {send.isPending ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <Send aria-hidden="true" />
        )}
        Send to customer
      </Button>
    </form>
  );
}

/** 'Generate Custom Quote Link': the payment link to copy, or to email to the customer. */
export function QuoteLinkPanel({ quote }: { quote: Quote | null }) {
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  if (!quote) {
    return (
      <StaffSection title="Payment Link">
        <Button variant="outline" disabled>
          <Link2 aria-hidden="true" />
          Generate Custom Quote Link
        </Button>
        <p className="mt-2 text-sm text-muted">
          Create the quote first; then its link can be sent.
        </p>
      </StaffSection>
    );
  }

  const link = quoteLink(quote._id);

  async function copy() {
    const ok = await copyText(link, inputRef.current);
    setCopied(ok ? 'yes' : 'no');
    if (ok) toastSuccess('Link copied');
    else toastError('Could not copy the link', 'Select the link and copy it by hand.');
  }

  return (
    <StaffSection
      title="Payment Link"
      description="The customer reads the proposal, accepts and signs it, then pays on this page."
    >
      {!shown ? (
        <Button variant="outline" onClick={() => setShown(true)}>
          <Link2 aria-hidden="true" />
          Generate Custom Quote Link
        </Button>
      ) : (
        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <TextInput
              ref={inputRef}
              id={`${id}-link`}
              label="Custom quote link"
              readOnly
              value={link}
              onFocus={(event) => event.target.select()}
              fieldClassName="flex-1"
              className="font-mono text-sm"
            />
            <Button variant="secondary" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
          <p role="status" className="-mt-3 text-sm text-muted">
            {copied === 'yes' ? 'Copied to the clipboard.' : null}
            {copied === 'no' ? 'Select the link above and copy it by hand.' : null}
          </p>
          <SendToCustomer quote={quote} />
        </div>
      )}
    </StaffSection>
  );
}
