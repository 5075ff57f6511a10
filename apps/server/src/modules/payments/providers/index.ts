import type { PaymentsConfig } from '../../../config.ts';
import type { PaymentProvider } from './provider.ts';
import type { SandboxRepository } from './sandbox-repository.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createStripeProvider } from './stripe.ts';

export function createPaymentProvider(
  config: PaymentsConfig,
  sandbox: SandboxRepository,
): PaymentProvider {
  if (config.provider === 'stripe') {
    if (!config.stripe) throw new Error('PAYMENT_PROVIDER=stripe needs the Stripe keys');
    return createStripeProvider(config.stripe);
  }
  return createSandboxProvider(sandbox);
}
