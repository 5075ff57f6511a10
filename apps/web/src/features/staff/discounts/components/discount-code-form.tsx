import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { localDate } from '@noise/shared/dates';
import {
  discountCodeRequest,
  discountLabel,
  type DiscountCode,
  type DiscountCodeRequest,
  type DiscountDuration,
} from '@noise/shared/discounts';
import { formatMoney } from '@noise/shared/pricing';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toastSuccess } from '@/lib/toast';
import { StaffSection } from '../../components/page-header';
import { LoadFailedMessage } from '../../components/staff-table';
import { useManageServices } from '../../api/get-manage-services';
import { useCreateDiscountCode } from '../api/create-discount-code';
import { useUpdateDiscountCode } from '../api/update-discount-code';

const LIST = '/wkm-dashboard/discount-codes';

/** The form as typed: numbers and amounts stay text until the request is built. */
interface DiscountFormValues {
  code: string;
  kind: 'percent' | 'amount';
  percent: string;
  amount: string;
  appliesTo: 'all' | 'chosen';
  serviceIds: string[];
  duration: DiscountDuration;
  startsOn: string;
  endsOn: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  minimumOrder: string;
  active: boolean;
}

/** The fields an issue (the browser's or the server's) can be shown under. */
const FIELDS = [
  'code',
  'kind',
  'percent',
  'amount',
  'serviceIds',
  'duration',
  'startsOn',
  'endsOn',
  'maxUses',
  'maxUsesPerCustomer',
  'minimumOrder',
] as const;
type FieldName = (typeof FIELDS)[number];

const KIND_OPTIONS = [
  { value: 'percent', label: 'Percentage' },
  { value: 'amount', label: 'Fixed amount' },
] as const;
const APPLIES_TO_OPTIONS = [
  { value: 'all', label: 'All services' },
  { value: 'chosen', label: 'Chosen services' },
] as const;
const DURATION_OPTIONS = [
  { value: 'first_payment', label: 'First payment only' },
  { value: 'every_renewal', label: 'Every payment, renewals included' },
] as const;

