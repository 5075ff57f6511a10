import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
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
import { Form, FormAlert, FormField } from '@/components/ui/form';
import { showServerRefusal } from '@/components/ui/form-refusal';
import { TextInput } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { StaffSection } from '../../components/page-header';
import { RecipientField } from '../../components/recipient-field';

interface LineDraft {
  description: string;
  quantity: string;
  unitPrice: string;
  gst: boolean;
}

const emptyLine = (): LineDraft => ({ description: '', quantity: '1', unitPrice: '', gst: true });

const lineDraftOf = (line: BillLine): LineDraft => ({
  description: line.description,
  quantity: String(line.quantityHundredths / 100),
  unitPrice: (line.unitCents / 100).toFixed(2),
  gst: line.gst,
});

interface InvoiceValues {
  /** The customer chosen in 'For'... */
  customer: QuoteCustomer | null;
  /** ...or, without one, what is typed there: a new address. */
  text: string;
  lines: LineDraft[];
  dueDate: string;
  note: string;
}

/** The request the form's values make: what the server is sent, as typed. */
function bodyOf({ customer, text, lines, dueDate, note }: InvoiceValues): BillRequest {
  return {
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
}

/** The request's paths on the form's fields: who it is for is the one field 'text'. */
const fieldOf = (path: string) => (path === 'email' || path === 'customerId' ? 'text' : path);

/** Checked as the server checks the request, each reason under its field; nothing is changed. */
const invoiceSchema = z.custom<InvoiceValues>().superRefine((values, context) => {
  if (!values.customer && !values.text.trim()) {
    context.addIssue({
      code: 'custom',
      path: ['text'],
      message: 'Choose a customer, or type their email address',
    });
  }
  const parsed = billRequest.safeParse(bodyOf(values));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [first, ...rest] = issue.path.map(String);
    context.addIssue({
      code: 'custom',
      path: [fieldOf(first ?? ''), ...rest],
      message: issue.message,
    });
  }
});

/** The server's field paths ('body.lines.0.unitPrice', 'body.email') on the form's fields. */
function serverFieldsOf(lineCount: number) {
  const fields: Record<string, FieldPath<InvoiceValues>> = {
    email: 'text',
    customerId: 'text',
    lines: 'lines',
    dueDate: 'dueDate',
    note: 'note',
  };
  for (let index = 0; index < lineCount; index++) {
    for (const name of ['description', 'quantity', 'unitPrice'] as const) {
      fields[`lines.${index}.${name}`] = `lines.${index}.${name}`;
    }
  }
  return fields;
}

/**
 * 'New invoice' and a draft's edits (docs/product.md#invoices): who it is for, its lines with a
 * running total worked out as the server will, the due date and a note. Bad input is shown on
 * its field and nothing is sent; a refusal from the server keeps what was typed.
 */
