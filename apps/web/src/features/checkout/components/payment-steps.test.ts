import { describe, expect, it } from 'vitest';
import type { HandlePaymentRequest, HandlePaymentResponse } from '@noise/shared/payments';
import type { CardHandle } from '@/components/payments/card-entry';
import { ApiError } from '@/lib/api-client';
import type { DetailsForm } from './details-form';
import {
  initialPaymentFlowState,
  nextPaymentStep,
  paymentView,
  type GuestAccount,
  type PaymentEvent,
  type PaymentFlowState,
} from './payment-steps';

const values: DetailsForm = {
  coordinatorId: 'coordinator-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  companyName: 'Engines',
  contactNumber: '0412 345 678',
};

const sandboxCard: CardHandle = {
  createPaymentMethod: async () => ({ paymentMethodId: 'pm_sandbox' }),
};
const stripeCard: CardHandle = {
  createPaymentMethod: async () => ({ paymentMethodId: 'pm_stripe' }),
  handleNextAction: async () => ({}),
};

function request(key: string): HandlePaymentRequest {
  return {
    amount: 110_000,
    customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
    payment_method: 'pm_sandbox',
    type: 'normal',
    idempotencyKey: key,
    projectDetails: { serviceId: 'seo', extras: [], coordinator: 'coordinator-1' },
  };
}

const paid: HandlePaymentResponse = {
  success: true,
  paymentCustomerId: 'cus_1',
  projectId: 'project-1',
  paymentId: 'payment-1',
  defaultPaymentMethodId: 'pm_sandbox',
};
const needsCheck: HandlePaymentResponse = {
  success: false,
  requiresAction: true,
  clientSecret: 'pi_1_secret',
  paymentIntentId: 'pi_1',
};
const declined = new ApiError(402, 'Your card was declined.', 'card_declined');

/** Runs the events in order and answers the last transition. */
function run(events: PaymentEvent[], from: PaymentFlowState = initialPaymentFlowState) {
  let transition = { state: from, effect: null as ReturnType<typeof nextPaymentStep>['effect'] };
  for (const event of events) transition = nextPaymentStep(transition.state, event);
  return transition;
}

const submit = (card = sandboxCard, details = values): PaymentEvent => ({
  type: 'submit',
  values: details,
  card,
});
const made = (key = 'chk_first'): PaymentEvent => ({
  type: 'payment-method-made',
  request: request(key),
});
const answered = (result: HandlePaymentResponse, guest?: GuestAccount): PaymentEvent => ({
  type: 'answered',
  result,
  guest,
});
const failed = (error: unknown): PaymentEvent => ({ type: 'request-failed', error });

describe('idle', () => {
  it('shows an unlocked form with no failure and no dialog', () => {
    expect(paymentView(initialPaymentFlowState)).toEqual({
      processing: false,
      failure: '',
      challengeOpen: false,
      answering: false,
    });
  });

  it('ignores everything but a submit', () => {
    for (const event of [made(), answered(paid), failed(declined), { type: 'authenticated' }]) {
      expect(nextPaymentStep(initialPaymentFlowState, event as PaymentEvent)).toEqual({
        state: initialPaymentFlowState,
        effect: null,
      });
    }
  });
});

describe('submitting', () => {
  it('first turns the card into a payment method', () => {
    const { state, effect } = run([submit()]);
    expect(state.step.name).toBe('preparing');
    expect(effect).toEqual({ type: 'create-payment-method', card: sandboxCard, values });
    expect(paymentView(state).processing).toBe(true);
  });

  it('then sends an attempt that keeps the request and its key', () => {
    const { state, effect } = run([submit(), made('chk_first')]);
    expect(state.step.name).toBe('submitting');
    expect(state.attempt).toEqual({
      signature: JSON.stringify(values),
      card: sandboxCard,
      values,
      request: request('chk_first'),
    });
    expect(effect).toEqual({ type: 'send', attempt: state.attempt });
    expect(paymentView(state)).toMatchObject({ processing: true, failure: '' });
  });

  it('refuses a second submit while one is under way, at every step', () => {
    const steps = [
      run([submit()]),
      run([submit(), made()]),
      run([submit(), made(), answered(needsCheck)]),
      run([submit(stripeCard), made(), answered(needsCheck)]),
      run([
        submit(),
        made(),
        answered(needsCheck),
        { type: 'challenge-answered', outcome: 'approve' },
      ]),
      run([
        submit(),
        made(),
        answered(needsCheck),
        { type: 'challenge-answered', outcome: 'approve' },
        { type: 'authenticated' },
      ]),
      run([submit(), made(), answered(paid)]),
    ];
    for (const { state } of steps) {
      expect(nextPaymentStep(state, submit())).toEqual({ state, effect: null });
    }
  });

  it("fails with the card form's message and keeps no new attempt", () => {
    const { state, effect } = run([
      submit(),
      { type: 'card-refused', message: 'Your card number is incomplete.' },
    ]);
    expect(state.step).toEqual({ name: 'failed', message: 'Your card number is incomplete.' });
    expect(state.attempt).toBeNull();
    expect(effect).toBeNull();
    expect(paymentView(state)).toMatchObject({
      processing: false,
      failure: 'Your card number is incomplete.',
    });
  });

  it('fails when the card form itself throws', () => {
    const { state } = run([submit(), failed(new Error('Stripe did not load'))]);
    expect(state.step).toEqual({ name: 'failed', message: 'Stripe did not load' });
  });
});

