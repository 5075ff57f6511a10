import { ReplaceCard } from '@/features/checkout/components/replace-card';
import { BillingRoute } from '@/features/customer/routes/billing';

/** /dashboard/billing: the customer's billing with checkout's card form for the card on file. */
export default function CustomerBilling() {
  return <BillingRoute cardSection={<ReplaceCard />} />;
}
