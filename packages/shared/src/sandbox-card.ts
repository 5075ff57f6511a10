/**
 * The sandbox payment provider's card form logic (PAYMENT_PROVIDER=sandbox). It runs in the
 * browser and turns a test card into a payment-method id; card numbers never reach the server.
 * The id carries the test card's behaviour, which the server's sandbox provider honours.
 */
export type SandboxBehaviour = 'success' | 'declined' | '3ds';

export interface SandboxTestCard {
  number: string;
  behaviour: SandboxBehaviour;
  last4: string;
  brand: 'visa';
  description: string;
}

export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  {
    number: '4242424242424242',
    behaviour: 'success',
    last4: '4242',
    brand: 'visa',
    description: 'Payment succeeds',
  },
  {
    number: '4000000000000002',
    behaviour: 'declined',
    last4: '0002',
    brand: 'visa',
    description: 'Card is declined',
  },
  {
    number: '4000002500003155',
    behaviour: '3ds',
    last4: '3155',
    brand: 'visa',
    description: 'Customer must confirm the payment (3-D Secure)',
  },
];

export const SANDBOX_DECLINE_MESSAGE = 'Your card was declined.';
export const SANDBOX_UNKNOWN_CARD_MESSAGE =
  'This is a test checkout: use 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined) or 4000 0025 0000 3155 (asks you to confirm).';

export interface SandboxCardInput {
  number: string;
  /** MM/YY (MM/YYYY is accepted too). */
  expiry: string;
  cvc: string;
}

export type SandboxTokenResult =
  | { paymentMethodId: string; last4: string; brand: string }
  | { error: string; field: 'number' | 'expiry' | 'cvc' };

const PM_PATTERN = /^pm_sandbox_([a-z0-9]{8,32})_(success|declined|3ds)$/;

/** The behaviour and card details a sandbox payment-method id stands for; null for other ids. */
export function parseSandboxPaymentMethodId(
  id: string,
): { behaviour: SandboxBehaviour; last4: string; brand: string } | null {
  const match = PM_PATTERN.exec(id);
  if (!match) return null;
  const behaviour = match[2] as SandboxBehaviour;
  const card = SANDBOX_TEST_CARDS.find((c) => c.behaviour === behaviour)!;
  return { behaviour, last4: card.last4, brand: card.brand };
}

/**
 * Validates a test card and answers its payment-method id, or the message to show next to the
 * field that is wrong. `now` is for tests.
 */
export function tokenizeSandboxCard(
  input: SandboxCardInput,
  now: Date = new Date(),
): SandboxTokenResult {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) {
    return { error: 'Please enter a card number.', field: 'number' };
  }
  const card = SANDBOX_TEST_CARDS.find((c) => c.number === digits);
  if (!card) return { error: SANDBOX_UNKNOWN_CARD_MESSAGE, field: 'number' };

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  if (!expiry) return { error: 'Please enter the expiry date as MM/YY.', field: 'expiry' };
  const month = Number(expiry[1]);
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12) {
    return { error: 'Please enter the expiry date as MM/YY.', field: 'expiry' };
  }
  // A card is valid to the end of its expiry month.
  const currentMonth = now.getFullYear() * 12 + now.getMonth();
  if (year * 12 + (month - 1) < currentMonth) {
    return { error: 'Your card has expired.', field: 'expiry' };
  }

  if (!/^\d{3,4}$/.test(input.cvc.trim())) {
    return { error: 'Please enter the 3 or 4 digit security code.', field: 'cvc' };
  }

  return {
    paymentMethodId: `pm_sandbox_${randomToken()}_${card.behaviour}`,
    last4: card.last4,
    brand: card.brand,
  };
}

function randomToken(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}
