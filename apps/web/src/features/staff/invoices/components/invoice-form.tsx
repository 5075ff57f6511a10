import { Loader2, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  billLineInput,
  billMoney,
  billRequest,
  type Bill,
  type BillLine,
  type BillRequest,
} from '@noise/shared/bills';
import type { QuoteCustomer } from '@noise/shared/quote';
import { formatMoney } from '@noise/shared/pricing';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { TextInput } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { FormErrorAlert } from '../../components/form-error';
import { StaffSection } from '../../components/page-header';
import { RecipientField } from '../../components/recipient-field';

interface LineDraft {
  key: number;
  description: string;
  quantity: string;
  unitPrice: string;
  gst: boolean;
}

let nextKey = 1;
const emptyLine = (): LineDraft => ({
  key: nextKey++,
  description: '',
  quantity: '1',
  unitPrice: '',
  gst: true,
});

const lineDraftOf = (line: BillLine): LineDraft => ({
  key: nextKey++,
  description: line.description,
  quantity: String(line.quantityHundredths / 100),
  unitPrice: (line.unitCents / 100).toFixed(2),
  gst: line.gst,
});

type Errors = Record<string, string>;

/** Each problem under its field's path ('lines.0.unitPrice', 'dueDate'): the first one wins. */
function errorsOf(issues: readonly { path: PropertyKey[] | string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const path = Array.isArray(issue.path) ? issue.path.join('.') : String(issue.path);
    const key = path.replace(/^body\./, '');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * 'New invoice' and a draft's edits (docs/product.md#invoices): who it is for, its lines with a
 * running total worked out as the server will, the due date and a note. Bad input is shown on
 * its field and nothing is sent; a refusal from the server keeps what was typed.
 */
export function InvoiceForm({
  bill,
  busy,
  error,
  onSave,
}: {
  bill?: Bill;
  busy: boolean;
  error: unknown;
  onSave: (body: BillRequest, then: 'save' | 'send') => void;
}) {
  const [customer, setCustomer] = useState<QuoteCustomer | null>(
    bill ? { id: bill.customer._id, name: bill.customer.name, email: bill.customer.email } : null,
  );
  const [text, setText] = useState('');
  const [lines, setLines] = useState<LineDraft[]>(() =>
    bill ? bill.lines.map(lineDraftOf) : [emptyLine()],
  );
  const [dueDate, setDueDate] = useState(bill?.dueDate ?? '');
  const [note, setNote] = useState(bill?.note ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const serverErrors = isApiError(error) ? errorsOf(error.details) : {};
  const shown = { ...serverErrors, ...errors };

  // The running figures: of the lines that are complete and valid, as the server counts them.
  const valid = lines
    .map((line) => billLineInput.safeParse(line))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []));
  const money = billMoney(valid);

  function change(key: number, patch: Partial<LineDraft>) {
    setLines((all) => all.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  }

  function submit(event: FormEvent<HTMLFormElement>, then: 'save' | 'send') {
    event.preventDefault();
    const body: BillRequest = {
      customerId: customer?.id ?? null,
      email: customer ? '' : text.trim().toLowerCase(),
      lines: lines.map(({ description, quantity, unitPrice, gst }) => ({
        description,
        quantity,
        unitPrice,
        gst,
      })),
      dueDate,
      note,
    };
    const parsed = billRequest.safeParse(body);
    const found = parsed.success ? {} : errorsOf(parsed.error.issues);
    if (!customer && !text.trim()) found.email = 'Choose a customer, or type their email address';
    setErrors(found);
    if (Object.keys(found).length) return;
    onSave(body, then);
  }

  const submitter = (event: FormEvent<HTMLFormElement>) => {
    const native = event.nativeEvent as SubmitEvent;
    const then = (native.submitter as HTMLButtonElement | null)?.value === 'send' ? 'send' : 'save';
    submit(event, then);
  };

  return (
    <form onSubmit={submitter} noValidate className="grid min-w-0 gap-8">
      <StaffSection title="Customer">
        <RecipientField
          customer={customer}
          text={text}
          error={shown.email ?? shown.customerId}
          onChoose={(chosen) => {
            setCustomer(chosen);
            setErrors(({ email: _e, customerId: _c, ...rest }) => rest);
          }}
          onType={(typed) => {
            setCustomer(null);
            setText(typed);
          }}
        />
      </StaffSection>

      <StaffSection title="Lines" description="Amounts before GST. Untick GST for a GST-free line.">
        <ol className="grid gap-5">
          {lines.map((line, index) => {
            const at = (field: string) => shown[`lines.${index}.${field}`];
            const figures = billLineInput.safeParse(line);
            const lineMoney = figures.success ? billMoney([figures.data]) : null;
            return (
              <li
                key={line.key}
                aria-label={`Line ${index + 1}`}
                className="grid min-w-0 gap-4 rounded-2xl border-2 border-ink/10 p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_6rem_9rem]"
              >
                <div className="min-w-0 sm:col-span-2 lg:col-span-1">
                  <TextInput
                    label={`Line ${index + 1} description`}
                    value={line.description}
                    error={at('description')}
                    onChange={(event) => change(line.key, { description: event.target.value })}
                  />
                </div>
                <TextInput
                  label="Quantity"
                  inputMode="decimal"
                  value={line.quantity}
                  error={at('quantity')}
                  onChange={(event) => change(line.key, { quantity: event.target.value })}
                />
                <TextInput
                  label="Unit price ($)"
                  inputMode="decimal"
                  placeholder="0.00"
                  value={line.unitPrice}
                  error={at('unitPrice')}
                  onChange={(event) => change(line.key, { unitPrice: event.target.value })}
                />
                <div className="flex min-w-0 flex-wrap items-center justify-between gap-3 sm:col-span-2 lg:col-span-3">
                  <Checkbox
                    label="GST applies"
                    checked={line.gst}
                    onCheckedChange={(checked) => change(line.key, { gst: checked === true })}
                  />
                  <span className="text-sm text-muted tabular-nums">
                    {lineMoney
                      ? line.gst
                        ? `${formatMoney(lineMoney.subtotalCents)} + GST ${formatMoney(lineMoney.gstCents)}`
                        : `${formatMoney(lineMoney.subtotalCents)}, GST-free`
                      : ''}
                  </span>
                  {lines.length > 1 ? (
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                    >
                      <Trash2 aria-hidden="true" />
                      Remove<span className="sr-only"> line {index + 1}</span>
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
        {shown.lines ? (
          <p role="alert" className="mt-3 text-sm font-semibold text-danger">
            {shown.lines}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
          <Button
            type="button"
            variant="outline"
            onClick={() => setLines((all) => [...all, emptyLine()])}
          >
            <Plus aria-hidden="true" />
            Add line
          </Button>
          <dl className="grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm tabular-nums">
            <dt className="text-muted">Subtotal</dt>
            <dd className="text-right">{formatMoney(money.subtotalCents)}</dd>
            <dt className="text-muted">GST</dt>
            <dd className="text-right">{formatMoney(money.gstCents)}</dd>
            <dt className="font-bold">Total</dt>
            <dd className="text-right font-bold">{formatMoney(money.totalCents)}</dd>
          </dl>
        </div>
      </StaffSection>

      <StaffSection title="Due date and note">
        <div className="grid min-w-0 gap-5 sm:grid-cols-2">
          <TextInput
            label="Due date"
            type="date"
            value={dueDate}
            error={shown.dueDate}
            onChange={(event) => setDueDate(event.target.value)}
          />
          <div className="min-w-0 sm:col-span-2">
            <Textarea
              label="Note to the customer"
              rows={3}
              value={note}
              error={shown.note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
        </div>
      </StaffSection>

      {error ? <FormErrorAlert error={error} /> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="then" value="send" size="lg" disabled={busy}>
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Send invoice
        </Button>
        <Button type="submit" name="then" value="save" variant="outline" size="lg" disabled={busy}>
          Save draft
        </Button>
      </div>
    </form>
  );
}
