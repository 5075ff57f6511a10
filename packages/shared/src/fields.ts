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