describe('paid', () => {
  it('finishes with the result, drops the attempt and stays locked', () => {
    const { state, effect } = run([submit(), made(), answered(paid)]);
    expect(state.step).toEqual({ name: 'paid', result: paid });
    expect(state.attempt).toBeNull();
    expect(effect).toEqual({ type: 'finish', result: paid, guest: null });
    expect(paymentView(state)).toMatchObject({ processing: true, failure: '' });
  });

  it("hands a guest's account to the finish", () => {
    const guest: GuestAccount = {
      account: 'created',
      token: 'guest-token',
      email: 'ada@example.com',
      passwordEmailed: true,
    };
    const { effect } = run([submit(), made(), answered(paid, guest)]);
    expect(effect).toEqual({ type: 'finish', result: paid, guest });
  });

  it('ignores anything that arrives after', () => {
    const { state } = run([submit(), made(), answered(paid)]);
    expect(nextPaymentStep(state, failed(declined))).toEqual({ state, effect: null });
  });
});

describe('failed (declined)', () => {
  it('shows the decline, unlocks the form and drops the attempt: the next try is a new one', () => {
    const { state } = run([submit(), made(), failed(declined)]);
    expect(state.step).toEqual({ name: 'failed', message: 'Your card was declined.' });
    expect(state.attempt).toBeNull();
    expect(paymentView(state)).toMatchObject({
      processing: false,
      failure: 'Your card was declined.',
    });

    const retry = nextPaymentStep(state, submit());
    expect(retry.state.step.name).toBe('preparing');
    expect(retry.effect?.type).toBe('create-payment-method');
    expect(paymentView(retry.state).failure).toBe('');
  });

  it('drops the attempt on a refused order (400) too', () => {
    const { state } = run([submit(), made(), failed(new ApiError(400, 'The price has changed'))]);
    expect(state.attempt).toBeNull();
    expect(paymentView(state).failure).toBe('The price has changed');
  });

  it('uses a fallback when the error says nothing', () => {
    const { state } = run([submit(), made(), failed('nothing useful')]);
    expect(paymentView(state).failure).toBe('The payment could not be completed.');
  });
});

describe('retry after a failure', () => {
  for (const [what, error] of [
    ['a network failure', new ApiError(0, 'Could not reach the server.', 'network_error')],
    ['a payment still processing (409)', new ApiError(409, 'The payment is still processing')],
    ['a server error (5xx)', new ApiError(503, 'Service unavailable')],
  ] as const) {
    it(`sends the same attempt, with the same key, after ${what}`, () => {
      const { state } = run([submit(), made('chk_kept'), failed(error)]);
      expect(paymentView(state).failure).toBe(error.message);
      expect(state.attempt?.request.idempotencyKey).toBe('chk_kept');

      const retry = nextPaymentStep(state, submit());
      expect(retry.state.step.name).toBe('submitting');
      expect(retry.effect).toEqual({ type: 'send', attempt: state.attempt });
    });
  }

  it('makes a new attempt when the details or the card changed', () => {
    const { state } = run([submit(), made('chk_kept'), failed(new ApiError(503, 'Unavailable'))]);

    const otherDetails = nextPaymentStep(
      state,
      submit(sandboxCard, { ...values, companyName: 'Mills' }),
    );
    expect(otherDetails.effect?.type).toBe('create-payment-method');

    const otherCard = nextPaymentStep(state, submit(stripeCard));
    expect(otherCard.effect?.type).toBe('create-payment-method');
  });

  it('keeps the earlier attempt when the card form refuses a changed card', () => {
    const first = run([submit(), made('chk_kept'), failed(new ApiError(503, 'Unavailable'))]);
    const { state } = run(
      [submit(stripeCard), { type: 'card-refused', message: 'Incomplete' }],
      first.state,
    );
    expect(state.attempt?.request.idempotencyKey).toBe('chk_kept');
    expect(nextPaymentStep(state, submit()).effect).toEqual({
      type: 'send',
      attempt: state.attempt,
    });
  });
});

