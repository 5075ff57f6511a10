import type { HandlePaymentRequest, HandlePaymentResponse } from '@noise/shared/payments';
import type { CardHandle } from '@/components/payments/card-entry';
import { errorMessage, isApiError } from '@/lib/api-client';
import type { GuestCheckoutAnswer } from '../api/guest-checkout';
import type { PaymentSucceeded } from '../api/pay';
import type { DetailsForm } from './details-form';

/**
 * The card payment of the checkout form as steps: `nextPaymentStep(state, event)` answers the next
 * state and the one piece of work to start (an effect, as data), which the form runs and whose
 * outcome is the next event. Nothing here calls the network, so every path is unit-tested.
 *
 * One idempotency key per attempt, kept for retries and double clicks, new after a decline
 * (docs/decisions/010). A guest pays through guest-checkout and, after 3-D Secure, confirms
 * through guest-confirm, which answers the new account's token (docs/decisions/013).
 */

/** One try at paying. Sending it again (same key) answers the same result. */
export interface Attempt {
  /** The details form as submitted: other details, or another card, make a new attempt. */
  signature: string;
  card: CardHandle;
  values: DetailsForm;
  /** The handle-payment body, with its idempotency key. */
  request: HandlePaymentRequest;
}

/** Where a guest's order went: the account's token when it is new, the email either way. */
export interface GuestAccount {
  account: GuestCheckoutAnswer['account'];
  token: string | null;
  email: string;
  /** The server mails a new account's password link only when guest-checkout itself paid. */
  passwordEmailed: boolean;
}

export type PaymentStep =
  /** Nothing sent yet. */
  | { name: 'idle' }
  /** The card becomes a payment method, in the browser. */
  | { name: 'preparing'; signature: string; card: CardHandle; values: DetailsForm }
  /** handle-payment (or guest-checkout) is on its way. */
  | { name: 'submitting' }
  /** Stripe runs the bank's 3-D Secure window itself. */
  | { name: 'bank-check'; clientSecret: string; paymentIntentId: string }
  /** The sandbox's 3-D Secure dialog waits for the customer; `answering` once they have. */
  | { name: 'challenge'; clientSecret: string; paymentIntentId: string; answering: boolean }
  /** The bank check passed: the payment is being settled (confirm). */
  | { name: 'confirming'; paymentIntentId: string }
  /** Charged: the form saves the card and leaves for the success page. */
  | { name: 'paid'; result: PaymentSucceeded }
  /** Declined or failed, with the reason; the customer may try again. */
  | { name: 'failed'; message: string };

export interface PaymentFlowState {
  step: PaymentStep;
  /** Kept for a retry with the same key until a decline or a success settles it. */
  attempt: Attempt | null;
  /** A guest's account, once guest-checkout has answered. */
  guest: GuestAccount | null;
}

export type PaymentEvent =
  | { type: 'submit'; values: DetailsForm; card: CardHandle }
  /** The card form refused the card (incomplete, or the provider said no). */
  | { type: 'card-refused'; message: string }
  | { type: 'payment-method-made'; request: HandlePaymentRequest }
  /** handle-payment, guest-checkout or confirm answered; a guest's answer names the account. */
  | { type: 'answered'; result: HandlePaymentResponse; guest?: GuestAccount }
  | { type: 'bank-checked'; error?: string }
  | { type: 'challenge-answered'; outcome: 'approve' | 'fail' }
  | { type: 'authenticated' }
  /** A call threw: an ApiError (a decline is a 402) or anything else. */
  | { type: 'request-failed'; error: unknown };

export type PaymentEffect =
  | { type: 'create-payment-method'; card: CardHandle; values: DetailsForm }
  | { type: 'send'; attempt: Attempt }
  | {
      type: 'check-with-bank';
      clientSecret: string;
      handleNextAction: NonNullable<CardHandle['handleNextAction']>;
    }
  | { type: 'authenticate'; clientSecret: string; outcome: 'approve' | 'fail' }
  | { type: 'confirm'; paymentIntentId: string; guest: GuestAccount | null }
  | { type: 'finish'; result: PaymentSucceeded; guest: GuestAccount | null };

export interface PaymentTransition {
  state: PaymentFlowState;
  effect: PaymentEffect | null;
}

export const initialPaymentFlowState: PaymentFlowState = {
  step: { name: 'idle' },
  attempt: null,
  guest: null,
};

const NOT_COMPLETED = 'The payment could not be completed.';
const NOT_CONFIRMED = 'The payment could not be confirmed.';

/** A decline (402) or a refused order (400) settles the attempt: the next try is a new one. */
function settlesAttempt(error: unknown): boolean {
  return isApiError(error) && (error.status === 402 || error.status === 400);
}

