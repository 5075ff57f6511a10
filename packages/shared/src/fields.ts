import { z } from 'zod';
import { AU_PHONE_MESSAGE, isValidAustralianPhone, normalizePhone } from './phone.ts';

/**
 * The rules of the fields that many requests and forms share, written once and composed into
 * each (docs/product.md#people-and-contact-details). A form validates with the `...Field`
 * schemas, which keep what was typed; a request schema also normalizes, so the server stores one
 * form of each value.
 */

const phoneText = z.string().trim().max(40);

/** An Australian phone number, as typed. */
export const australianPhoneField = phoneText.refine(isValidAustralianPhone, {
  message: AU_PHONE_MESSAGE,
});

/** An Australian phone number, kept as its digits. */
export const australianPhone = australianPhoneField.transform(normalizePhone);

/** Blank when it is not known, otherwise an Australian phone number, as typed. */
export const optionalAustralianPhoneField = phoneText.refine(
  (v) => v === '' || isValidAustralianPhone(v),
  { message: AU_PHONE_MESSAGE },
);

/** Blank, or an Australian phone number kept as its digits. */
export const optionalAustralianPhone = optionalAustralianPhoneField.transform(normalizePhone);

/** A phone number the form must have: `requiredMessage` when it is blank. */
export function requiredAustralianPhoneField(requiredMessage: string) {
  return z.string().trim().min(1, requiredMessage).pipe(australianPhoneField);
}

export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** An email address, trimmed and lower-cased, as accounts are found by it. */
export const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: EMAIL_MESSAGE }));

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

/** A password being chosen: sign-up, a reset, a change. */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * An amount of money as a person types it, in dollars with at most two decimals ('200',
 * '199.95'), or as a number: whole cents out, so no float reaches a total. Zero, negative, three
 * decimals and anything but digits are refused with a message naming the amount.
 */
export function moneyAmountCents(label = 'Amount') {
  return z.union([z.number(), z.string().trim()]).transform((value, context) => {
    const text = typeof value === 'number' ? String(value) : value.replace(/,/g, '');
    if (!/^\d+(\.\d{1,2})?$/.test(text)) {
      context.addIssue({
        code: 'custom',
        message: `${label} must be an amount in dollars with at most two decimals, such as 200 or 199.95`,
      });
      return z.NEVER;
    }
    const [dollars, fraction = ''] = text.split('.');
    const cents = Number(dollars) * 100 + Number(fraction.padEnd(2, '0'));
    if (cents <= 0) {
      context.addIssue({ code: 'custom', message: `${label} must be more than zero` });
      return z.NEVER;
    }
    if (!Number.isSafeInteger(cents)) {
      context.addIssue({ code: 'custom', message: `${label} is too large` });
      return z.NEVER;
    }
    return cents;
  });
}

/**
 * Whether a text carries a web address or markup: a scheme, 'www.', a domain name, or < >. What
 * a customer calls their company reaches other people's inboxes in invitations, so it may hold
 * none (a mail relay's favourite field otherwise).
 */
export function holdsLinkOrMarkup(text: string): boolean {
  return (
    /[<>]/.test(text) ||
    /[a-z][a-z0-9+.-]*:\/\/|www\./i.test(text) ||
    /[a-z0-9-]\.(?:com|net|org|info|biz|io|co|au|nz|uk|us|me|ly|gl|to|be|app|dev|site|online|shop|link|top|xyz|club|ru|cn)\b/i.test(
      text,
    )
  );
}

export const LINK_IN_NAME = 'A company name cannot contain a web address, a domain name or < >';

/** A company's name as a customer types it: trimmed, at most `max` characters, no links. */
export function companyNameField(max: number) {
  return z
    .string()
    .trim()
    .max(max, `The company name must be at most ${max} characters`)
    .refine((text) => !holdsLinkOrMarkup(text), LINK_IN_NAME);
}
