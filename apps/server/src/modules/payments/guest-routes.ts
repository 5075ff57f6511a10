import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  claimOrderRequest,
  claimOrderResponse,
  confirmPaymentRequest,
  guestCheckoutRequest,
  guestCheckoutResponse,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
} from '@noise/shared/payments';
import type { Config } from '../../config.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { issueToken, type AuthDeps } from '../auth/sign-in.ts';
import { createUserRepository } from '../users/repository.ts';
import { claimHeldOrder } from './claim-order.ts';
import { resolveGuestAccount } from './guest-checkout.ts';
import { confirmPayment, handlePayment, type CheckoutDeps } from './place-order.ts';
import { createPaymentRepository } from './repository.ts';

/** 'Continue as guest' (docs/product.md#guest-checkout): order and pay without signing in. */
export function registerGuestCheckoutRoutes(
  app: FastifyInstance,
  deps: { checkout: CheckoutDeps; auth: AuthDeps; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const users = createUserRepository(deps.checkout.db);

  r.post(
    '/api/payments/guest-checkout',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags, body: guestCheckoutRequest, response: { 200: guestCheckoutResponse } },
    },
    async (request) => {
      const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
      const parsedKey = idempotencyKeySchema.safeParse(
        request.body.idempotencyKey ?? (typeof header === 'string' ? header : undefined),
      );
      if (!parsedKey.success) throw badRequest('An idempotency key is required');
      const { user, created, held } = await resolveGuestAccount(
        users,
        request.body.guest,
        parsedKey.data,
        request.log,
      );
      const { guest: _guest, ...payment } = request.body;
      // An account that existed before this request is not the guest's: the order waits for
      // its owner, and its saved card and provider customer are left alone.
      const result = await handlePayment(deps.checkout, user.id, payment, parsedKey.data, {
        heldForOwner: held,
      });
      if (!created) {
        // The account is not the guest's to see: nothing of it goes back but the outcome.
        const redacted = result.success
          ? {
              ...result,
              stripeCustomerId: '',
              projectId: '',
              paymentId: '',
              defaultPaymentMethodId: '',
            }
          : result;
        return { account: 'existing' as const, token: null, payment: redacted };
      }
      // A new account: the guest may follow the order now; the paid order mails them the link
      // to choose a password (payments/notify-checkout.ts).
      const token = await issueToken(deps.auth, user);
      return { account: 'created' as const, token, payment: result };
    },
  );

  /**
   * After the bank's check, a guest without a session completes the order here. It only settles
   * what the provider says was paid, and answers nothing about the account.
   */
  r.post(
    '/api/payments/guest-confirm',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        body: confirmPaymentRequest,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      const attempt = await createPaymentRepository(deps.checkout.db).findAttemptByProviderPayment(
        deps.checkout.provider.name,
        request.body.paymentIntentId,
      );
      if (!attempt) throw notFound('Payment not found');
      await confirmPayment(deps.checkout, attempt.userId, request.body.paymentIntentId);
      return { success: true as const };
    },
  );

  r.post(
    '/api/payments/claim-order',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags, body: claimOrderRequest, response: { 200: claimOrderResponse } },
    },
    async (request) => claimHeldOrder(deps.checkout.db, request.body.token),
  );
}