describe('waiting for the bank check (3-D Secure)', () => {
  it("opens the sandbox's dialog and waits for the customer", () => {
    const { state, effect } = run([submit(), made(), answered(needsCheck)]);
    expect(state.step).toEqual({
      name: 'challenge',
      clientSecret: 'pi_1_secret',
      paymentIntentId: 'pi_1',
      answering: false,
    });
    expect(effect).toBeNull();
    expect(paymentView(state)).toEqual({
      processing: true,
      failure: '',
      challengeOpen: true,
      answering: false,
    });
  });

  it('sends the answer once; a second click while it is on its way is ignored', () => {
    const open = run([submit(), made(), answered(needsCheck)]).state;
    const { state, effect } = nextPaymentStep(open, {
      type: 'challenge-answered',
      outcome: 'fail',
    });
    expect(effect).toEqual({ type: 'authenticate', clientSecret: 'pi_1_secret', outcome: 'fail' });
    expect(paymentView(state)).toMatchObject({ challengeOpen: true, answering: true });

    expect(nextPaymentStep(state, { type: 'challenge-answered', outcome: 'approve' })).toEqual({
      state,
      effect: null,
    });
  });

  it('closes the dialog with a message when the answer cannot be sent, keeping the attempt', () => {
    const { state } = run([
      submit(),
      made('chk_kept'),
      answered(needsCheck),
      { type: 'challenge-answered', outcome: 'approve' },
      failed(new ApiError(402, 'Check refused')),
    ]);
    expect(paymentView(state)).toEqual({
      processing: false,
      failure: 'Check refused',
      challengeOpen: false,
      answering: false,
    });
    expect(state.attempt?.request.idempotencyKey).toBe('chk_kept');

    const silent = run([
      submit(),
      made(),
      answered(needsCheck),
      { type: 'challenge-answered', outcome: 'approve' },
      failed('nothing useful'),
    ]);
    expect(paymentView(silent.state).failure).toBe('The payment could not be confirmed.');
  });

  it("lets Stripe run the bank's window with the card", () => {
    const { state, effect } = run([submit(stripeCard), made(), answered(needsCheck)]);
    expect(state.step).toEqual({
      name: 'bank-check',
      clientSecret: 'pi_1_secret',
      paymentIntentId: 'pi_1',
    });
    expect(effect).toEqual({
      type: 'check-with-bank',
      clientSecret: 'pi_1_secret',
      handleNextAction: stripeCard.handleNextAction,
    });
    expect(paymentView(state)).toMatchObject({ processing: true, challengeOpen: false });
  });

  it("fails with the bank's reason and drops the attempt", () => {
    const { state } = run([
      submit(stripeCard),
      made(),
      answered(needsCheck),
      { type: 'bank-checked', error: 'We are unable to authenticate your payment method.' },
    ]);
    expect(state.step).toEqual({
      name: 'failed',
      message: 'We are unable to authenticate your payment method.',
    });
    expect(state.attempt).toBeNull();
  });
});

describe('settling after the bank check', () => {
  it('confirms the payment once the sandbox check is answered', () => {
    const { state, effect } = run([
      submit(),
      made(),
      answered(needsCheck),
      { type: 'challenge-answered', outcome: 'approve' },
      { type: 'authenticated' },
    ]);
    expect(state.step).toEqual({ name: 'confirming', paymentIntentId: 'pi_1' });
    expect(effect).toEqual({ type: 'confirm', paymentIntentId: 'pi_1', guest: null });
    expect(paymentView(state)).toMatchObject({ processing: true, challengeOpen: false });
  });

  it('confirms once Stripe passed the check', () => {
    const { effect } = run([
      submit(stripeCard),
      made(),
      answered(needsCheck),
      { type: 'bank-checked' },
    ]);
    expect(effect).toEqual({ type: 'confirm', paymentIntentId: 'pi_1', guest: null });
  });

  it("confirms a guest's payment with the guest's account", () => {
    const guest: GuestAccount = {
      account: 'existing',
      token: null,
      email: 'ada@example.com',
      passwordEmailed: false,
    };
    const { effect } = run([
      submit(),
      made(),
      answered(needsCheck, guest),
      { type: 'challenge-answered', outcome: 'approve' },
      { type: 'authenticated' },
    ]);
    expect(effect).toEqual({ type: 'confirm', paymentIntentId: 'pi_1', guest });
  });

  it('is paid when the confirm succeeds', () => {
    const { state, effect } = run([
      submit(),
      made(),
      answered(needsCheck),
      { type: 'challenge-answered', outcome: 'approve' },
      { type: 'authenticated' },
      answered(paid),
    ]);
    expect(state.step.name).toBe('paid');
    expect(effect?.type).toBe('finish');
  });

  it('fails with the decline when the check was failed, and the next try is a new attempt', () => {
    const { state } = run([
      submit(),
      made(),
      answered(needsCheck),
      { type: 'challenge-answered', outcome: 'fail' },
      { type: 'authenticated' },
      failed(new ApiError(402, 'Your bank declined the payment.')),
    ]);
    expect(paymentView(state).failure).toBe('Your bank declined the payment.');
    expect(state.attempt).toBeNull();
  });

  it('asks for the check again when the bank wants another', () => {
    const { state } = run([
      submit(),
      made(),
      answered(needsCheck),
      { type: 'challenge-answered', outcome: 'approve' },
      { type: 'authenticated' },
      answered({ ...needsCheck, paymentIntentId: 'pi_2', clientSecret: 'pi_2_secret' }),
    ]);
    expect(state.step).toEqual({
      name: 'challenge',
      clientSecret: 'pi_2_secret',
      paymentIntentId: 'pi_2',
      answering: false,
    });
  });
});
