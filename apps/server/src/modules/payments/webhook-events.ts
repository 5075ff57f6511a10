import { orderName } from '@noise/shared/project';
import type { Repositories } from '../../repositories.ts';
import { emitWebhookEvent } from '../webhooks/deliver-webhook.ts';

/** What every payment event says of its order (docs/product.md#webhooks). */
export interface OrderRef {
  id: string;
  orderNumber: number;
  userId: string;
  serviceTitle: string;
  packageTitle?: string;
  contactEmail: string;
}

const orderData = (project: OrderRef) => ({
  projectId: project.id,
  orderNumber: project.orderNumber,
  order: orderName(project.orderNumber),
  customerId: project.userId,
  customerEmail: project.contactEmail,
  service: project.serviceTitle,
  package: project.packageTitle ?? '',
});

const paymentData = (payment: {
  id: string;
  kind: string;
  amountCents: number;
  gstCents: number;
  currency: string;
}) => ({
  paymentId: payment.id,
  paymentKind: payment.kind,
  amountCents: payment.amountCents,
  gstCents: payment.gstCents,
  currency: payment.currency,
});

/** `order.paid` (and `quote.paid` when it paid a quote in full), in the payment's transaction. */
export async function emitOrderPaid(
  repos: Pick<Repositories, 'webhooks' | 'jobs'>,
  project: OrderRef & { quoteId: string | null },
  payment: Parameters<typeof paymentData>[0],
  quotePaidInFull: boolean,
) {
  const data = { ...orderData(project), ...paymentData(payment) };
  await emitWebhookEvent(repos, 'order.paid', data);
  if (project.quoteId && quotePaidInFull) {
    await emitWebhookEvent(repos, 'quote.paid', { ...data, quoteId: project.quoteId });
  }
}

export async function emitOrderRefunded(
  repos: Pick<Repositories, 'webhooks' | 'jobs'>,
  project: OrderRef | null,
  refund: {
    id: string;
    paymentId: string;
    amountCents: number;
    gstCents: number;
    currency: string;
    reason: string;
  },
) {
  await emitWebhookEvent(repos, 'order.refunded', {
    ...(project ? orderData(project) : {}),
    refundId: refund.id,
    paymentId: refund.paymentId,
    amountCents: refund.amountCents,
    gstCents: refund.gstCents,
    currency: refund.currency,
    reason: refund.reason,
  });
}

export async function emitSubscriptionEvent(
  repos: Pick<Repositories, 'webhooks' | 'jobs'>,
  type:
    | 'subscription.renewed'
    | 'subscription.payment_failed'
    | 'subscription.canceled'
    | 'subscription.changed'
    | 'subscription.paused'
    | 'subscription.resumed',
  project: OrderRef,
  subscription: {
    id: string;
    interval: string;
    amountCents: number;
    currency: string;
    status: string;
  },
  extra: Record<string, unknown> = {},
) {
  await emitWebhookEvent(repos, type, {
    ...orderData(project),
    subscriptionId: subscription.id,
    interval: subscription.interval,
    amountCents: subscription.amountCents,
    currency: subscription.currency,
    status: subscription.status,
    ...extra,
  });
}
