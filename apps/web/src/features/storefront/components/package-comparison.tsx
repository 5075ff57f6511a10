import { ArrowRight, Check, Minus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ServicePackage } from '@noise/shared/catalogue';
import { tabPrice } from '@noise/shared/pricing';
import { formatPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import { buildComparisonRows } from './package-comparison-rows';

/**
 * The packages side by side, built from their own features (docs/decisions/057). On a narrow
 * screen the package columns scroll inside this container while the feature names stay pinned,
 * so the page itself never scrolls sideways: a hint above says so and a shadow on the right edge
 * shows that more columns wait there, until the last one is in view.
 */
export function PackageComparison({ packages }: { packages: readonly ServicePackage[] }) {
  const rows = buildComparisonRows(packages);
  const popular = (pkg: ServicePackage) => pkg.recommended;
  const { ref, overflows, moreRight } = useSideScroll();
  return (
    <>
      {overflows ? (
        <p className="mb-3 flex items-center gap-2 text-sm font-semibold text-muted">
          Swipe the table to see every package
          <ArrowRight aria-hidden="true" className="size-4" />
        </p>
      ) : null}
      <div className="relative">
        <div
          ref={ref}
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
                      <span className="block text-xs font-semibold text-muted">
                        {pkg.priceSuffix}
                      </span>
                    ) : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.feature} className="border-b border-line last:border-b-0">
                  <th
                    scope="row"
                    className="sticky left-0 z-10 w-48 min-w-40 bg-paper p-4 font-medium"
                  >
                    {row.feature}
                  </th>
                  {packages.map((pkg, index) => (
                    <td
                      key={pkg._id}
                      className={cn('p-4 text-center', popular(pkg) && 'bg-accent-soft')}
                    >
                      {row.included[index] ? (
                        <Check
                          aria-hidden="true"
                          className="mx-auto size-5 text-ink"
                          strokeWidth={3}
                        />
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
        {moreRight ? (
          <div
            aria-hidden="true"
            data-testid="compare-packages-more"
            className="pointer-events-none absolute inset-y-0.5 right-0.5 w-10 rounded-r-card bg-gradient-to-l from-ink/25 to-transparent"
          />
        ) : null}
      </div>
    </>
  );
}

/** Whether the element scrolls sideways, and whether columns remain hidden to its right. */
function useSideScroll() {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ overflows: false, moreRight: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const overflows = element.scrollWidth > element.clientWidth + 1;
      const moreRight = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((was) =>
        was.overflows === overflows && was.moreRight === moreRight ? was : { overflows, moreRight },
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);
  return { ref, ...edges };
}