function stay(state: PaymentFlowState): PaymentTransition {
  return { state, effect: null };
}

function fail(
  state: PaymentFlowState,
  message: string,
  attempt = state.attempt,
): PaymentTransition {
  return { state: { ...state, step: { name: 'failed', message }, attempt }, effect: null };
}

function sameAttempt(attempt: Attempt | null, signature: string, card: CardHandle) {
  return attempt !== null && attempt.card === card && attempt.signature === signature;
}

/** What handle-payment, guest-checkout or confirm answered: paid, or a bank check to pass. */
function onAnswer(
  state: PaymentFlowState,
  result: HandlePaymentResponse,
  guest: GuestAccount | null,
): PaymentTransition {
  if (result.success) {
    return {
      state: { step: { name: 'paid', result }, attempt: null, guest },
      effect: { type: 'finish', result, guest },
    };
  }
  const { clientSecret, paymentIntentId } = result;
  const handleNextAction = state.attempt?.card.handleNextAction;
  if (handleNextAction) {
    return {
      state: { ...state, guest, step: { name: 'bank-check', clientSecret, paymentIntentId } },
      effect: { type: 'check-with-bank', clientSecret, handleNextAction },
    };
  }
  return {
    state: {
      ...state,
      guest,
      step: { name: 'challenge', clientSecret, paymentIntentId, answering: false },
    },
    effect: null,
  };
}

function confirm(state: PaymentFlowState, paymentIntentId: string): PaymentTransition {
  return {
    state: { ...state, step: { name: 'confirming', paymentIntentId } },
    effect: { type: 'confirm', paymentIntentId, guest: state.guest },
  };
}

/** The next state, and the work to start. An event that does not fit the step changes nothing. */
export function nextPaymentStep(state: PaymentFlowState, event: PaymentEvent): PaymentTransition {
  const { step } = state;
  switch (step.name) {
    case 'idle':
    case 'failed': {
      if (event.type !== 'submit') return stay(state);
      const signature = JSON.stringify(event.values);
      if (state.attempt && sameAttempt(state.attempt, signature, event.card)) {
        return {
          state: { ...state, step: { name: 'submitting' } },
          effect: { type: 'send', attempt: state.attempt },
        };
      }
      const { card, values } = event;
      return {
        state: { ...state, step: { name: 'preparing', signature, card, values } },
        effect: { type: 'create-payment-method', card, values },
      };
    }
    case 'preparing': {
      if (event.type === 'card-refused') return fail(state, event.message);
      if (event.type === 'request-failed')
        return fail(state, errorMessage(event.error, NOT_COMPLETED));
      if (event.type !== 'payment-method-made') return stay(state);
      const attempt: Attempt = {
        signature: step.signature,
        card: step.card,
        values: step.values,
        request: event.request,
      };
      return {
        state: { ...state, step: { name: 'submitting' }, attempt },
        effect: { type: 'send', attempt },
      };
    }
    case 'submitting':
    case 'confirming':
    case 'bank-check': {
      if (event.type === 'request-failed') {
        const attempt = settlesAttempt(event.error) ? null : state.attempt;
        return fail(state, errorMessage(event.error, NOT_COMPLETED), attempt);
      }
      if (step.name === 'bank-check') {
        if (event.type !== 'bank-checked') return stay(state);
        if (event.error) return fail(state, event.error, null);
        return confirm(state, step.paymentIntentId);
      }
      if (event.type !== 'answered') return stay(state);
      return onAnswer(state, event.result, event.guest ?? state.guest);
    }
    case 'challenge': {
      if (!step.answering) {
        if (event.type !== 'challenge-answered') return stay(state);
        return {
          state: { ...state, step: { ...step, answering: true } },
          effect: { type: 'authenticate', clientSecret: step.clientSecret, outcome: event.outcome },
        };
      }
      // The sandbox's answer itself failing leaves the attempt as it was: confirm decides it.
      if (event.type === 'request-failed')
        return fail(state, errorMessage(event.error, NOT_CONFIRMED));
      if (event.type !== 'authenticated') return stay(state);
      return confirm(state, step.paymentIntentId);
    }
    case 'paid':
      return stay(state);
  }
}

/** What the form shows for a state. */
export function paymentView(state: PaymentFlowState) {
  const { step } = state;
  return {
    /** The form is locked and the overlay shows, from the click until a failure (or leaving). */
    processing: step.name !== 'idle' && step.name !== 'failed',
    failure: step.name === 'failed' ? step.message : '',
    challengeOpen: step.name === 'challenge',
    answering: step.name === 'challenge' && step.answering,
  };
}
