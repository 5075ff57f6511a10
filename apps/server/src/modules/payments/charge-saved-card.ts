import type { PaymentProvider, ProviderPayment } from './providers/provider.ts';
import type { SubscriptionRow } from './repository.ts';

/**
 * Charges a subscription's card on file while the customer is away (off session): each renewal,
 * and an upgrade's prorated difference (docs/decisions/100). The same key always gives the same
 * charge at the provider, so a retry after an outage never charges twice.
 */
export function chargeSavedCard(
  provider: PaymentProvider,
  subscription: Pick<SubscriptionRow, 'id' | 'providerCustomerId' | 'paymentMethodId' | 'currency'>,
  charge: {
    amountCents: number;
    idempotencyKey: string;
    description: string;
    metadata: Record<string, string>;
  },
): Promise<ProviderPayment> {
  return provider.createPayment({
    customerId: subscription.providerCustomerId,
    paymentMethodId: subscription.paymentMethodId,
    amountCents: charge.amountCents,
    currency: subscription.currency,
    idempotencyKey: charge.idempotencyKey,
    description: charge.description,
    metadata: { ...charge.metadata, subscriptionId: subscription.id },
    offSession: true,
  });
}
