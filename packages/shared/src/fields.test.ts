import { describe, expect, it } from 'vitest';
import {
  australianPhone,
  australianPhoneField,
  emailAddress,
  newPassword,
  optionalAustralianPhone,
  requiredAustralianPhoneField,
} from './fields.ts';

const AU_PHONE_MESSAGE = 'Please enter a valid Australian phone number';

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('Australian phone numbers', () => {
  it('takes a mobile or a landline, however spaced, and keeps its digits', () => {
    expect(australianPhone.parse(' 0412 345 678 ')).toBe('0412345678');
    expect(australianPhone.parse('(02) 9876-5432')).toBe('0298765432');
  });

  it('refuses other numbers with the message users see', () => {
    for (const value of ['123', '0512345678', '+61 412 345 678', '04123456789', '']) {
      expect(messagesOf(australianPhone.safeParse(value))).toEqual([AU_PHONE_MESSAGE]);
    }
  });

  it('keeps what was typed in a form', () => {
    expect(australianPhoneField.parse('0412 345 678')).toBe('0412 345 678');
  });

  it('leaves a number that is not known blank', () => {
    expect(optionalAustralianPhone.parse('  ')).toBe('');
    expect(optionalAustralianPhone.parse('0412 345 678')).toBe('0412345678');
    expect(messagesOf(optionalAustralianPhone.safeParse('123'))).toEqual([AU_PHONE_MESSAGE]);
  });

  it('asks for a required number before judging it', () => {
    const field = requiredAustralianPhoneField('Enter your phone number');
    expect(messagesOf(field.safeParse(' '))).toEqual(['Enter your phone number']);
    expect(messagesOf(field.safeParse('123'))).toEqual([AU_PHONE_MESSAGE]);
  });
});

describe('email addresses and new passwords', () => {
  it('finds an account by its email however it was typed', () => {
    expect(emailAddress.parse('  Ann@Example.COM ')).toBe('ann@example.com');
    expect(messagesOf(emailAddress.safeParse('ann@'))).toEqual([
      'Please enter a valid email address',
    ]);
  });

  it('asks for a password of 8 to 200 characters', () => {
    expect(messagesOf(newPassword.safeParse('short'))).toEqual([
      'Password must be at least 8 characters',
    ]);
    expect(messagesOf(newPassword.safeParse('x'.repeat(201)))).toEqual([
      'Password must be at most 200 characters',
    ]);
    expect(newPassword.parse('long enough')).toBe('long enough');
  });
});
