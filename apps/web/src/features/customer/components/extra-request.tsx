import { formatMoneyGst } from '@noise/shared/pricing';
import { allowanceOf, type RequestPlan } from '@noise/shared/requests';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useBuyExtraRequest } from '../api/requests';
import { useCompanyCan } from './company-role';

/**
 * Once a plan's requests for the period are used, it says so and offers one more at the package's price
 * (docs/product.md#extra-requests): an Owner or Billing person buys it, as an invoice paid by card
 * on its pay page; anyone else is told who can.
 */
export function ExtraRequest({ plan }: { plan: RequestPlan }) {
  const can = useCompanyCan();
  const buy = useBuyExtraRequest();
  const allowance = allowanceOf(plan);
  if (!plan.open || allowance === null || plan.usedThisPeriod < allowance) return null;
  const used = `All ${allowance} request${allowance === 1 ? '' : 's'} of this period are used.`;
  if (!plan.extraRequest) {
    return <p className="mt-3 rounded-card bg-canvas p-3 text-sm">{used}</p>;
  }
  const price = formatMoneyGst(plan.extraRequest.totalCents, 'inc');
  const onBuy = () =>
    buy.mutate(plan.id, { onSuccess: (bought) => window.location.assign(bought.payUrl) });
  return (
    <div className="mt-3 grid gap-2 rounded-card bg-canvas p-3 text-sm">
      <p>
        {used} One more costs {price}.
      </p>
      {can?.('billing') ? (
        <div>
          <Button size="sm" onClick={onBuy} disabled={buy.isPending || buy.isSuccess}>
            Buy an extra request
          </Button>
        </div>
      ) : (
        <p className="text-muted">An Owner or Billing person of your company can buy it.</p>
      )}
      {buy.isError ? (
        <p role="alert" className="text-danger">
          {errorMessage(buy.error, 'The extra request could not be bought.')}
        </p>
      ) : null}
    </div>
  );
}
