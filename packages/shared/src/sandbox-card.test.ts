import { describe, expect, it } from 'vitest';
import {
  parseSandboxPaymentMethodId,
  SANDBOX_UNKNOWN_CARD_MESSAGE,
  tokenizeSandboxCard,
} from './sandbox-card.ts';

const now = new Date('2026-05-15T10:00:00Z');
const card = (number: string, expiry = '12/30', cvc = '123') => ({ number, expiry, cvc });

describe('tokenizeSandboxCard', () => {
  it.each([
    ['4242 4242 4242 4242', 'success', '4242'],
    ['4000 0000 0000 0002', 'declined', '0002'],
    ['4000-0025-0000-3155', '3ds', '3155'],
  ])('turns %s into a %s payment method without the card number', (number, behaviour, last4) => {
    const result = tokenizeSandboxCard(card(number), now);
    expect(result).toMatchObject({ last4, brand: 'visa' });
    if (!('paymentMethodId' in result)) throw new Error('expected a payment method');
    expect(result.paymentMethodId).toMatch(new RegExp(`^pm_sandbox_[a-z0-9]+_${behaviour}$`));
    expect(result.paymentMethodId).not.toContain(number.replace(/\D/g, ''));
    expect(parseSandboxPaymentMethodId(result.paymentMethodId)).toMatchObject({ behaviour, last4 });
  });

  it('gives a different id each time', () => {
    const a = tokenizeSandboxCard(card('4242424242424242'), now);
    const b = tokenizeSandboxCard(card('4242424242424242'), now);
    expect(a).not.toEqual(b);
  });

  it('refuses other numbers naming the test cards', () => {
    expect(tokenizeSandboxCard(card('5555 5555 5555 4444'), now)).toEqual({
      error: SANDBOX_UNKNOWN_CARD_MESSAGE,
      field: 'number',
    });
    expect(SANDBOX_UNKNOWN_CARD_MESSAGE).toContain('4242 4242 4242 4242');
    expect(tokenizeSandboxCard(card(''), now)).toMatchObject({ field: 'number' });
  });

  it.each(['13/30', '1230', 'ab/cd', ''])('refuses the malformed expiry %j', (expiry) => {
    expect(tokenizeSandboxCard(card('4242424242424242', expiry), now)).toMatchObject({
      field: 'expiry',
      error: 'Please enter the expiry date as MM/YY.',
    });
  });

  it('refuses a past expiry and accepts the current month', () => {
    expect(tokenizeSandboxCard(card('4242424242424242', '04/26'), now)).toEqual({
      error: 'Your card has expired.',
      field: 'expiry',
    });
    expect(tokenizeSandboxCard(card('4242424242424242', '05/26'), now)).toHaveProperty(
      'paymentMethodId',
    );
    expect(tokenizeSandboxCard(card('4242424242424242', '05/2026'), now)).toHaveProperty(
      'paymentMethodId',
    );
  });

  it.each(['12', '12345', 'abc', ''])('refuses the CVC %j', (cvc) => {
    expect(tokenizeSandboxCard(card('4242424242424242', '12/30', cvc), now)).toMatchObject({
      field: 'cvc',
    });
  });

  it('accepts a 4-digit CVC', () => {
    expect(tokenizeSandboxCard(card('4242424242424242', '12/30', '1234'), now)).toHaveProperty(
      'paymentMethodId',
    );
  });
});

describe('parseSandboxPaymentMethodId', () => {
  it('refuses ids that are not sandbox ones', () => {
    expect(parseSandboxPaymentMethodId('pm_1Nabc')).toBeNull();
    expect(parseSandboxPaymentMethodId('pm_sandbox_abcdefgh_other')).toBeNull();
  });
});
