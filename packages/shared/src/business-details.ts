import { z } from 'zod';
import { EMAIL_MESSAGE } from './fields.ts';

/**
 * The shop's own details (docs/product.md#business-details, docs/decisions/090): who sends the
 * emails, whose name and ABN are on the invoices, where the site's 'Contact us' goes. The server
 * starts from its environment variables and a super-admin's saved values replace them.
 */

export const BUSINESS_NAME_MAX = 120;
export const BUSINESS_ADDRESS_MAX = 300;
export const EMAIL_FOOTER_MAX = 500;
/** The largest logo file taken; what is kept is a PNG at most LOGO_MAX_WIDTH × LOGO_MAX_HEIGHT. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MAX_WIDTH = 600;
export const LOGO_MAX_HEIGHT = 200;

/** Where the logo is served ('' with none): its address names its version, so it never goes stale. */
export const logoPathOf = (logo: { version: string } | null) =>
  logo ? `/api/business/logo/${logo.version}.png` : '';

/** The weights of the ABN checksum (the Australian Business Register's published rule). */
const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/**
 * Whether `text` is an ABN: 11 digits (spaces allowed) whose weighted sum, after taking 1 from
 * the first digit, divides by 89. Catches most typing slips before they reach a tax invoice.
 */
export function isValidAbn(text: string): boolean {
  const digits = text.replace(/\s+/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = ABN_WEIGHTS.reduce((total, weight, i) => {
    const digit = Number(digits[i]) - (i === 0 ? 1 : 0);
    return total + digit * weight;
  }, 0);
  return sum % 89 === 0;
}

/** '51824753556' as the register prints it: '51 824 753 556'. */
export function formatAbn(text: string): string {
  const d = text.replace(/\s+/g, '');
  return `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}`;
}

export const ABN_LENGTH_MESSAGE = 'An ABN is 11 digits, such as 51 824 753 556';
export const ABN_MESSAGE =
  'This ABN’s check digits do not add up: copy it from the ABN register (abr.business.gov.au)';

const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `The ${label} must be at most 500 characters`)
    .refine(
      (text) => text === '' || /^https?:\/\/[^\s<>"]+\.[^\s<>"]+$/i.test(text),
      `Enter the ${label} as a full web address starting with https://`,
    );

/** An invoice's reminders, unless the Business details say otherwise (decision 093). */
export const DEFAULT_REMINDER_DAYS_BEFORE = 3;
export const DEFAULT_REMINDER_DAYS_AFTER = 1;

const reminderDays = (when: string, byDefault: number) =>
  z.coerce
    .number({ message: `Days ${when} must be a whole number` })
    .int(`Days ${when} must be a whole number`)
    .min(0, `Days ${when} cannot be negative`)
    .max(60, `Days ${when} can be at most 60`)
    .default(byDefault);

