import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ChangeEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  DEFAULT_PROPOSAL_TERMS,
  depositTermsOf,
  quoteParts,
  quoteRequest,
  splitCommaList,
  type Quote,
  type QuoteCustomer,
  type QuoteDepositInput,
} from '@noise/shared/quote';
import { DEFAULT_DELIVERY_DAYS } from '@noise/shared/due-dates';
import { formatMoney, priceQuote, toCents } from '@noise/shared/pricing';
import { Button } from '@/components/ui/button';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toastSuccess } from '@/lib/toast';
import { IntakeQuestionsEditor } from '../../components/intake/intake-questions-editor';
import {
  questionsFormSchema,
  toQuestions,
  toQuestionValues,
  type QuestionsFormValues,
} from '../../components/intake/question-values';
import { StaffSection } from '../../components/page-header';
import { useCreateQuote } from '../api/create-quote';
import { useUpdateQuote } from '../api/update-quote';
import { QuoteQuestionsSource } from './quote-questions-field';
import { RecipientField } from '../../components/recipient-field';

type QuoteFormInput = z.input<typeof quoteRequest>;
type QuoteFormOutput = z.output<typeof quoteRequest>;
const FIELDS = [
  'name',
  'customerId',
  'recipientEmail',
  'summary',
  'internalNotes',
  'deliverables',
  'extras',
  'value',
  'deliveryDays',
  'deposit.value',
  'terms',
  'validUntil',
] as const;

/** A number input's props for a number field: empty while what is typed is no number. */
function asNumber(field: { value: unknown; onChange: (value: number) => void }) {
  return {
    value: typeof field.value === 'number' && !Number.isNaN(field.value) ? field.value : '',
    onChange: (event: ChangeEvent<HTMLInputElement>) => field.onChange(event.target.valueAsNumber),
  };
}

const depositOptions = [
  { value: 'none', label: 'No deposit: paid in full' },
  { value: 'percent', label: 'A percentage of the price' },
  { value: 'amount', label: 'An amount (before GST)' },
];

/** The deposit the quote had, as the form shows it. */
function depositValues(quote: Quote | undefined): QuoteDepositInput {
  if (quote?.depositPercent != null) return { kind: 'percent', value: quote.depositPercent };
  if (quote?.depositAmount != null) return { kind: 'amount', value: quote.depositAmount };
  return { kind: 'none', value: 0 };
}

/** 'The customer pays $330.00 inc. GST now and $770.00 when you request the balance.' */
function depositHint(value: unknown, deposit: QuoteDepositInput | undefined): string {
  if (!deposit || deposit.kind === 'none') {
    return 'Ask for part of the price first: the project starts when the deposit is paid.';
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    return deposit.kind === 'percent' ? 'A whole percentage, 1 to 99.' : 'In dollars, before GST.';
  }
  const parts = quoteParts({ valueCents: toCents(value), ...depositTermsOf(deposit) });
  if (!parts.deposit || !parts.balance) return 'Less than the price.';
  return `The customer pays ${formatMoney(parts.deposit.totalWithGstCents)} inc. GST now and ${formatMoney(parts.balance.totalWithGstCents)} when you request the balance.`;
}

const LIST = '/wkm-dashboard/custom-quotes';

function LinesPreview({ text }: { text: string | undefined }) {
  const lines = splitCommaList(text ?? '');
  if (lines.length === 0) return null;
  return (
    <ul aria-hidden="true" className="mt-2 flex flex-wrap gap-1.5">
      {lines.map((line, index) => (
        <li key={`${line}-${index}`} className="rounded-full bg-canvas px-2.5 py-0.5 text-xs">
          {line}
        </li>
      ))}
    </ul>
  );
}

/** A general question a new quote answers ('Turn into a quote', docs/product.md#ask-us-anything). */
export interface QuoteSource {
  questionId: string;
  customer: QuoteCustomer | null;
  name: string;
  summary: string;
}

/**
 * 'New Custom Quote' / 'Edit Custom Quote' (docs/product.md#proposals); paid is read-only. A new
 * quote made `from` a general question starts with its customer and text, and links to it.
 */
