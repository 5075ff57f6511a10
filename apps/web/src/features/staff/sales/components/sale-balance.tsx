import { Loader2, Send } from 'lucide-react';
import { orderRefundText, type OrderMoney } from '@noise/shared/order-money';
import { gstNotes } from '@noise/shared/pricing';
import { Button } from '@/components/ui/button';
import { toastApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { StaffSection } from '../../components/page-header';
import { useRequestSaleBalance } from '../api/request-sale-balance';

/**
 * A quote paid with a deposit (docs/product.md#deposits-on-custom-quotes): what was paid, what is
 * left, and 'Request balance', which emails the customer the link to pay it. Nothing for any
 * other sale.
 */
export function SaleBalance({ saleId, money }: { saleId: string; money: OrderMoney }) {
  const request = useRequestSaleBalance(saleId);
  if (money.depositCents === 0) return null;
  const due = money.balanceDueCents > 0;
  // After a refund, never 'Paid in full' alone: what went back and what was kept.
  const refunded = orderRefundText(money);
  const settled = refunded
    ? `${refunded} · Net ${formatMoney(money.keptCents, money.currency)} ${gstNotes.inc}.`
    : 'Paid in full.';
  return (
    <StaffSection
      title="Deposit and balance"
      description={
        due
          ? 'When the work is ready, ask the customer for the balance: they get an email with the link to pay it.'
          : settled
      }
    >
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
        <dt>Deposit paid</dt>
        <dd className="text-right font-semibold tabular-nums">
          {formatMoney(money.depositCents, money.currency)}
        </dd>
        <dt>{due ? 'Balance due' : 'Balance paid'}</dt>
        <dd className="text-right font-semibold tabular-nums">
          {formatMoney(money.balanceCents, money.currency)}
        </dd>
        <dt className="col-span-2 text-xs text-muted">{gstNotes.inc}</dt>
      </dl>
      {due ? (
        <Button
          className="mt-4 w-full sm:w-auto"
          disabled={request.isPending}
          onClick={() =>
            request.mutate(undefined, {
              onSuccess: (answer) => toastSuccess('Balance requested', answer.message),
              onError: (error) => toastApiError(error, 'Could not request the balance'),
            })
          }
        >
          {request.isPending ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Send aria-hidden="true" />
          )}
          {request.isSuccess ? 'Request the balance again' : 'Request balance'}
        </Button>
      ) : null}
    </StaffSection>
  );
}
