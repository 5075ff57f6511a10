import { intervalTerms, recurringIntervals, type RecurringInterval } from '@noise/shared/intervals';
import { planIncludes } from '@noise/shared/request-words';
import { Check } from 'lucide-react';
import type { ServicePackage } from '@noise/shared/catalogue';
import { tabPrice } from '@noise/shared/pricing';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatPrice } from '@/lib/format';

export const billingLabel: Record<ServicePackage['type'], string> = {
  'one-time': 'One-time',
  ...(Object.fromEntries(
    recurringIntervals.map((i) => [i, `B${intervalTerms(i).billed.slice(1)}`]),
  ) as Record<RecurringInterval, string>),
};

// The price a tab shows; the compare table and the structured data read the same rule.
export { tabPrice };

interface PackageTabsProps {
  packages: ServicePackage[];
  onChoose: (pkg: ServicePackage) => void;
  /** Called when a choose button is about to be used (hover or focus): start loading the panel. */
  onPrepare?: () => void;
}

export function PackageTabs({ packages, onChoose, onPrepare }: PackageTabsProps) {
  const first = packages[0];
  if (!first) {
    return (
      <p className="rounded-card border-2 border-dashed border-ink/20 p-8 text-muted">
        Packages for this service are tailored to you. Contact us for a quote.
      </p>
    );
  }
  return (
    <>
      {/* Without JavaScript the tabs cannot switch and nothing can be ordered: every package's
          price, and a word on what ordering needs (docs/product.md#service-page). */}
      <noscript>
        <p className="mb-6 rounded-card border-2 border-ink p-5 font-semibold">
          Ordering needs JavaScript: turn it on in your browser to choose a package and pay.
        </p>
        <ul className="mb-6 flex flex-col gap-1">
          {packages.map((pkg) => (
            <li key={pkg._id}>
              {pkg.title}: {formatPrice(tabPrice(pkg))} {pkg.priceSuffix} ({billingLabel[pkg.type]})
            </li>
          ))}
        </ul>
      </noscript>
      <Tabs defaultValue={first._id}>
        <TabsList aria-label="Packages">
          {packages.map((pkg) => (
            <TabsTrigger key={pkg._id} value={pkg._id}>
              {pkg.title}
              {pkg.recommended ? <PopularBadge className="ml-2 bg-accent text-ink" /> : null}
            </TabsTrigger>
          ))}
        </TabsList>
        {packages.map((pkg) => (
          <TabsContent key={pkg._id} value={pkg._id}>
            <article className="grid gap-8 rounded-card border-2 border-ink bg-paper p-6 shadow-[6px_6px_0_var(--color-ink)] sm:p-8 md:grid-cols-[1fr_1.2fr]">
              <div>
                {pkg.recommended ? <PopularBadge className="mb-3 bg-ink text-paper" /> : null}
                <h3 className="text-2xl font-extrabold">{pkg.title}</h3>
                <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
                  <span className="font-display text-5xl font-extrabold tracking-tight">
                    {formatPrice(tabPrice(pkg))}
                  </span>
                  {pkg.priceSuffix ? (
                    <span className="text-base font-semibold text-muted">{pkg.priceSuffix}</span>
                  ) : null}
                </p>
                <p className="mt-1 text-sm font-semibold text-accent-strong">
                  {billingLabel[pkg.type]}
                </p>
                {pkg.activeRequestLimit ? (
                  <ul className="mt-3 text-sm font-semibold" aria-label="Request plan">
                    {planIncludes({
                      type: pkg.type,
                      activeRequestLimit: pkg.activeRequestLimit,
                      requestsPerPeriod: pkg.requestsPerPeriod ?? null,
                    }).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                ) : null}
                {pkg.minimumTerm ? (
                  <p className="mt-3 text-sm">
                    Minimum term: <strong className="font-semibold">{pkg.minimumTerm}</strong>
                  </p>
                ) : null}
                {pkg.type !== 'one-time' && pkg.baseCost > 0 ? (
                  <p className="mt-3 text-sm">
                    Plus an initial investment of{' '}
                    <strong className="font-semibold">{formatPrice(pkg.baseCost)}</strong>
                  </p>
                ) : null}
                <Button
                  size="lg"
                  className="mt-8 w-full sm:w-auto"
                  onClick={() => onChoose(pkg)}
                  onPointerEnter={onPrepare}
                  onFocus={onPrepare}
                >
                  Choose {pkg.title}
                </Button>
              </div>
              <div>
                <h4 className="text-sm font-bold tracking-[0.2em] text-accent-strong uppercase">
                  What you get
                </h4>
                {pkg.features.length ? (
                  <ul className="mt-4 flex flex-col gap-3">
                    {pkg.features.map((feature, index) => (
                      <li key={`${feature}-${index}`} className="flex gap-3">
                        <span className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-accent text-ink">
                          <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
                        </span>
                        <span>{feature}</span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-4 text-muted">Details of this package are on their way.</p>
                )}
              </div>
            </article>
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}

/** The service's 'Most popular' package (docs/decisions/057), on its tab and its card. */
function PopularBadge({ className }: { className: string }) {
  return (
    <span
      className={`${className} inline-block rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap`}
    >
      Most popular
    </span>
  );
}
