import { TwoFactorSection } from '@/components/two-factor/two-factor-section';
import { usePageMeta } from '@/lib/use-page-meta';
import { ApiKeysSection } from '../../components/api-keys/api-keys-section';
import { StaffPageHeader, StaffSection } from '../../components/page-header';

/**
 * /wkm-dashboard/account: the staff member's own sign-in settings
 * (docs/product.md#two-factor-sign-in) and API keys (docs/product.md#api-keys). Open to every
 * staff role.
 */
export function AccountRoute() {
  usePageMeta('Your account');
  return (
    <div className="max-w-3xl">
      <StaffPageHeader
        title="Your account"
        description="How you sign in to the staff area, and the keys your tools call it with."
      />
      <StaffSection title="Two-factor sign-in">
        <TwoFactorSection />
      </StaffSection>
      <ApiKeysSection scope="mine" className="mt-8" />
    </div>
  );
}
