import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  BUSINESS_ADDRESS_MAX,
  BUSINESS_NAME_MAX,
  EMAIL_FOOTER_MAX,
  businessDetailsRequest,
  type BusinessDetails,
  type BusinessDetailsRequest,
} from '@noise/shared/business-details';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toastSuccess } from '@/lib/toast';
import { StaffSection } from '../../components/page-header';
import { useSaveBusinessDetails } from '../api/business-details';

type Values = BusinessDetailsRequest;
type Saved = z.output<typeof businessDetailsRequest>;

const FIELDS = [
  'companyName',
  'abn',
  'address',
  'contactUrl',
  'supportEmail',
  'brandColour',
  'emailFooter',
  'privacyUrl',
  'termsUrl',
  'bankAccountName',
  'bankBsb',
  'bankAccountNumber',
  'invoiceReminderDaysBefore',
  'invoiceReminderDaysAfter',
] as const satisfies readonly (keyof BusinessDetails)[];

const valuesOf = (details: BusinessDetails): Values =>
  Object.fromEntries(FIELDS.map((field) => [field, details[field]])) as Values;

/** A square of the typed colour beside its field, once it is one. */
function Swatch({ colour }: { colour: string }) {
  if (!/^#[0-9a-f]{6}$/i.test(colour.trim())) return null;
  return (
    <span
      aria-hidden="true"
      className="block size-8 rounded-lg border-2 border-ink/10"
      style={{ backgroundColor: colour.trim() }}
    />
  );
}

/**
 * Settings > Business details: the shop's name, ABN and address on invoices and emails, where
 * customers reach it, and the emails' colour, footer and legal links. Saved values apply at once.
 */
export function BusinessDetailsForm({ details }: { details: BusinessDetails }) {
  const save = useSaveBusinessDetails();
  const form = useForm<Values, unknown, Saved>({
    resolver: zodResolver(businessDetailsRequest),
    defaultValues: valuesOf(details),
  });
  const colour = useWatch({ control: form.control, name: 'brandColour' });

  /** A refusal: the alert says why; the fields keep what was typed, and name their own issue. */
  async function submit(body: Saved) {
    const saved = await save.mutateAsync(body);
    // What the server kept (the ABN spaced as the register prints it) replaces what was typed.
    form.reset(valuesOf(saved));
    toastSuccess('Business details saved', 'Emails, invoices and the site use them now.');
  }

  return (
    <Form form={form} serverFields={FIELDS} onSubmit={submit} className="flex flex-col gap-6">
      <StaffSection
        title="Business"
        description="On every tax invoice, adjustment note and email footer."
      >
        <div className="grid min-w-0 gap-5 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="companyName"
            render={(field) => (
              <TextInput
                label="Business name"
                required
                maxLength={BUSINESS_NAME_MAX}
                autoComplete="organization"
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="abn"
            render={(field) => (
              <TextInput
                label="ABN"
                inputMode="numeric"
                autoComplete="off"
                hint="11 digits; spaces are fine. Empty: invoices are titled 'Invoice', not 'Tax invoice'."
                {...field}
              />
            )}
          />
          <div className="min-w-0 sm:col-span-2">
            <FormField
              control={form.control}
              name="address"
              render={(field) => (
                <Textarea
                  label="Address"
                  rows={2}
                  maxLength={BUSINESS_ADDRESS_MAX}
                  autoComplete="street-address"
                  hint="The postal address under the name on invoices and in email footers."
                  {...field}
                />
              )}
            />
          </div>
        </div>
      </StaffSection>

      <StaffSection title="Contact" description="Where the site's and the emails' 'Contact us' go.">
        <div className="grid min-w-0 gap-5 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="contactUrl"
            render={(field) => (
              <TextInput
                label="Contact page"
                type="url"
                inputMode="url"
                placeholder="https://"
                hint="Empty: the support email is offered instead, or no contact link at all."
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="supportEmail"
            render={(field) => (
              <TextInput
                label="Support email"
                type="email"
                inputMode="email"
                autoComplete="email"
                {...field}
              />
            )}
          />
        </div>
      </StaffSection>

      <StaffSection title="Emails" description="How the emails the shop sends look.">
        <div className="grid min-w-0 gap-5 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="brandColour"
            render={(field) => (
              <TextInput
                label="Brand colour"
                placeholder="#c70063"
                autoComplete="off"
                spellCheck={false}
                hint="The button and top of each email and the band of each invoice, as # and six hex digits. Empty: the site's pink."
                trailing={<Swatch colour={colour ?? ''} />}
                {...field}
              />
            )}
          />
          <div className="min-w-0 sm:col-span-2">
            <FormField
              control={form.control}
              name="emailFooter"
              render={(field) => (
                <Textarea
                  label="Footer text"
                  rows={3}
                  maxLength={EMAIL_FOOTER_MAX}
                  hint="A line of your own under the name and address in every email."
                  {...field}
                />
              )}
            />
          </div>
        </div>
      </StaffSection>

      <StaffSection title="Legal pages" description="Linked from every email's footer.">
        <div className="grid min-w-0 gap-5 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="privacyUrl"
            render={(field) => (
              <TextInput
                label="Privacy Policy link"
                type="url"
                inputMode="url"
                placeholder="https://"
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="termsUrl"
            render={(field) => (
              <TextInput
                label="Terms of Service link"
                type="url"
                inputMode="url"
                placeholder="https://"
                {...field}
              />
            )}
          />
        </div>
      </StaffSection>

      <StaffSection
        title="Bank details"
        description="Shown on an invoice's pay page and in its email, for a client who pays by bank transfer. Leave all three empty to offer card payment alone."
      >
        <div className="grid min-w-0 gap-5 sm:grid-cols-2">
          <div className="min-w-0 sm:col-span-2">
            <FormField
              control={form.control}
              name="bankAccountName"
              render={(field) => <TextInput label="Account name" autoComplete="off" {...field} />}
            />
          </div>
          <FormField
            control={form.control}
            name="bankBsb"
            render={(field) => (
              <TextInput
                label="BSB"
                inputMode="numeric"
                autoComplete="off"
                placeholder="062-000"
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="bankAccountNumber"
            render={(field) => (
              <TextInput label="Account number" inputMode="numeric" autoComplete="off" {...field} />
            )}
          />
        </div>
      </StaffSection>

      <StaffSection
        title="Invoice reminders"
        description="An unpaid invoice's customer is reminded this many days before its due date, and again this many days after it. 0 sends none."
      >
        <div className="grid min-w-0 gap-5 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="invoiceReminderDaysBefore"
            render={(field) => (
              <TextInput
                label="Days before the due date"
                type="number"
                inputMode="numeric"
                min={0}
                max={60}
                {...field}
                value={field.value as number | string}
              />
            )}
          />
          <FormField
            control={form.control}
            name="invoiceReminderDaysAfter"
            render={(field) => (
              <TextInput
                label="Days after the due date"
                type="number"
                inputMode="numeric"
                min={0}
                max={60}
                {...field}
                value={field.value as number | string}
              />
            )}
          />
        </div>
      </StaffSection>

      <FormAlert />
      <div className="flex flex-wrap gap-3">
        <FormSubmit variant="secondary" size="lg">
          Save business details
        </FormSubmit>
      </div>
    </Form>
  );
}
