/** docs/product.md#people-and-contact-details: 04 + 8 digits (mobile) or 02/03/07/08 + 8 digits (landline), after stripping non-digits. */
export const AU_PHONE_MESSAGE = 'Please enter a valid Australian phone number';

const AU_PHONE = /^(04\d{8}|0[2378]\d{8})$/;

export function normalizePhone(value: string): string {
  return value.replace(/\D/g, '');
}

export function isValidAustralianPhone(value: string): boolean {
  return AU_PHONE.test(normalizePhone(value));
}