export function InvoiceForm({
  bill,
  sendError,
  onSave,
}: {
  bill?: Bill;
  /** The send's failure after a save: the form may be new since, so the page keeps it. */
  sendError: unknown;
  /** Saves (and sends); throws the server's refusal, which the form shows. */
  onSave: (body: BillRequest, then: 'save' | 'send') => Promise<void>;
}) {
  const form = useForm<InvoiceValues>({
    resolver: zodResolver(invoiceSchema),
    // The field says what is wrong; the focus stays where it is.
    shouldFocusError: false,
    defaultValues: {
      customer: bill
        ? { id: bill.customer._id, name: bill.customer.name, email: bill.customer.email }
        : null,
      text: '',
      lines: bill ? bill.lines.map(lineDraftOf) : [emptyLine()],
      dueDate: bill?.dueDate ?? '',
      note: bill?.note ?? '',
    },
  });
  const lineFields = useFieldArray({ control: form.control, name: 'lines' });
  const [customer, lines] = useWatch({ control: form.control, name: ['customer', 'lines'] });
  const busy = form.formState.isSubmitting;
  const { errors } = form.formState;
  const linesError = errors.lines?.message ?? errors.lines?.root?.message;

  // Which button sent the form: 'Send invoice' or 'Save draft' (Enter is 'Send invoice').
  const then = useRef<'save' | 'send'>('save');

  useEffect(() => {
    if (sendError) showServerRefusal(sendError, form);
  }, [form, sendError]);

  // The running figures: of the lines that are complete and valid, as the server counts them.
  const valid = lines
    .map((line) => billLineInput.safeParse(line))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []));
  const money = billMoney(valid);

  return (
    <Form
      form={form}
      serverFields={serverFieldsOf(lineFields.fields.length)}
      onSubmit={(values) => onSave(bodyOf(values), then.current)}
      className="grid min-w-0 gap-8"
    >
      <StaffSection title="Customer">
        <FormField
          control={form.control}
          name="text"
          render={(field) => (
            <RecipientField
              customer={customer}
              text={field.value}
              error={field.error}
              onChoose={(chosen) => {
                form.setValue('customer', chosen);
                form.clearErrors('text');
              }}
              onType={(typed) => {
                form.setValue('customer', null);
                field.onChange(typed);
              }}
            />
          )}
        />
      </StaffSection>

      <StaffSection title="Lines" description="Amounts before GST. Untick GST for a GST-free line.">
        <ol className="grid gap-5">
          {lineFields.fields.map((row, index) => {
            const line = lines[index] ?? row;
            const figures = billLineInput.safeParse(line);
            const lineMoney = figures.success ? billMoney([figures.data]) : null;
            return (
              <li
                key={row.id}
                aria-label={`Line ${index + 1}`}
                className="grid min-w-0 gap-4 rounded-2xl border-2 border-ink/10 p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_6rem_9rem]"
              >
                <div className="min-w-0 sm:col-span-2 lg:col-span-1">
                  <FormField
                    control={form.control}
                    name={`lines.${index}.description`}
                    render={(field) => (
                      <TextInput label={`Line ${index + 1} description`} {...field} />
                    )}
                  />
                </div>
                <FormField
                  control={form.control}
                  name={`lines.${index}.quantity`}
                  render={(field) => <TextInput label="Quantity" inputMode="decimal" {...field} />}
                />
                <FormField
                  control={form.control}
                  name={`lines.${index}.unitPrice`}
                  render={(field) => (
                    <TextInput
                      label="Unit price ($)"
                      inputMode="decimal"
                      placeholder="0.00"
                      {...field}
                    />
                  )}
                />
                <div className="flex min-w-0 flex-wrap items-center justify-between gap-3 sm:col-span-2 lg:col-span-3">
                  <FormField
                    control={form.control}
                    name={`lines.${index}.gst`}
                    render={(field) => (
                      <Checkbox
                        label="GST applies"
                        name={field.name}
                        checked={field.value}
                        onCheckedChange={(checked) => field.onChange(checked === true)}
                        onBlur={field.onBlur}
                        ref={field.ref}
                      />
                    )}
                  />
                  <span className="text-sm text-muted tabular-nums">
                    {lineMoney
                      ? line.gst
                        ? `${formatMoney(lineMoney.subtotalCents)} + GST ${formatMoney(lineMoney.gstCents)}`
                        : `${formatMoney(lineMoney.subtotalCents)}, GST-free`
                      : ''}
                  </span>
                  {lineFields.fields.length > 1 ? (
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() => lineFields.remove(index)}
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
        {linesError ? (
          <p role="alert" className="mt-3 text-sm font-semibold text-danger">
            {linesError}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
          <Button
            type="button"
            variant="outline"
            onClick={() => lineFields.append(emptyLine(), { shouldFocus: false })}
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
          <FormField
            control={form.control}
            name="dueDate"
            render={(field) => <TextInput label="Due date" type="date" {...field} />}
          />
          <div className="min-w-0 sm:col-span-2">
            <FormField
              control={form.control}
              name="note"
              render={(field) => <Textarea label="Note to the customer" rows={3} {...field} />}
            />
          </div>
        </div>
      </StaffSection>

      <FormAlert />
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          name="then"
          value="send"
          size="lg"
          disabled={busy}
          onClick={() => (then.current = 'send')}
        >
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Send invoice
        </Button>
        <Button
          type="submit"
          name="then"
          value="save"
          variant="outline"
          size="lg"
          disabled={busy}
          onClick={() => (then.current = 'save')}
        >
          Save draft
        </Button>
      </div>
    </Form>
  );
}
