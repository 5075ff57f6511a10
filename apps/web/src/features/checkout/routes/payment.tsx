import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { CheckDiscountResponse } from '@noise/shared/discounts';
import { orderCreditCents } from '@noise/shared/account-credit';
import { orderPaymentRequest } from '@noise/shared/payments';
import { priceOrderWithDiscount } from '@noise/shared/discount-pricing';
import { isRecurring, paymentTerms, toCents } from '@noise/shared/pricing';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { checkUser } from '@/lib/check-user';
import { useCurrentUser } from '@/lib/current-user';
import { formatMoney, formatPrice } from '@/lib/format';
import { toastError } from '@/lib/toast';
import type { PaymentOrder } from '@/lib/payment-order';
import { usePageMeta } from '@/lib/use-page-meta';
import { useMyCredit } from '../api/account-credit';
import { CheckoutForm } from '../components/checkout-form';
import { CheckoutLoadFailed, CheckoutPage } from '../components/checkout-page';
import { readCheckedDiscount } from '@/components/discounts/check-discount';
import { DiscountCodeField } from '@/components/discounts/discount-code-field';
import { PLACEHOLDER_IMAGE, SummaryLine, SummaryRule } from '../components/summary';
import type { Payer } from '../components/details-form';

function readState(state: unknown): {
  order: PaymentOrder | null;
  serviceId: string | null;
  discount: CheckDiscountResponse | null;
} {
  const value = (state ?? {}) as Partial<PaymentOrder>;
  const serviceId = typeof value.data?._id === 'string' ? value.data._id : null;
  const pkg = value.packageDetails;
  const valid =
    serviceId !== null &&
    typeof pkg?.title === 'string' &&
    typeof pkg.baseCost === 'number' &&
    typeof pkg.recurringCost === 'number' &&
    Array.isArray(value.selectedExtras);
  return {
    order: valid ? (value as PaymentOrder) : null,
    serviceId,
    // A code applied in the order panel; the server checks it again when the order is paid.
    discount: readCheckedDiscount(value.discount),
  };
}

/** Opened without an order: back to the service (or home) with a word of explanation. */
function MissingOrder({ serviceId }: { serviceId: string | null }) {
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    toastError('Choose a package first');
  }, []);
  return <Navigate to={serviceId ? `/services/${encodeURIComponent(serviceId)}` : '/'} replace />;
}

