import { orderMoney, type MoneyPayment, type OrderMoney } from '@noise/shared/order-money';
import type { PackageType } from '@noise/shared/pricing';
import type { PaymentRepository } from './repository.ts';

/**
 * The figures of many orders at once (docs/product.md#money-after-the-sale), from their payments
 * and refunds: for lists that do not load whole projects (the sales CSV, the overview).
 */
export type MoneyOf = (
  orders: Parameters<typeof orderMoneyOf>[1],
) => ReturnType<typeof orderMoneyOf>;

export async function orderMoneyOf(
  payments: PaymentRepository,
  orders: readonly {
    id: string;
    currency: string;
    packageType: PackageType;
    recurringTotalWithGstCents: number;
    oneTimeTotalWithGstCents: number;
    depositWithGstCents: number | null;
  }[],
): Promise<Map<string, OrderMoney>> {
  const ids = orders.map((o) => o.id);
  const [records, cancelled] = await Promise.all([
    payments.loadMoneyRecords(ids),
    payments.cancelledPlansOf(ids),
  ]);
  const paymentsOf = new Map<string, MoneyPayment[]>();
  for (const { projectId, payment, refunds } of records) {
    paymentsOf.set(projectId, [...(paymentsOf.get(projectId) ?? []), { ...payment, refunds }]);
  }
  return new Map(
    orders.map((order) => [
      order.id,
      orderMoney({
        currency: order.currency,
        packageType: order.packageType,
        recurringTotalWithGstCents: order.recurringTotalWithGstCents,
        oneTimeTotalWithGstCents: order.oneTimeTotalWithGstCents,
        depositWithGstCents: order.depositWithGstCents,
        payments: paymentsOf.get(order.id) ?? [],
        planCancelled: cancelled.has(order.id),
      }),
    ]),
  );
}
