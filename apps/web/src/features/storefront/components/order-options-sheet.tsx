import { Check } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Service, ServicePackage } from '@noise/shared/catalogue';
import type { CheckDiscountResponse } from '@noise/shared/discounts';
import {
  isRecurring,
  paymentTerms,
  priceOrder,
  toCents,
  type OrderPrice,
  type PackageType,
} from '@noise/shared/pricing';
import { billingLabel } from '@/components/service/package-tabs';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { useAuth } from '@/lib/auth';
import { openSignUpFor } from '@/lib/auth-modals';
import { formatMoney, formatPrice } from '@/lib/format';
import { isGuestCheckout } from '@/lib/guest-checkout';
import type { PaymentOrder } from '@/lib/payment-order';
import { toastError } from '@/lib/toast';
import { cn } from '@/lib/utils';

// The code field and the pricing with a code load when 'Add a discount code' is pressed, not
// with the panel: few orders carry a code, and the service page's script is at its budget
// (docs/decisions/069-discount-codes.md).
async function loadDiscountParts() {
  const [field, pricing] = await Promise.all([
    import('@/components/discounts/discount-code-field'),
    import('@noise/shared/discount-pricing'),
  ]);
  return {
    DiscountCodeField: field.DiscountCodeField,
    priceOrderWithDiscount: pricing.priceOrderWithDiscount,
  };
}
type DiscountParts = Awaited<ReturnType<typeof loadDiscountParts>>;

