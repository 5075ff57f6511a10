import { z } from 'zod';

export const roles = ['super-admin', 'admin', 'co-ordinator', 'client'] as const;
export type Role = (typeof roles)[number];
export const roleSchema = z.enum(roles);

export const staffRoles = [
  'super-admin',
  'admin',
  'co-ordinator',
] as const satisfies readonly Role[];
export type StaffRole = (typeof staffRoles)[number];

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (staffRoles as readonly string[]).includes(role ?? '');
}

/** Labels of the site user form (docs/product.md#site-users). */
export const roleLabels: Record<Role, string> = {
  'super-admin': 'Super Administrator',
  admin: 'Administrator',
  'co-ordinator': 'Co-ordinator',
  client: 'User',
};

/**
 * Co-ordinators work on the projects assigned to them: every list, count, search and page they
 * open holds only those projects and the customers who have one (docs/decisions/056). Admins
 * and super-admins see everything.
 */
export function seesOnlyAssigned(role: Role | null | undefined): boolean {
  return role === 'co-ordinator';
}