export function QuoteForm({ quote, from }: { quote?: Quote; from?: QuoteSource }) {
  const editing = quote !== undefined;
  const navigate = useNavigate();
  const create = useCreateQuote();
  const update = useUpdateQuote(quote?._id ?? '');
  const form = useForm<QuoteFormInput, unknown, QuoteFormOutput>({
    resolver: zodResolver(quoteRequest),
    defaultValues: {
      name: quote?.name ?? from?.name ?? '',
      summary: quote?.summary ?? from?.summary ?? '',
      internalNotes: quote?.internalNotes ?? '',
      deliverables: quote?.deliverables ?? '',
      extras: quote?.extras ?? '',
      value: quote?.value,
      deliveryDays: String(quote?.deliveryDays ?? DEFAULT_DELIVERY_DAYS),
      customerId: quote?.customer?.id ?? from?.customer?.id ?? null,
      recipientEmail: quote?.recipientEmail ?? from?.customer?.email ?? '',
      deposit: depositValues(quote),
      terms: quote?.terms ?? DEFAULT_PROPOSAL_TERMS,
      // The day as the date input shows it; the server keeps the end of that day (UTC).
      validUntil: quote?.validUntil?.slice(0, 10) ?? null,
    },
  });
  // The brief's questions have a form of their own, shared with the service form's editor; they
  // go into the quote's when it is saved.
  const questionsForm = useForm<QuestionsFormValues>({
    resolver: zodResolver(questionsFormSchema),
    defaultValues: { intakeQuestions: toQuestionValues(quote?.intakeQuestions ?? []) },
  });
  const { errors } = form.formState;
  const [value, deliverables, extras, recipientEmail, deposit] = useWatch({
    control: form.control,
    name: ['value', 'deliverables', 'extras', 'recipientEmail', 'deposit'],
  });
  // The customer chosen in 'For', shown by name; the form itself carries their id.
  const [customer, setCustomer] = useState<QuoteCustomer | null>(
    quote?.customer ?? from?.customer ?? null,
  );
  const address = (next: QuoteCustomer | null, email: string) => {
    setCustomer(next);
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('customerId', next?.id ?? null, options);
    form.setValue('recipientEmail', email, options);
  };
  const priceHint =
    typeof value === 'number' && Number.isFinite(value) && value > 0
      ? `Before GST. The customer pays ${formatMoney(priceQuote(toCents(value)).totalWithGstCents)} inc. GST.`
      : 'Before GST, in dollars.';

  // Both parts are checked at once, so every mistake shows together: the questions as the quote
  // is submitted, the quote by its form.
  function checkQuestions() {
    form.setValue('intakeQuestions', toQuestions(questionsForm.getValues('intakeQuestions')));
    return questionsForm.trigger(undefined, { shouldFocus: true });
  }

  async function submit(values: QuoteFormOutput) {
    if (!(await questionsForm.trigger())) return;
    const saved = editing
      ? await update.mutateAsync(values)
      : await create.mutateAsync(
          from?.questionId ? { ...values, questionId: from.questionId } : values,
        );
    if (editing) {
      toastSuccess('Quote updated');
      navigate(LIST);
    } else {
      // Straight to the saved quote, where its payment link can be generated and sent.
      toastSuccess('Quote created', 'Generate its link below to send it to the customer.');
      navigate(`${LIST}/edit/${saved._id}`, { replace: true });
    }
  }

  // Paid, its deposit paid (it became a project) or signed by the customer: read-only.
  const paid = (quote?.paid ?? false) || (quote?.depositPaid ?? false) || quote?.accepted != null;
  return (
    <Form
      form={form}
      serverFields={FIELDS}
      onSubmit={submit}
      onSubmitCapture={() => void checkQuestions()}
      className="flex flex-col gap-6"
    >
      <div>
        <StaffSection title="Quote">
          <fieldset disabled={paid} className="grid min-w-0 gap-5 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <FormField
                control={form.control}
                name="name"
                render={(field) => (
                  <TextInput label="Quote Name" required maxLength={200} {...field} />
                )}
              />
            </div>
            <div className="sm:col-span-2">
              <RecipientField
                customer={customer}
                text={recipientEmail ?? ''}
                error={errors.customerId?.message ?? errors.recipientEmail?.message}
                onChoose={(chosen) => address(chosen, chosen.email)}
                onType={(text) => address(null, text)}
              />
            </div>
            <div className="sm:col-span-2">
              <FormField
                control={form.control}
                name="summary"
                render={(field) => (
                  <Textarea
                    label="Summary for the customer"
                    hint="Shown on the quote's payment page and on the customer's project."
                    {...field}
                  />
                )}
              />
            </div>
            <div className="sm:col-span-2">
              <FormField
                control={form.control}
                name="internalNotes"
                render={(field) => (
                  <Textarea
                    label="Internal notes"
                    hint="Only staff see these: never the customer."
                    {...field}
                  />
                )}
              />
            </div>
            <div>
              <FormField
                control={form.control}
                name="deliverables"
                render={(field) => (
                  <Textarea
                    label="Deliverables"
                    hint="Separate them with commas: each becomes a line on the customer's page."
                    {...field}
                  />
                )}
              />
              <LinesPreview text={deliverables} />
            </div>
            <div>
              <FormField
                control={form.control}
                name="extras"
                render={(field) => (
                  <Textarea
                    label="Additional Extras"
                    hint="Separate them with commas: each becomes a line on the customer's page."
                    {...field}
                  />
                )}
              />
              <LinesPreview text={extras} />
            </div>
            <FormField
              control={form.control}
              name="value"
              render={(field) => (
                <TextInput
                  label="Price"
                  type="number"
                  inputMode="decimal"
                  min="0.01"
                  step="0.01"
                  required
                  hint={priceHint}
                  {...field}
                  {...asNumber(field)}
                />
              )}
            />
            <FormField
              control={form.control}
              name="deliveryDays"
              render={(field) => (
                <TextInput
                  label="Delivery time (working days)"
                  inputMode="numeric"
                  required
                  hint="From the customer's brief to delivery, weekends skipped."
                  {...field}
                />
              )}
            />
            <FormField
              control={form.control}
              name="deposit.kind"
              render={(field) => (
                <Select
                  label="Deposit"
                  options={depositOptions}
                  hint={deposit?.kind === 'none' ? depositHint(value, deposit) : undefined}
                  {...field}
                />
              )}
            />
            {deposit?.kind && deposit.kind !== 'none' ? (
              <FormField
                control={form.control}
                name="deposit.value"
                render={(field) => (
                  <TextInput
                    label={deposit.kind === 'percent' ? 'Deposit (%)' : 'Deposit amount'}
                    type="number"
                    inputMode="decimal"
                    min={deposit.kind === 'percent' ? '1' : '0.01'}
                    max={deposit.kind === 'percent' ? '99' : undefined}
                    step={deposit.kind === 'percent' ? '1' : '0.01'}
                    required
                    hint={depositHint(value, deposit)}
                    {...field}
                    {...asNumber(field)}
                    error={field.error ?? errors.deposit?.message}
                  />
                )}
              />
            ) : null}
            <div className="sm:col-span-2">
              <FormField
                control={form.control}
                name="terms"
                render={(field) => (
                  <Textarea
                    label="Terms"
                    hint="What the customer agrees to when they accept and sign. One term a line."
                    rows={6}
                    {...field}
                  />
                )}
              />
            </div>
            <FormField
              control={form.control}
              name="validUntil"
              render={(field) => (
                <TextInput
                  label="Valid until"
                  type="date"
                  hint="Leave empty for 30 days from sending. After it the proposal cannot be accepted or paid."
                  {...field}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.target.value || null)}
                />
              )}
            />
          </fieldset>
        </StaffSection>
      </div>
      <FormProvider {...questionsForm}>
        <IntakeQuestionsEditor
          title="Brief questions"
          disabled={paid}
          lead={
            paid ? null : (
              <QuoteQuestionsSource
                onPick={(questions) =>
                  questionsForm.setValue('intakeQuestions', toQuestionValues(questions), {
                    shouldDirty: true,
                  })
                }
              />
            )
          }
        />
      </FormProvider>
      <FormAlert />
      {paid ? null : (
        <div className="flex flex-wrap gap-3">
          <FormSubmit variant="secondary" size="lg">
            {editing ? 'Update Quote' : 'Create Quote'}
          </FormSubmit>
          <Button variant="ghost" size="lg" onClick={() => navigate(LIST)}>
            Cancel
          </Button>
        </div>
      )}
    </Form>
  );
}
