import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { quoteRequest, splitCommaList, type Quote, type QuoteCustomer } from '@noise/shared/quote';
import { DEFAULT_DELIVERY_DAYS } from '@noise/shared/due-dates';
import { formatMoney, priceQuote, toCents } from '@noise/shared/pricing';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { FormErrorAlert } from '../../components/form-error';
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
import { RecipientField } from './recipient-field';

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
] as const;

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

/** 'New Custom Quote' / 'Edit Custom Quote' (docs/product.md#custom-quotes); paid is read-only. */
export function QuoteForm({ quote }: { quote?: Quote }) {
  const editing = quote !== undefined;
  const navigate = useNavigate();
  const create = useCreateQuote();
  const update = useUpdateQuote(quote?._id ?? '');
  const save = editing ? update : create;
  const form = useForm<QuoteFormInput, unknown, QuoteFormOutput>({
    resolver: zodResolver(quoteRequest),
    defaultValues: {
      name: quote?.name ?? '',
      summary: quote?.summary ?? '',
      internalNotes: quote?.internalNotes ?? '',
      deliverables: quote?.deliverables ?? '',
      extras: quote?.extras ?? '',
      value: quote?.value,
      deliveryDays: String(quote?.deliveryDays ?? DEFAULT_DELIVERY_DAYS),
      customerId: quote?.customer?.id ?? null,
      recipientEmail: quote?.recipientEmail ?? '',
    },
  });
  // The brief's questions have a form of their own, shared with the service form's editor; they
  // go into the quote's when it is saved.
  const questionsForm = useForm<QuestionsFormValues>({
    resolver: zodResolver(questionsFormSchema),
    defaultValues: { intakeQuestions: toQuestionValues(quote?.intakeQuestions ?? []) },
  });
  const formId = useId();
  const { errors } = form.formState;
  const [value, deliverables, extras, recipientEmail] = useWatch({
    control: form.control,
    name: ['value', 'deliverables', 'extras', 'recipientEmail'],
  });
  // The customer chosen in 'For', shown by name; the form itself carries their id.
  const [customer, setCustomer] = useState<QuoteCustomer | null>(quote?.customer ?? null);
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

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Both parts are checked at once, so every mistake shows together.
    const questionsValid = await questionsForm.trigger(undefined, { shouldFocus: true });
    form.setValue('intakeQuestions', toQuestions(questionsForm.getValues('intakeQuestions')));
    await form.handleSubmit(async (values) => {
      if (questionsValid) await submit(values);
    })(event);
  }

  async function submit(values: QuoteFormOutput) {
    try {
      const saved = editing ? await update.mutateAsync(values) : await create.mutateAsync(values);
      if (editing) {
        toastSuccess('Quote updated');
        navigate(LIST);
      } else {
        // Straight to the saved quote, where its payment link can be generated and sent.
        toastSuccess('Quote created', 'Generate its link below to send it to the customer.');
        navigate(`${LIST}/edit/${saved._id}`, { replace: true });
      }
    } catch (error) {
      if (isApiError(error)) {
        for (const detail of error.details) {
          const field = FIELDS.find((f) => f === detail.path);
          if (field) form.setError(field, { message: detail.message });
        }
      }
    }
  }

  const paid = quote?.paid ?? false;
  return (
    <div className="flex flex-col gap-6">
      <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate>
        <StaffSection title="Quote">
          <fieldset disabled={paid} className="grid min-w-0 gap-5 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <TextInput
                label="Quote Name"
                required
                maxLength={200}
                error={errors.name?.message}
                {...form.register('name')}
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
              <Textarea
                label="Summary for the customer"
                hint="Shown on the quote's payment page and on the customer's project."
                error={errors.summary?.message}
                {...form.register('summary')}
              />
            </div>
            <div className="sm:col-span-2">
              <Textarea
                label="Internal notes"
                hint="Only staff see these: never the customer."
                error={errors.internalNotes?.message}
                {...form.register('internalNotes')}
              />
            </div>
            <div>
              <Textarea
                label="Deliverables"
                hint="Separate them with commas: each becomes a line on the customer's page."
                error={errors.deliverables?.message}
                {...form.register('deliverables')}
              />
              <LinesPreview text={deliverables} />
            </div>
            <div>
              <Textarea
                label="Additional Extras"
                hint="Separate them with commas: each becomes a line on the customer's page."
                error={errors.extras?.message}
                {...form.register('extras')}
              />
              <LinesPreview text={extras} />
            </div>
            <TextInput
              label="Price"
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              required
              hint={priceHint}
              error={errors.value?.message}
              {...form.register('value', { valueAsNumber: true })}
            />
            <TextInput
              label="Delivery time (working days)"
              inputMode="numeric"
              required
              hint="From the customer's brief to delivery, weekends skipped."
              error={errors.deliveryDays?.message}
              {...form.register('deliveryDays')}
            />
          </fieldset>
        </StaffSection>
      </form>
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
      {save.isError ? <FormErrorAlert error={save.error} /> : null}
      {paid ? null : (
        <div className="flex flex-wrap gap-3">
          <Button
            type="submit"
            form={formId}
            variant="secondary"
            size="lg"
            disabled={save.isPending}
          >
            {save.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {editing ? 'Update Quote' : 'Create Quote'}
          </Button>
          <Button variant="ghost" size="lg" onClick={() => navigate(LIST)}>
            Cancel
          </Button>
        </div>
      )}
    </div>
  );
}
