import type { Config } from '../../config.ts';
import type { BusinessDetailsStore } from './business-details.ts';

/**
 * The configuration the modules are given: the environment's, except that the shop's details
 * (name, ABN, address, contact page, `business`) read the saved ones each time they are read, so
 * a save on the settings screen reaches every email, invoice and page without a restart
 * (docs/decisions/090-business-details.md). Code that copies one of these at start keeps the old
 * value: read them from the config when needed.
 */
export function liveConfig(config: Config, store: BusinessDetailsStore): Config {
  const live = { ...config };
  const getter = <T>(get: () => T) => ({ enumerable: true, get });
  Object.defineProperties(live, {
    business: getter(() => store.current()),
    businessLogo: getter(() => store.logo()),
    companyName: getter(() => store.current().companyName),
    abn: getter(() => store.current().abn),
    companyAddress: getter(() => store.current().address),
    contactUrl: getter(() => store.current().contactUrl),
  });
  return live;
}