export function PaymentRoute() {
  usePageMeta('Confirm & Pay');
  const location = useLocation();
  const { order, serviceId, discount: carried } = readState(location.state);
  const { isAuthenticated } = useAuth();
  const user = useCurrentUser(checkUser);
  const [discount, setDiscount] = useState<CheckDiscountResponse | null>(carried);
  const credit = useMyCredit(isAuthenticated);

  if (!order) return <MissingOrder serviceId={serviceId} />;
  if (isAuthenticated && !user.data && user.isError) {
    return (
      <CheckoutPage title="Confirm & Pay">
        <CheckoutLoadFailed
          message={`Your details could not be loaded: ${errorMessage(user.error)}`}
          onRetry={() => void user.refetch()}
        />
      </CheckoutPage>
    );
  }
  if (isAuthenticated && !user.data) return <FullScreenSpinner label="Loading your details" />;
  // The route's guard lets in the signed-in and those who chose 'Continue as guest'.
  const payer: Payer =
    isAuthenticated && user.data ? { kind: 'user', user: user.data } : { kind: 'guest' };

  const { data: service, packageDetails: pkg, selectedExtras } = order;
  const priced = {
    type: pkg.type,
    baseCostCents: toCents(pkg.baseCost),
    recurringCostCents: toCents(pkg.recurringCost),
  };
  const extraCents = selectedExtras.map((extra) => toCents(extra.price));
  // The same function the server prices the order with, the code's discount included.
  const price = priceOrderWithDiscount(priced, extraCents, discount?.discount ?? null);
  const firstPaymentCents =
    price.oneTimeTotalCents + (isRecurring(pkg.type) ? priced.recurringCostCents : 0);
  // The company's account credit pays what it can; the card the rest, at least $0.50 (decision 107).
  const creditCents =
    payer.kind === 'user' && credit.data
      ? orderCreditCents(credit.data.balanceCents, price.grandTotalCents)
      : 0;
  const charged = formatMoney(price.grandTotalCents - creditCents);
  const terms = paymentTerms(price, pkg.type);
  const recurring = isRecurring(pkg.type);

  const summary = (
    <>
      <div className="flex items-center gap-4">
        <img
          src={service.featurePhoto || PLACEHOLDER_IMAGE}
          alt=""
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) {
              event.currentTarget.src = PLACEHOLDER_IMAGE;
            }
          }}
          className="size-20 shrink-0 rounded-2xl bg-paper object-cover"
        />
        <div>
          <p className="text-xs font-bold tracking-[0.2em] text-accent uppercase">Your order</p>
          <h2 className="mt-1 text-2xl leading-tight font-extrabold">{service.title}</h2>
        </div>
      </div>
      <dl className="mt-6 flex flex-col gap-2.5">
        {/* A plan's suffix ('/month exc. GST') belongs to its recurring fee, never its initial
            investment; a plan with no initial investment shows no $0.00 line. */}
        {recurring && pkg.baseCost === 0 ? null : (
          <SummaryLine
            label={
              recurring ? `${pkg.title} · Initial Investment` : pkg.title || 'Initial Investment'
            }
            value={formatPrice(pkg.baseCost)}
          >
            {!recurring && pkg.priceSuffix ? (
              <span className="block text-xs text-paper/60">{pkg.priceSuffix}</span>
            ) : null}
          </SummaryLine>
        )}
        {price.showsRecurringLine ? (
          <SummaryLine
            label={`${pkg.baseCost === 0 ? `${pkg.title} · ` : ''}Recurring Fees (${pkg.type})`}
            value={formatPrice(pkg.recurringCost)}
          >
            {pkg.priceSuffix ? (
              <span className="block text-xs text-paper/60">{pkg.priceSuffix}</span>
            ) : null}
          </SummaryLine>
        ) : null}
        {selectedExtras.map((extra) => (
          <SummaryLine key={extra._id} label={extra.title} value={formatPrice(extra.price)} />
        ))}
        {discount && price.discountCents > 0 ? (
          <SummaryLine
            label={`Discount (${discount.code})`}
            value={`−${formatMoney(price.discountCents)}`}
          />
        ) : null}
        <SummaryRule />
        <SummaryLine label="Total" value={formatMoney(price.grandTotalCents - price.gstCents)} />
        <SummaryLine label="GST" value={formatMoney(price.gstCents)} />
        <SummaryRule strong />
        <SummaryLine
          label="Total (inc. GST)"
          value={formatMoney(price.grandTotalCents)}
          strong={creditCents === 0}
        />
        {creditCents > 0 ? (
          <>
            <SummaryLine label="Account credit" value={`−${formatMoney(creditCents)}`} />
            <SummaryRule strong />
            <SummaryLine label="Due today (inc. GST)" value={charged} strong />
          </>
        ) : null}
      </dl>
      <p className="mt-4 text-sm text-paper/75">
        You will be charged {charged} inc. GST. Total amount includes tax.
        {terms.thereafter ? <span className="block font-semibold">{terms.thereafter}.</span> : null}
      </p>
      <DiscountCodeField
        serviceId={service._id}
        firstPaymentCents={firstPaymentCents}
        applied={discount}
        onChange={setDiscount}
      />
    </>
  );

  return (
    <CheckoutPage title="Confirm & Pay">
      <CheckoutForm
        // A guest who signs in from this page gets a fresh form with their profile's details.
        key={payer.kind === 'user' ? payer.user._id : 'guest'}
        payer={payer}
        amountLabel={charged}
        summary={summary}
        buildRequest={(input) =>
          orderPaymentRequest({
            ...input,
            service,
            package: pkg,
            extras: selectedExtras,
            discount: discount ? { code: discount.code, discount: discount.discount } : null,
            creditCents,
          })
        }
        // A refusal may be credit spent meanwhile: the page reads it again.
        onFailure={() => void credit.refetch()}
      />
    </CheckoutPage>
  );
}
