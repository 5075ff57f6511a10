import { companyCan, type CompanyPermission } from '@noise/shared/company';
import { useCurrentUser } from '@/lib/current-user';

/**
 * What the signed-in person's company role lets them do (docs/product.md#client-companies): the
 * pages show only that, and the server refuses the rest. Undefined until the user is known; staff
 * (no company) may do what the server lets them.
 */
export function useCompanyCan(): ((permission: CompanyPermission) => boolean) | undefined {
  const user = useCurrentUser();
  if (!user.data) return undefined;
  const company = user.data.company;
  return (permission) => !company || companyCan(company.role, permission);
}
