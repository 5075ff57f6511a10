import type { PaymentsConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createStripeProvider } from './stripe.ts';

export function createPaymentProvider(config: PaymentsConfig, db: Db): PaymentProvider {
  if (config.provider === 'stripe') {
    if (!config.stripe) throw new Error('PAYMENT_PROVIDER=stripe needs the Stripe keys');
    return createStripeProvider(config.stripe);
  }
  return createSandboxProvider(db);
}
