import type { PaymentProviderName } from '@noise/shared/payments';
import type { PaymentsConfig } from '../../../config.ts';
import type { PaymentProvider } from './provider.ts';
import type { SandboxRepository } from './sandbox-repository.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createStripeProvider } from './stripe.ts';

/**
 * Each provider by the name PAYMENT_PROVIDER gives it (decision 099): its file makes it from its
 * settings. A name of `paymentProviders` without an entry here fails the type check.
 */
const providers: Record<
  PaymentProviderName,
  (config: PaymentsConfig, sandbox: SandboxRepository) => PaymentProvider
> = {
  sandbox: (_config, sandbox) => createSandboxProvider(sandbox),
  stripe: (config) => {
    if (!config.stripe) throw new Error('PAYMENT_PROVIDER=stripe needs the Stripe keys');
    return createStripeProvider(config.stripe);
  },
};

export function createPaymentProvider(
  config: PaymentsConfig,
  sandbox: SandboxRepository,
): PaymentProvider {
  return providers[config.provider](config, sandbox);
}
