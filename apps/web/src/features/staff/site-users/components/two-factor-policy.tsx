import { Checkbox } from '@/components/ui/checkbox';
import { Spinner } from '@/components/ui/spinner';
import { toastApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { StaffSection } from '../../components/page-header';
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from '../api/two-factor-policy';

/**
 * The super-admin's 'Require two-factor sign-in for all staff' (docs/product.md#two-factor-sign-in):
 * staff without it set it up at their next sign-in.
 */
export function TwoFactorPolicyCard() {
  const policy = useTwoFactorPolicy(true);
  const save = useSetTwoFactorPolicy();
  const checked = save.isPending
    ? (save.variables?.requireForStaff ?? false)
    : (policy.data?.requireForStaff ?? false);

  async function change(requireForStaff: boolean) {
    try {
      await save.mutateAsync({ requireForStaff });
      toastSuccess(
        requireForStaff
          ? 'Two-factor sign-in is required for all staff'
          : 'Two-factor sign-in is no longer required',
      );
    } catch (error) {
      toastApiError(error, 'The setting could not be saved');
    }
  }

  return (
    <StaffSection
      title="Two-factor sign-in"
      description="Staff accounts hold every customer's data. When required, staff who have not set it up do so at their next sign-in, and nobody can turn theirs off."
      className="mb-6"
    >
      {policy.isPending ? (
        <Spinner label="Loading the setting" />
      ) : (
        <Checkbox
          label="Require two-factor sign-in for all staff"
          checked={checked}
          disabled={save.isPending || policy.isError}
          onCheckedChange={(value) => void change(value === true)}
        />
      )}
    </StaffSection>
  );
}
