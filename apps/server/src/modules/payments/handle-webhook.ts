import { badRequest, notFound } from '../../lib/errors.ts';
import { settle, type CheckoutDeps } from './handle-payment.ts';
import { recordProviderRefund } from './refund-payment.ts';

/**
 * A provider webhook (Stripe). The signature is checked over the raw body. Events may come twice
 * and in any order: completion is idempotent (the attempt row is locked and a succeeded attempt
 * is final), a failure never undoes a success, and handled event ids are remembered. Refund
 * events settle our pending refunds and record, once, refunds made in the provider's dashboard.
 */
export async function handleWebhook(
  deps: CheckoutDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate?: true }> {
  const parse = deps.provider.parseWebhook;
  if (!parse) throw notFound('Webhooks are not used by this payment provider');
  if (!signature) throw badRequest('Missing webhook signature');
  let event;
  try {
    event = parse.call(deps.provider, rawBody, signature);
  } catch {
    throw badRequest('Invalid webhook signature');
  }
  const repo = deps.repos.payments;
  if (await repo.hasWebhookEvent(event.id)) return { received: true, duplicate: true };

  const payment = event.payment;
  if (payment && payment.metadata.kind === 'checkout') {
    const attempt =
      (payment.metadata.attemptId && (await repo.findAttempt(payment.metadata.attemptId))) ||
      (await repo.findAttemptByProviderPayment(deps.provider.name, payment.id));
    if (attempt && attempt.state !== 'succeeded') {
      if (event.type === 'payment_intent.succeeded' && payment.status === 'succeeded') {
        // The browser may never have come back (closed tab after 3-D Secure): finish here.
        await settle(deps, attempt, payment);
        deps.log.info({ eventId: event.id, attemptId: attempt.id }, 'order completed by webhook');
      } else if (event.type === 'payment_intent.payment_failed' && attempt.state !== 'failed') {
        await settle(deps, attempt, { ...payment, status: 'failed' }).catch(() => undefined);
      }
    }
  }
  for (const refund of event.refunds) await recordProviderRefund(deps, refund);
  // Renewals are recorded by the renewal job, which charges synchronously.
  await repo.recordWebhookEvent(event.id, deps.provider.name, event.type);
  return { received: true };
}
