import { callerCan, type Permission } from '@noise/shared/permissions';
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
 * subscription): admins who manage sales, the co-ordinator it is assigned to, and the people of
 * the client company it belongs to once it is theirs (docs/product.md#client-companies; what each
 * of them may do with it is their company role's, checked per route). A guest's order placed with
 * the email of an existing account waits for that account's owner to claim it (docs/decisions/043):
 * until then, nobody of the company sees it.
 */
export function canSeeProject(
  caller: {
    id: string;
    role: Role;
    companyId?: string | null;
    permissions?: readonly Permission[];
  },
  project: {
    userId: string;
    companyId: string | null;
    claimTokenHash: string | null;
    coordinatorId?: string | null;
  },
): boolean {
  if (callerCan(caller, 'sales:manage')) {
    const scope = assignedScope(caller);
    return scope === null || project.coordinatorId === scope;
  }
  if (project.claimTokenHash !== null) return false;
  if (project.companyId && caller.companyId) return project.companyId === caller.companyId;
  return project.userId === caller.id;
}
