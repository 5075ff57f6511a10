import { Copy, Link2, Loader2, Send } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailAddress } from '@noise/shared/fields';
import type { Quote } from '@noise/shared/quote';
import { Button } from '@/components/ui/button';
import { Form, FormField } from '@/components/ui/form';
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

/**
 * The address typed: the quote's own recipient needs none (''); another one, checked as the
 * server checks it (`sendQuoteRequest`), becomes the recipient.
 */
function sendSchema(recipient: string) {
  return z.object({ email: z.string() }).transform(({ email }, context) => {
    const typed = email.trim();
    if (!typed || typed.toLowerCase() === recipient) return { email: '' };
    const parsed = emailAddress.safeParse(typed);
    if (parsed.success) return { email: parsed.data };
    for (const issue of parsed.error.issues) {
      context.addIssue({ code: 'custom', path: ['email'], message: issue.message });
    }
    return z.NEVER;
  });
}

function SendToCustomer({ quote }: { quote: Quote }) {
  const send = useSendQuote(quote._id);
  const schema = sendSchema(quote.recipientEmail);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    // The field says what is wrong; the focus stays where it is.
    shouldFocusError: false,
    defaultValues: { email: quote.recipientEmail },
  });

  async function onSubmit({ email }: z.output<typeof schema>) {
    try {
      const result = await send.mutateAsync(email || undefined);
      toastSuccess(result.message);
    } catch (caught) {
      // A refused address is told at the field; anything else by a toast.
      if (isApiError(caught) && caught.details.some((d) => d.path === 'email')) throw caught;
      toastError('Could not send the quote', errorMessage(caught));
    }
  }

  const hint = quote.sentAt
    ? `Last sent ${formatDate(quote.sentAt)}. Sending again mails the same link.`
    : 'The link goes to whom the quote is for; type another address to send it there instead.';
  return (
    <Form
      form={form}
      serverFields={['email']}
      onSubmit={onSubmit}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <FormField
        control={form.control}
        name="email"
        render={(field) => (
          <TextInput
            label="Customer's email"
            type="email"
            autoComplete="off"
            placeholder="customer@example.com"
            hint={hint}
            fieldClassName="flex-1 min-w-0"
            {...field}
          />
        )}
      />
      <Button type="submit" variant="secondary" className="sm:mt-7" disabled={send.isPending}>
        {send.isPending ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <Send aria-hidden="true" />
        )}
        Send to customer
      </Button>
    </Form>
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
