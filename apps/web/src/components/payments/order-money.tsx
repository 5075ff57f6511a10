import {
  orderMoneyTerms,
  orderRefundText,
  type OrderMoney as OrderMoneyFigures,
} from '@noise/shared/order-money';
import { formatMoneyGst } from '@noise/shared/pricing';
import { cn } from '@/lib/utils';

/**
 * An order's money as every screen shows it (docs/product.md#money-after-the-sale), from the
 * figures the server answers with the project: 'Paid $1,809.50 inc. GST at order, then $825.00
 * every month', then what was refunded and what the shop kept, when anything was.
 */
export function OrderMoney({ money, className }: { money: OrderMoneyFigures; className?: string }) {
  const refunded = orderRefundText(money);
  // Renewals charged since the order (a deposit's balance is in the terms already).
  const renewed = money.depositCents === 0 && money.chargedCents !== money.paidAtOrderCents;
  return (
    <span className={cn('flex flex-col', className)}>
      <span className="font-semibold tabular-nums">{orderMoneyTerms(money)}</span>
      {renewed ? (
        <span className="text-sm text-muted tabular-nums">
          Charged {formatMoneyGst(money.chargedCents, 'inc', money.currency)} in all
        </span>
      ) : null}
      {refunded ? (
        <span className="text-sm text-danger tabular-nums">
          {refunded} · Kept {formatMoneyGst(money.keptCents, 'inc', money.currency)}
        </span>
      ) : null}
    </span>
  );
}

/** The short form for a list: what the shop kept of the order, inc. GST, and what follows. */
export function OrderMoneyShort({ money }: { money: OrderMoneyFigures }) {
  const refunded = orderRefundText(money);
  return (
    <span className="flex flex-col tabular-nums">
      <span className="font-semibold">
        {formatMoneyGst(money.keptCents, 'inc', money.currency)}
      </span>
      {money.period ? (
        <span className="text-xs text-muted">
          then {formatMoneyGst(money.recurringCents, 'inc', money.currency)} / {money.period}
        </span>
      ) : null}
      {money.balanceDueCents ? (
        <span className="text-xs text-muted">
          balance {formatMoneyGst(money.balanceDueCents, 'inc', money.currency)} due
        </span>
      ) : null}
      {refunded ? <span className="text-xs text-danger">{refunded}</span> : null}
    </span>
  );
}
