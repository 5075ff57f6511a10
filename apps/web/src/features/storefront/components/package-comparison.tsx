import { Check, Minus } from 'lucide-react';
import type { ServicePackage } from '@noise/shared/catalogue';
import { tabPrice } from '@noise/shared/pricing';
import { formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import { buildComparisonRows } from './package-comparison-rows';

/**
 * The packages side by side, built from their own features (docs/decisions/057). On a narrow
 * screen the package columns scroll inside this container while the feature names stay pinned,
 * so the page itself never scrolls sideways.
 */
export function PackageComparison({ packages }: { packages: readonly ServicePackage[] }) {
  const rows = buildComparisonRows(packages);
  const popular = (pkg: ServicePackage) => pkg.recommended;
  return (
    <div
      className="relative max-w-full overflow-x-auto rounded-card border-2 border-ink bg-paper"
      tabIndex={0}
      role="region"
      aria-labelledby="compare-packages"
      data-testid="compare-packages-scroll"
    >
      <table className="w-full min-w-max border-collapse text-left text-sm">
        <caption className="sr-only">Features included in each package</caption>
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky left-0 z-10 w-48 min-w-40 border-b-2 border-ink bg-paper p-4 align-bottom text-xs font-bold tracking-[0.15em] text-muted uppercase"
            >
              Feature
            </th>
            {packages.map((pkg) => (
              <th
                key={pkg._id}
                scope="col"
                className={cn(
                  'min-w-36 border-b-2 border-ink p-4 align-bottom',
                  popular(pkg) && 'bg-accent-soft',
                )}
              >
                {popular(pkg) ? (
                  <span className="mb-2 inline-block rounded-full bg-ink px-2.5 py-0.5 text-xs font-bold text-paper">
                    Most popular
                  </span>
                ) : null}
                <span className="block text-base font-extrabold">{pkg.title}</span>
                <span className="mt-1 block font-display text-xl font-extrabold">
                  {formatPrice(tabPrice(pkg))}
                </span>
                {pkg.priceSuffix ? (
                  <span className="block text-xs font-semibold text-muted">{pkg.priceSuffix}</span>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.feature} className="border-b border-line last:border-b-0">
              <th scope="row" className="sticky left-0 z-10 w-48 min-w-40 bg-paper p-4 font-medium">
                {row.feature}
              </th>
              {packages.map((pkg, index) => (
                <td
                  key={pkg._id}
                  className={cn('p-4 text-center', popular(pkg) && 'bg-accent-soft')}
                >
                  {row.included[index] ? (
                    <Check aria-hidden="true" className="mx-auto size-5 text-ink" strokeWidth={3} />
                  ) : (
                    <Minus aria-hidden="true" className="mx-auto size-4 text-muted" />
                  )}
                  <span className="sr-only">
                    {row.included[index] ? 'Included' : 'Not included'}
                  </span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