interface OrderOptionsSheetProps {
  service: Service;
  /** The package chosen last; kept while the panel slides out. */
  pkg: ServicePackage | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Extras chosen when the panel opens (Order Again). */
  initialExtraIds?: string[];
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-4', strong && 'text-lg font-bold')}>
      <dt className={strong ? undefined : 'text-muted'}>{label}</dt>
      <dd className="text-right font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** The Order Options panel: extras, breakdown, Continue (docs/product.md#order-options-panel). */
/** What is paid now and what follows (a recurring package), under the breakdown. */
function PaymentTermsNote({ price, type }: { price: OrderPrice; type: PackageType }) {
  const terms = paymentTerms(price, type);
  return (
    <p className="mt-3 rounded-xl bg-accent-soft px-4 py-3 text-sm font-semibold text-ink">
      {terms.dueToday}
      {terms.thereafter ? <span className="block">{terms.thereafter}</span> : null}
    </p>
  );
}

export function OrderOptionsSheet({
  service,
  pkg,
  open,
  onOpenChange,
  initialExtraIds,
}: OrderOptionsSheetProps) {
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const [selectedIds, setSelectedIds] = useState<string[]>(initialExtraIds ?? []);
  const [initial, setInitial] = useState(initialExtraIds);
  const [discountParts, setDiscountParts] = useState<DiscountParts | null>(null);
  const [loadingDiscount, setLoadingDiscount] = useState(false);
  const [showDiscount, setShowDiscount] = useState(false);
  const [discount, setDiscount] = useState<CheckDiscountResponse | null>(null);
  if (initialExtraIds !== initial) {
    setInitial(initialExtraIds);
    setSelectedIds(initialExtraIds ?? []);
    setShowDiscount(false);
    setDiscount(null);
  }

  const selectedExtras = service.serviceExtras.filter((extra) => selectedIds.includes(extra._id));
  const priced = pkg
    ? {
        type: pkg.type,
        baseCostCents: toCents(pkg.baseCost),
        recurringCostCents: toCents(pkg.recurringCost),
      }
    : null;
  const extraCents = selectedExtras.map((extra) => toCents(extra.price));
  const undiscounted = priced ? priceOrder(priced, extraCents) : null;
  // What a code's minimum order is checked on, as on the payment page.
  const firstPaymentCents =
    priced && undiscounted
      ? undiscounted.oneTimeTotalCents + (isRecurring(priced.type) ? priced.recurringCostCents : 0)
      : 0;
  // A code stops counting while unticked extras leave the order below its minimum (the field
  // says so), and counts again once they are back.
  const applied =
    discount &&
    (discount.minimumOrderCents === null || firstPaymentCents >= discount.minimumOrderCents)
      ? discount
      : null;
  const price =
    priced && applied && discountParts
      ? discountParts.priceOrderWithDiscount(priced, extraCents, applied.discount)
      : undiscounted;

  function toggle(id: string) {
    setSelectedIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  }

  async function openDiscount() {
    if (loadingDiscount) return;
    if (!discountParts) {
      setLoadingDiscount(true);
      try {
        setDiscountParts(await loadDiscountParts());
      } catch {
        toastError(
          'The discount code field could not be loaded',
          'Check your connection and try again.',
        );
        return;
      } finally {
        setLoadingDiscount(false);
      }
    }
    setShowDiscount(true);
  }

  function onContinue() {
    if (!pkg || !price) return;
    onOpenChange(false);
    const state: PaymentOrder = {
      data: service,
      selectedExtras,
      totalPrice: price.displayTotalCents / 100,
      discount: applied,
      packageDetails: {
        title: pkg.title,
        type: pkg.type,
        baseCost: pkg.baseCost,
        recurringCost: pkg.recurringCost,
        priceSuffix: pkg.priceSuffix,
        features: pkg.features,
      },
    };
    // Signed out: sign up first (docs/product.md#order-options-panel), then on to paying. A
    // visitor who already chose 'Continue as guest' goes straight on.
    if (!isAuthenticated && !isGuestCheckout()) {
      openSignUpFor({ to: '/payment', state });
      return;
    }
    navigate('/payment', { state });
  }

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setSelectedIds([]);
          setShowDiscount(false);
          setDiscount(null);
        }
        onOpenChange(next);
      }}
      title="Order Options"
      description={pkg ? `${service.title}: ${pkg.title}` : undefined}
      footer={
        price && pkg ? (
          <>
            {/* The running total stays in sight while extras are ticked further up. */}
            <p
              aria-live="polite"
              className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 text-sm"
            >
              <span className="text-muted">
                {selectedExtras.length === 0
                  ? 'No extras'
                  : `${selectedExtras.length} extra${selectedExtras.length === 1 ? '' : 's'} added`}
                {/* An applied code stays in sight too, whatever the scroll above. */}
                {applied && price.discountCents > 0
                  ? ` · Code ${applied.code}: −${formatMoney(price.discountCents)}`
                  : ''}
              </span>
              <span className="font-bold tabular-nums">
                {paymentTerms(price, pkg.type).dueToday}
              </span>
            </p>
            <Button size="lg" className="w-full" onClick={onContinue}>
              Continue
            </Button>
          </>
        ) : null
      }
    >
      {pkg && price ? (
        <div className="flex flex-col gap-8">
          <section aria-labelledby="order-package" className="rounded-2xl bg-ink p-5 text-paper">
            <p className="text-xs font-bold tracking-[0.2em] text-accent uppercase">Package</p>
            <h3 id="order-package" className="mt-1 text-2xl font-extrabold">
              {pkg.title}
            </h3>
            <dl className="mt-4 flex flex-col gap-1.5 text-sm">
              {pkg.type !== 'one-time' && pkg.baseCost === 0 ? null : (
                <div className="flex justify-between gap-4">
                  <dt className="text-paper/75">Initial Investment</dt>
                  <dd className="font-semibold tabular-nums">{formatPrice(pkg.baseCost)}</dd>
                </div>
              )}
              {pkg.type !== 'one-time' ? (
                <div className="flex justify-between gap-4">
                  <dt className="text-paper/75">Recurring Fees</dt>
                  <dd className="font-semibold tabular-nums">{formatPrice(pkg.recurringCost)}</dd>
                </div>
              ) : null}
            </dl>
            {pkg.priceSuffix || pkg.type !== 'one-time' ? (
              <p className="mt-3 text-xs text-paper/70">
                {[billingLabel[pkg.type], pkg.priceSuffix].filter(Boolean).join(' · ')}
              </p>
            ) : null}
          </section>

          {service.serviceExtras.length ? (
            <fieldset>
              <legend className="font-display text-lg font-bold">Add extras</legend>
              <ul className="mt-3 flex flex-col gap-2">
                {service.serviceExtras.map((extra) => {
                  const checked = selectedIds.includes(extra._id);
                  const inputId = `extra-${extra._id}`;
                  return (
                    <li key={extra._id}>
                      <label
                        htmlFor={inputId}
                        className={cn(
                          'flex cursor-pointer gap-3 rounded-2xl border-2 p-4 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-strong',
                          checked ? 'border-ink bg-accent-soft' : 'border-line hover:border-ink/40',
                        )}
                      >
                        <input
                          id={inputId}
                          type="checkbox"
                          checked={checked}
                          onChange={() => toggle(extra._id)}
                          className="peer sr-only"
                        />
                        <span
                          aria-hidden="true"
                          className={cn(
                            'mt-0.5 grid size-6 shrink-0 place-items-center rounded-md border-2 border-ink',
                            checked ? 'bg-ink text-accent' : 'bg-paper text-transparent',
                          )}
                        >
                          <Check className="size-4" strokeWidth={3} />
                        </span>
                        <span className="flex-1">
                          <span className="flex flex-wrap justify-between gap-x-3">
                            <span className="font-semibold">{extra.title}</span>
                            <span className="font-semibold whitespace-nowrap tabular-nums">
                              {formatPrice(extra.price)}{' '}
                              <span className="text-xs font-normal text-muted">exc. GST</span>
                            </span>
                          </span>
                          {extra.description ? (
                            <span className="mt-1 block text-sm text-muted">
                              {extra.description}
                            </span>
                          ) : null}
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ) : null}

          <section aria-labelledby="order-breakdown">
            <h3 id="order-breakdown" className="font-display text-lg font-bold">
              Cost breakdown
            </h3>
            <dl className="mt-3 flex flex-col gap-2 text-sm">
              {pkg.type !== 'one-time' && pkg.baseCost === 0 ? null : (
                <Line label="Initial Investment" value={formatPrice(pkg.baseCost)} />
              )}
              {price.showsRecurringLine ? (
                <Line
                  label={`Recurring Fees (${pkg.type})`}
                  value={formatPrice(pkg.recurringCost)}
                />
              ) : null}
              {selectedExtras.map((extra) => (
                <Line key={extra._id} label={extra.title} value={formatPrice(extra.price)} />
              ))}
              {applied && price.discountCents > 0 ? (
                <Line
                  label={`Discount (${applied.code})`}
                  value={`−${formatMoney(price.discountCents)}`}
                />
              ) : null}
              <div className="my-1 h-px bg-line" />
              <Line
                label="Total (exc. GST)"
                value={formatMoney(price.grandTotalCents - price.gstCents)}
              />
              <Line label="GST" value={formatMoney(price.gstCents)} />
              <div className="my-1 h-0.5 bg-ink" />
              <Line label="Total (inc. GST)" value={formatMoney(price.grandTotalCents)} strong />
            </dl>
            <PaymentTermsNote price={price} type={pkg.type} />
            {discountParts && showDiscount ? (
              <discountParts.DiscountCodeField
                serviceId={service._id}
                firstPaymentCents={firstPaymentCents}
                applied={discount}
                onChange={setDiscount}
                tone="light"
                startOpen
              />
            ) : (
              <button
                type="button"
                aria-busy={loadingDiscount || undefined}
                className="mt-4 text-sm font-semibold text-accent-strong underline underline-offset-4"
                onClick={() => void openDiscount()}
              >
                Add a discount code
              </button>
            )}
          </section>
        </div>
      ) : null}
    </Sheet>
  );
}
