import { ReplaceCard } from '@/features/checkout/components/replace-card';
import { ProfileRoute } from '@/features/customer/routes/profile';

/** /dashboard/profile: the customer's page with checkout's card form for the card on file. */
export default function CustomerProfile() {
  return <ProfileRoute cardSection={<ReplaceCard />} />;
}
