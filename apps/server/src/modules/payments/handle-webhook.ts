import { badRequest, notFound } from '../../lib/errors.ts';
import { settle, type CheckoutDeps } from './handle-payment.ts';
import { recordProviderRefund } from './refund-payment.ts';

/**
 * The payment provider's webhook (`POST /api/payments/:provider/webhook`, decision 099): a
 * provider other than the one in use, or one that sends no webhooks, is not found. The
 * signature, in the header the provider names, is checked over the raw body. Events may come
 * twice and in any order: completion is idempotent (the attempt row is locked and a succeeded
 * attempt is final), a failure never undoes a success, and handled event ids are remembered.
 * Refund events settle our pending refunds and record, once, refunds made in the provider's
 * dashboard.
 */
export async function handleWebhook(
  deps: CheckoutDeps,
  providerName: string,
  request: { body: unknown; header(name: string): string | undefined },
): Promise<{ received: true; duplicate?: true }> {
  if (providerName !== deps.provider.name) throw notFound('No such payment provider');
  const webhook = deps.provider.webhook;
  if (!webhook) throw notFound('Webhooks are not used by this payment provider');
  if (!Buffer.isBuffer(request.body)) throw badRequest('Expected a JSON body');
  const signature = request.header(webhook.signatureHeader);
  if (!signature) throw badRequest('Missing webhook signature');
  let event;
  try {
    event = webhook.parse(request.body, signature);
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
      if (event.paymentOutcome === 'succeeded' && payment.status === 'succeeded') {
        // The browser may never have come back (closed tab after 3-D Secure): finish here.
        await settle(deps, attempt, payment);
        deps.log.info({ eventId: event.id, attemptId: attempt.id }, 'order completed by webhook');
      } else if (event.paymentOutcome === 'failed' && attempt.state !== 'failed') {
        await settle(deps, attempt, { ...payment, status: 'failed' }).catch(() => undefined);
      }
    }
  }
  for (const refund of event.refunds) await recordProviderRefund(deps, refund);
  // Renewals are recorded by the renewal job, which charges synchronously.
  await repo.recordWebhookEvent(event.id, deps.provider.name, event.type);
  return { received: true };
}
