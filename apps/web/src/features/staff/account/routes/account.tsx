import { TwoFactorSection } from '@/components/two-factor/two-factor-section';
import { usePageMeta } from '@/lib/use-page-meta';
import { StaffPageHeader, StaffSection } from '../../components/page-header';

/**
 * /wkm-dashboard/account: the staff member's own sign-in settings
 * (docs/product.md#two-factor-sign-in). Open to every staff role.
 */
export function AccountRoute() {
  usePageMeta('Your account');
  return (
    <div className="max-w-3xl">
      <StaffPageHeader title="Your account" description="How you sign in to the staff area." />
      <StaffSection title="Two-factor sign-in">
        <TwoFactorSection />
      </StaffSection>
    </div>
  );
}