export const businessDetailsRequest = z
  .object({
    companyName: z
      .string()
      .trim()
      .min(1, 'Enter the business name')
      .max(BUSINESS_NAME_MAX, `The business name must be at most ${BUSINESS_NAME_MAX} characters`)
      .refine((text) => !/[<>]/.test(text), 'The business name cannot contain < or >'),
    abn: z
      .string()
      .trim()
      // One message at a time: a number of the wrong length has no check digits to speak of.
      .refine((text) => text === '' || /^\d{11}$/.test(text.replace(/\s+/g, '')), {
        message: ABN_LENGTH_MESSAGE,
        abort: true,
      })
      .refine((text) => text === '' || isValidAbn(text), ABN_MESSAGE)
      .transform((text) => (text === '' ? '' : formatAbn(text))),
    address: z
      .string()
      .trim()
      .max(BUSINESS_ADDRESS_MAX, `The address must be at most ${BUSINESS_ADDRESS_MAX} characters`),
    contactUrl: optionalUrl('contact page'),
    supportEmail: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .refine((text) => text === '' || z.email().safeParse(text).success, EMAIL_MESSAGE),
    brandColour: z
      .string()
      .trim()
      .refine(
        (text) => text === '' || /^#[0-9a-f]{6}$/i.test(text),
        'Enter the colour as # and six hex digits, such as #c70063',
      )
      .transform((text) => text.toLowerCase()),
    emailFooter: z
      .string()
      .trim()
      .max(EMAIL_FOOTER_MAX, `The footer text must be at most ${EMAIL_FOOTER_MAX} characters`),
    privacyUrl: optionalUrl('Privacy Policy link'),
    termsUrl: optionalUrl('Terms of Service link'),
    /**
     * The account a staff invoice may be paid into by transfer (docs/decisions/094): shown on the
     * invoice's pay page and in its mail once all three are set.
     */
    bankAccountName: z
      .string()
      .trim()
      .max(120, 'The account name must be at most 120 characters')
      .refine((text) => !/[<>]/.test(text), 'The account name cannot contain < or >')
      .default(''),
    bankBsb: z
      .string()
      .trim()
      .refine(
        (text) => text === '' || /^\d{3}-?\d{3}$/.test(text),
        'A BSB is 6 digits, such as 062-000',
      )
      .transform((text) =>
        text === '' ? '' : `${text.replace('-', '').slice(0, 3)}-${text.replace('-', '').slice(3)}`,
      )
      .default(''),
    bankAccountNumber: z
      .string()
      .trim()
      .refine(
        (text) => text === '' || /^\d{4,10}$/.test(text.replace(/\s+/g, '')),
        'An account number is 4 to 10 digits',
      )
      .transform((text) => text.replace(/\s+/g, ''))
      .default(''),
    /**
     * The reminders of an unpaid invoice (docs/product.md#invoices): this many days before its
     * due date, and this many after it; 0 sends none.
     */
    invoiceReminderDaysBefore: reminderDays('before the due date', DEFAULT_REMINDER_DAYS_BEFORE),
    invoiceReminderDaysAfter: reminderDays('after the due date', DEFAULT_REMINDER_DAYS_AFTER),
  })
  .superRefine((details, context) => {
    // All three or none: half an account would send a transfer nowhere.
    const bank = {
      bankAccountName: ['account name', details.bankAccountName],
      bankBsb: ['BSB', details.bankBsb],
      bankAccountNumber: ['account number', details.bankAccountNumber],
    } as const;
    if (Object.values(bank).every(([, value]) => value === '')) return;
    for (const [field, [label, value]] of Object.entries(bank)) {
      if (value === '') {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: `Enter the ${label} too, or clear the bank details`,
        });
      }
    }
  });
export type BusinessDetailsRequest = z.input<typeof businessDetailsRequest>;

/** The details in force; empty text is 'not set'. */
export const businessDetailsValues = z.object({
  companyName: z.string(),
  abn: z.string(),
  address: z.string(),
  contactUrl: z.string(),
  supportEmail: z.string(),
  brandColour: z.string(),
  emailFooter: z.string(),
  privacyUrl: z.string(),
  termsUrl: z.string(),
  bankAccountName: z.string(),
  bankBsb: z.string(),
  bankAccountNumber: z.string(),
  invoiceReminderDaysBefore: z.number().int(),
  invoiceReminderDaysAfter: z.number().int(),
});
export type BusinessDetails = z.infer<typeof businessDetailsValues>;

/**
 * Where the site's 'Contact' goes: the contact page, else the support email as a mailto: link,
 * else nowhere ('': the site then shows no contact link rather than a placeholder page).
 */
export const contactLinkOf = (details: Pick<BusinessDetails, 'contactUrl' | 'supportEmail'>) =>
  details.contactUrl || (details.supportEmail ? `mailto:${details.supportEmail}` : '');

/** The settings screen's answer: the details, and when they were last saved there. */
export const businessDetailsSchema = businessDetailsValues.extend({
  /** The uploaded logo's address on this site ('' with none); it changes with the logo. */
  logoUrl: z.string(),
  /** Null while the details are the server's environment variables (never saved here). */
  savedAt: z.string().nullable(),
  savedByName: z.string().nullable(),
});
export type BusinessDetailsAnswer = z.infer<typeof businessDetailsSchema>;

/** The bank account to show for a transfer, or null until all three parts are set. */
export function bankDetailsOf(details: BusinessDetails) {
  if (!details.bankAccountName || !details.bankBsb || !details.bankAccountNumber) return null;
  return {
    accountName: details.bankAccountName,
    bsb: details.bankBsb,
    accountNumber: details.bankAccountNumber,
  };
}
