import { initialInvestmentOf, type PackageType } from '@noise/shared/pricing';
import { formatPrice } from '@/lib/format';

/**
 * The service's initial investment (docs/product.md#service-page): the set-up fee its weekly and
 * monthly packages charge, 'From' the lowest when they differ, with what it pays for.
 */
export function InitialInvestment({
  packages,
  description,
}: {
  packages: readonly { type: PackageType; baseCost: number }[];
  description: string;
}) {
  const { amount, varies } = initialInvestmentOf(packages);
  if (amount <= 0 && !description) return null;
  return (
    <div className="mt-8 rounded-card bg-ink p-6 text-paper">
      <p className="text-xs font-bold tracking-[0.2em] text-accent uppercase">Initial investment</p>
      {amount > 0 ? (
        <p className="mt-2 font-display text-4xl font-extrabold">
          {varies ? <span className="mr-2 text-base font-medium text-paper/70">From</span> : null}
          {formatPrice(amount)}
          <span className="ml-2 text-base font-medium text-paper/70">exc. GST</span>
        </p>
      ) : null}
      {description ? <p className="mt-2 text-paper/80">{description}</p> : null}
    </div>
  );
}
