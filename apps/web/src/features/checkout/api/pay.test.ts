import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { getQuote } from './get-quote';
import { guestCheckout } from './guest-checkout';
import { authenticateSandboxPayment, confirmPayment, handlePayment } from './pay';

const realFetch = globalThis.fetch;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function answer(body: unknown) {
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  globalThis.fetch = fetchMock;
});

afterEach(() => {
  globalThis.fetch = realFetch;
});

const order = {
  amount: 110_000,
  customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
  payment_method: 'pm_1',
  type: 'normal' as const,
  idempotencyKey: 'chk_12345678',
  projectDetails: { serviceId: 'seo', extras: [], coordinator: 'coordinator-1' },
};
const challenge = {
  success: false,
  requiresAction: true,
  clientSecret: 'pi_1_secret',
  paymentIntentId: 'pi_1',
};

describe('checked payment answers', () => {
  it('answers a 3-D Secure challenge that matches the schema', async () => {
    answer(challenge);
    await expect(handlePayment(order)).resolves.toEqual(challenge);
  });

  it('refuses a success without its project id, instead of paying into nowhere', async () => {
    answer({ success: true, paymentCustomerId: 'cus_1', paymentId: 'pay_1' });
    await expect(handlePayment(order)).rejects.toMatchObject({
      name: 'ApiError',
      code: 'invalid_response',
    });
  });

  it('checks the confirm after 3-D Secure and the sandbox check', async () => {
    answer({ success: 'yes' });
    await expect(confirmPayment('pi_1')).rejects.toBeInstanceOf(ApiError);

    answer({ paymentIntentId: 'pi_1', status: 'maybe' });
    await expect(authenticateSandboxPayment('pi_1_secret', 'approve')).rejects.toBeInstanceOf(
      ApiError,
    );
  });

  it("checks a guest's answer", async () => {
    answer({ account: 'created', token: 'guest-token', payment: challenge });
    await expect(
      guestCheckout({
        ...order,
        guest: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          phoneNumber: '0412345678',
        },
      }),
    ).resolves.toMatchObject({ account: 'created' });

    answer({ account: 'someone', token: null, payment: challenge });
    await expect(
      guestCheckout({
        ...order,
        guest: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          phoneNumber: '0412345678',
        },
      }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('checks the quote behind a payment link: a price that is not a number is an error', async () => {
    const quote = {
      _id: 'q1',
      name: 'Website',
      summary: '',
      deliverables: 'Design, Build',
      extras: '',
      value: 1000,
      deliveryDays: 10,
      paid: false,
      depositPercent: null,
      depositAmount: null,
      depositPaid: false,
      balanceRequested: false,
      balanceDueDate: null,
      projectId: null,
      terms: 'Payment is due before work starts.',
      version: 1,
      validUntil: '2026-12-31T23:59:59.999Z',
      sentAt: '2026-12-01T00:00:00.000Z',
      preparedFor: 'Ada Lovelace',
      preparedBy: 'Cora Ordinator',
      expired: false,
      accepted: null,
      declinedAt: null,
    };
    answer(quote);
    await expect(getQuote('q1')).resolves.toEqual(quote);

    answer({ ...quote, value: '1000' });
    const error = await getQuote('q1').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).details).toEqual([expect.objectContaining({ path: 'value' })]);
  });
});
