import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  claimOrderRequest,
  claimOrderResponse,
  confirmPaymentRequest,
  guestCheckoutRequest,
  guestCheckoutResponse,
  guestConfirmResponse,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
} from '@noise/shared/payments';
import type { Config } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuthDeps } from '../auth/sign-in.ts';
import { claimHeldOrder } from './claim-order.ts';
import { confirmGuestOrder, placeGuestOrder } from './guest-checkout.ts';
import type { CheckoutDeps } from './handle-payment.ts';

/** 'Continue as guest' (docs/product.md#guest-checkout): order and pay without signing in. */
export function registerGuestCheckoutRoutes(
  app: FastifyInstance,
  deps: { checkout: CheckoutDeps; auth: AuthDeps; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];

  r.post(
    '/api/payments/guest-checkout',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        summary: 'Order and pay as a guest',
        tags,
        body: guestCheckoutRequest,
        response: { 200: guestCheckoutResponse },
      },
    },
    async (request) => {
      const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
      const parsedKey = idempotencyKeySchema.safeParse(
        request.body.idempotencyKey ?? (typeof header === 'string' ? header : undefined),
      );
      if (!parsedKey.success) throw badRequest('An idempotency key is required');
      return placeGuestOrder(deps, request.body, parsedKey.data, request.log);
    },
  );

  /** After the bank's check, a guest without a session completes the order here. */
  r.post(
    '/api/payments/guest-confirm',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        summary: "Finish a guest's payment after the bank's check",
        tags,
        body: confirmPaymentRequest,
        response: { 200: guestConfirmResponse },
      },
    },
    async (request) => confirmGuestOrder(deps, request.body.paymentIntentId),
  );

  r.post(
    '/api/payments/claim-order',
    {
      config: {
        access: 'public',
        optionalAuth: true,
        rateLimit: { max: 20, timeWindow: '1 minute' },
      },
      schema: {
        summary: "Claim a guest order into one's account",
        tags,
        body: claimOrderRequest,
        response: { 200: claimOrderResponse },
      },
    },
    async (request) =>
      claimHeldOrder(
        { repos: deps.checkout.repos, config: deps.config },
        request.body.token,
        request.user,
        request.ip,
      ),
  );
}
