import { Link, useLocation } from 'react-router';
import { priceOrder, toCents, type PackageType } from '@noise/shared/pricing';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import { usePageMeta } from '@/lib/use-page-meta';
import { ComingSoon } from '../components/customer-page';

interface PaymentState {
  data?: { _id: string; title: string };
  selectedExtras?: { _id: string; title: string; price: number }[];
  packageDetails?: { title: string; type: PackageType; baseCost: number; recurringCost: number };
}

export function PaymentRoute() {
  usePageMeta('Payment');
  const state = (useLocation().state ?? {}) as PaymentState;
  const { data, packageDetails, selectedExtras = [] } = state;

  if (!data || !packageDetails) {
    return (
      <ComingSoon title="Payment">
        <p>Choose a package on a service page first, then continue from its Order Options.</p>
        <Button asChild className="mt-6">
          <Link to="/#mind-map">Browse services</Link>
        </Button>
      </ComingSoon>
    );
  }
  const price = priceOrder(
    {
      type: packageDetails.type,
      baseCostCents: toCents(packageDetails.baseCost),
      recurringCostCents: toCents(packageDetails.recurringCost),
    },
    selectedExtras.map((extra) => toCents(extra.price)),
  );
  return (
    <ComingSoon title="Payment">
      <p>
        You are ordering <strong className="text-ink">{packageDetails.title}</strong> of{' '}
        <strong className="text-ink">{data.title}</strong>
        {selectedExtras.length
          ? ` with ${selectedExtras.map((extra) => extra.title).join(', ')}`
          : ''}
        , {formatMoney(price.grandTotalCents)} inc. GST.
      </p>
      <p className="mt-4">
        Card payment, the coordinator choice and your details are being connected to this page.
      </p>
    </ComingSoon>
  );
}
