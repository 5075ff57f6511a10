import type { Service, ServiceExtra, ServicePackage } from '@noise/shared/catalogue';
import type { CheckDiscountResponse } from '@noise/shared/discounts';

/**
 * The order the Order Options panel hands to /payment in the router state
 * (docs/product.md#payment-page). Only what the payment page reads: it checks the shape, as the
 * state may come from an old history entry.
 */
export interface PaymentOrder {
  data: Pick<Service, '_id' | 'title' | 'featurePhoto'>;
  selectedExtras: Pick<ServiceExtra, '_id' | 'title' | 'price'>[];
  totalPrice: number;
  packageDetails: Pick<
    ServicePackage,
    'title' | 'type' | 'baseCost' | 'recurringCost' | 'priceSuffix' | 'features'
  > & { _id?: string };
  /** A discount code applied in the panel: the payment page starts with it applied. */
  discount?: CheckDiscountResponse | null;
}
