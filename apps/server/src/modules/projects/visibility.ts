import { can } from '@noise/shared/permissions';
import { seesOnlyAssigned, type Role } from '@noise/shared/roles';

/**
 * Whose projects a staff caller works on: null for everyone's (admins), or the caller's own id
 * for a co-ordinator, who sees only the projects assigned to them (docs/decisions/056). Every
 * staff list, count and search passes it to its repository.
 */
export function assignedScope(caller: { id: string; role: Role }): string | null {
  return seesOnlyAssigned(caller.role) ? caller.id : null;
}

/**
 * Who may see a project and what hangs off it (brief, messages, payments, invoices,
 * subscription): admins who manage sales, the co-ordinator it is assigned to, and its customer
 * once it is theirs. A guest's order placed with the email of an existing account waits for that
 * account's owner to claim it (docs/decisions/043): until then, the account does not see it.
 */
export function canSeeProject(
  caller: { id: string; role: Role },
  project: { userId: string; claimTokenHash: string | null; coordinatorId?: string | null },
): boolean {
  if (can(caller.role, 'sales:manage')) {
    const scope = assignedScope(caller);
    return scope === null || project.coordinatorId === scope;
  }
  return project.userId === caller.id && project.claimTokenHash === null;
}