/** 5000 cents as '50', 4995 as '49.95': dollars as the request takes them. */
function dollarsText(cents: number | null): string {
  if (cents === null) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

function defaultsOf(code: DiscountCode | undefined): DiscountFormValues {
  return {
    code: code?.code ?? '',
    kind: code?.kind ?? 'percent',
    percent: code?.percent === null || code?.percent === undefined ? '' : String(code.percent),
    amount: dollarsText(code?.amountCents ?? null),
    appliesTo: code && code.serviceIds.length > 0 ? 'chosen' : 'all',
    serviceIds: code?.serviceIds ?? [],
    duration: code?.duration ?? 'first_payment',
    startsOn: code?.startsOn ?? localDate(new Date()),
    endsOn: code?.endsOn ?? '',
    maxUses: code?.maxUses === null || code?.maxUses === undefined ? '' : String(code.maxUses),
    maxUsesPerCustomer:
      code?.maxUsesPerCustomer === null || code?.maxUsesPerCustomer === undefined
        ? ''
        : String(code.maxUsesPerCustomer),
    minimumOrder: dollarsText(code?.minimumOrderCents ?? null),
    active: code?.active ?? true,
  };
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** The request as the API takes it: amounts in dollars (the server makes them cents). */
function toRequest(values: DiscountFormValues): DiscountCodeRequest {
  return {
    code: values.code.trim(),
    kind: values.kind,
    percent: values.kind === 'percent' ? numberOrNull(values.percent) : null,
    amount: values.kind === 'amount' ? textOrNull(values.amount) : null,
    serviceIds: values.appliesTo === 'chosen' ? values.serviceIds : [],
    duration: values.duration,
    startsOn: values.startsOn,
    endsOn: textOrNull(values.endsOn),
    maxUses: numberOrNull(values.maxUses),
    maxUsesPerCustomer: numberOrNull(values.maxUsesPerCustomer),
    minimumOrder: textOrNull(values.minimumOrder),
    active: values.active,
  };
}

/**
 * The shared schema's issues, one per field. Its rules between fields (the percentage's range,
 * the end after the start) run only once every field is right, so they are also checked with
 * the other fields set aside: every mistake shows at the first try.
 */
function issuesOf(body: DiscountCodeRequest, appliesTo: DiscountFormValues['appliesTo']) {
  const issues = new Map<FieldName, string>();
  const add = (path: readonly PropertyKey[], message: string) => {
    const field = FIELDS.find((name) => name === path[0]);
    if (field && !issues.has(field)) issues.set(field, message);
  };
  const result = discountCodeRequest.safeParse(body);
  if (!result.success) {
    for (const issue of result.error.issues) add(issue.path, issue.message);
    const betweenFields = discountCodeRequest.safeParse({
      ...body,
      code: 'CHECK',
      serviceIds: [],
      maxUses: null,
      maxUsesPerCustomer: null,
      minimumOrder: null,
    });
    if (!betweenFields.success) {
      for (const issue of betweenFields.error.issues) add(issue.path, issue.message);
    }
  }
  if (appliesTo === 'chosen' && (body.serviceIds ?? []).length === 0) {
    add(['serviceIds'], 'Choose at least one service, or apply the code to all services');
  }
  return issues;
}

/** The form checked as the request will be: each field's first issue under it, nothing changed. */
const discountSchema = z.custom<DiscountFormValues>().superRefine((values, context) => {
  const issues = issuesOf(toRequest(values), values.appliesTo);
  for (const field of FIELDS) {
    const message = issues.get(field);
    if (message) context.addIssue({ code: 'custom', path: [field], message });
  }
});

/** 'Customers see: 20% off the first payment', once the discount can be read. */
function DiscountPreview({ values }: { values: DiscountFormValues }) {
  const percent = Number(values.percent);
  const amount = Number(values.amount.replace(/,/g, ''));
  const readable =
    values.kind === 'percent'
      ? Number.isInteger(percent) && percent >= 1 && percent <= 100
      : values.amount.trim() !== '' && Number.isFinite(amount) && amount > 0;
  if (!readable) return null;
  const label = discountLabel(
    {
      kind: values.kind,
      percent: values.kind === 'percent' ? percent : 0,
      amountCents: values.kind === 'amount' ? Math.round(amount * 100) : 0,
      duration: values.duration,
    },
    formatMoney,
  );
  return (
    <p className="text-sm text-muted sm:col-span-2" aria-live="polite">
      Customers see: <span className="font-semibold text-ink">{label}</span>
      {values.kind === 'amount' ? ' (before GST)' : null}
    </p>
  );
}

function ServiceChoices({
  chosen,
  onChange,
  error,
}: {
  chosen: string[];
  onChange: (ids: string[]) => void;
  error: string | undefined;
}) {
  const services = useManageServices();
  const errorId = useId();
  if (services.isPending) {
    return <p className="text-sm text-muted">Loading services…</p>;
  }
  if (services.isError) {
    return (
      <p className="text-sm text-muted">
        <LoadFailedMessage what="services" onRetry={() => void services.refetch()} />
      </p>
    );
  }
  // Archived services leave the choice, unless the code names them already.
  const shown = services.data.filter(
    (service) => !service.archived || chosen.includes(service._id),
  );
  return (
    <fieldset
      className="min-w-0 rounded-xl border-2 border-line p-4"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="px-2 text-sm font-semibold">Services</legend>
      {shown.length === 0 ? (
        <p className="text-sm text-muted">No services yet.</p>
      ) : (
        <ul className="grid max-h-72 gap-3 overflow-y-auto py-1 sm:grid-cols-2">
          {shown.map((service) => (
            <li key={service._id} className="min-w-0 break-words">
              <Checkbox
                label={service.archived ? `${service.title} (archived)` : service.title}
                checked={chosen.includes(service._id)}
                onCheckedChange={(on) =>
                  onChange(
                    on === true
                      ? [...chosen, service._id]
                      : chosen.filter((id) => id !== service._id),
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p id={errorId} className="mt-3 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** 'New discount code' / 'Edit discount code'; archiving is saving it with Active unticked. */
export function DiscountCodeForm({ discountCode }: { discountCode?: DiscountCode }) {
  const editing = discountCode !== undefined;
  const navigate = useNavigate();
  const create = useCreateDiscountCode();
  const update = useUpdateDiscountCode(discountCode?._id ?? '');
  const save = editing ? update : create;
  const form = useForm<DiscountFormValues>({
    resolver: zodResolver(discountSchema),
    defaultValues: defaultsOf(discountCode),
  });
  const values = useWatch({ control: form.control }) as DiscountFormValues;

  /** A refusal: the alert says why; the fields keep what was typed, and name their own issue. */
  async function submit(current: DiscountFormValues) {
    await save.mutateAsync(toRequest(current));
    toastSuccess('Discount code saved');
    navigate(LIST);
  }

  return (
    <Form form={form} serverFields={FIELDS} onSubmit={submit} className="flex flex-col gap-6">
      <StaffSection title="Discount">
        <div className="grid min-w-0 gap-5 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="code"
            render={(field) => (
              <TextInput
                label="Code"
                required
                maxLength={32}
                autoComplete="off"
                spellCheck={false}
                hint="What customers type: letters, digits, - and _; capitals do not matter."
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="kind"
            render={(field) => <Select label="Type" options={KIND_OPTIONS} {...field} />}
          />
          {values.kind === 'amount' ? (
            <FormField
              key="amount"
              control={form.control}
              name="amount"
              render={(field) => (
                <TextInput
                  label="Amount (exc. GST)"
                  inputMode="decimal"
                  required
                  hint="Dollars off each discounted payment, before GST: 50 or 49.95."
                  {...field}
                />
              )}
            />
          ) : (
            <FormField
              key="percent"
              control={form.control}
              name="percent"
              render={(field) => (
                <TextInput
                  label="Percentage"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={100}
                  step={1}
                  required
                  hint="A whole percent, 1 to 100."
                  {...field}
                />
              )}
            />
          )}
          <FormField
            control={form.control}
            name="duration"
            render={(field) => (
              <Select
                label="Applies to payments"
                options={DURATION_OPTIONS}
                hint="For a subscription: only its first payment, or every renewal too."
                {...field}
              />
            )}
          />
          <DiscountPreview values={values} />
        </div>
      </StaffSection>

      <StaffSection title="Where it applies">
        <div className="grid min-w-0 gap-5 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="appliesTo"
            render={(field) => (
              <Select label="Applies to" options={APPLIES_TO_OPTIONS} {...field} />
            )}
          />
          <FormField
            control={form.control}
            name="minimumOrder"
            render={(field) => (
              <TextInput
                label="Minimum order (exc. GST)"
                inputMode="decimal"
                hint="Optional: the first payment before GST must reach this many dollars."
                {...field}
              />
            )}
          />
          {values.appliesTo === 'chosen' ? (
            <div className="min-w-0 sm:col-span-2">
              <FormField
                control={form.control}
                name="serviceIds"
                render={(field) => (
                  <ServiceChoices
                    chosen={field.value}
                    onChange={field.onChange}
                    error={field.error}
                  />
                )}
              />
            </div>
          ) : null}
        </div>
      </StaffSection>

      <StaffSection title="When and how often">
        <div className="grid min-w-0 gap-5 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="startsOn"
            render={(field) => <TextInput label="Starts on" type="date" required {...field} />}
          />
          <FormField
            control={form.control}
            name="endsOn"
            render={(field) => (
              <TextInput
                label="Ends on"
                type="date"
                hint="Optional: the last day it can be used. Empty: no end."
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="maxUses"
            render={(field) => (
              <TextInput
                label="Total uses"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                hint="Optional: empty for no limit."
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="maxUsesPerCustomer"
            render={(field) => (
              <TextInput
                label="Uses per customer"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                hint="Optional: empty for no limit."
                {...field}
              />
            )}
          />
          <div className="sm:col-span-2">
            <FormField
              control={form.control}
              name="active"
              render={(field) => (
                <Checkbox
                  label="Active"
                  checked={field.value}
                  onCheckedChange={(on) => field.onChange(on === true)}
                />
              )}
            />
            <p className="mt-1.5 text-sm text-muted">
              Untick to archive the code: customers can no longer use it.
            </p>
          </div>
        </div>
      </StaffSection>

      <FormAlert />
      <div className="flex flex-wrap gap-3">
        <FormSubmit variant="secondary" size="lg">
          {editing ? 'Save discount code' : 'Create discount code'}
        </FormSubmit>
        <Button variant="ghost" size="lg" onClick={() => navigate(LIST)}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
