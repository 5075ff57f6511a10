import { can } from '@noise/shared/permissions';
import type { Role } from '@noise/shared/roles';

/**
 * Who may see a project and what hangs off it (brief, payments, invoices, subscription): staff
 * who manage sales, and its customer once it is theirs. A guest's order placed with the email of
 * an existing account waits for that account's owner to claim it (docs/decisions/043): until
 * then, the account does not see it.
 */
export function canSeeProject(
  caller: { id: string; role: Role },
  project: { userId: string; claimTokenHash: string | null },
): boolean {
  if (can(caller.role, 'sales:manage')) return true;
  return project.userId === caller.id && project.claimTokenHash === null;
}
