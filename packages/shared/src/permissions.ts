import { companyPermissions, type CompanyPermission } from './company.ts';
import type { Role } from './roles.ts';

/**
 * Staff permissions. One table, read by the server (which enforces it) and by the web app (which
 * shows only what a role may open). docs/product.md#permissions-and-roles: super-admin has
 * everything; admin everything but managing super-admins; co-ordinator customers, sales,
 * projects, status updates and notes. Only super-admins and admins refund a payment (co-ordinators
 * see refunds but cannot make them). Only super-admins and admins read the audit log; only
 * super-admins require two-factor sign-in of staff and reset a second factor. Only super-admins
 * and admins manage webhooks (docs/decisions/073-webhooks.md). Only super-admins change the
 * business details (docs/decisions/090-business-details.md). Invoices staff write for anything
 * are super-admins' and admins', as quotes are (docs/decisions/093-staff-invoices.md).
 */
export const permissions = [
  'overview:read',
  'catalogue:manage',
  'customers:manage',
  'sales:manage',
  'payments:refund',
  'quotes:manage',
  'invoices:manage',
  'site-users:manage',
  'super-admins:manage',
  'reporting:read',
  'audit:read',
  'two-factor:manage',
  'webhooks:manage',
  'settings:manage',
] as const;
export type Permission = (typeof permissions)[number];

export const rolePermissions: Record<Role, readonly Permission[]> = {
  'super-admin': permissions,
  // Requiring two-factor of all staff and resetting someone's second factor are super-admins'
  // (docs/product.md#two-factor-sign-in): an admin who could reset it could undo its point.
  // The shop's own details (name, ABN on every tax invoice) are super-admins' too (decision 090).
  admin: permissions.filter(
    (p) => p !== 'super-admins:manage' && p !== 'two-factor:manage' && p !== 'settings:manage',
  ),
  'co-ordinator': ['overview:read', 'customers:manage', 'sales:manage'],
  client: [],
};

export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return rolePermissions[role].includes(permission);
}

/**
 * Whether a caller may do something: a person by their role, an API key by the permissions it
 * carries, which the server has already cut to what its creator's role has now
 * (docs/product.md#api-keys). Server code that checks a caller asks this, never `can(role)`.
 */
export function callerCan(
  caller: { role: Role; permissions?: readonly Permission[] },
  permission: Permission,
): boolean {
  return caller.permissions
    ? caller.permissions.includes(permission)
    : can(caller.role, permission);
}

/**
 * Who may call a route. Every server route declares one of these; the server refuses to start a
 * route without it.
 * - public: anyone
 * - authenticated: any signed-in user
 * - `client:<permission>`: a customer whose company role has it (packages/shared/src/company.ts),
 *   or staff; the handler scopes the data to the caller's company (staff with `sales:manage` may
 *   see any, a co-ordinator their own projects')
 * - a permission: a staff member whose role has it
 */
export type ClientAccess = `client:${CompanyPermission}`;
export type RouteAccess = 'public' | 'authenticated' | ClientAccess | Permission;

export const clientAccesses = companyPermissions.map((p): ClientAccess => `client:${p}`);

/** The company permission a customer route asks for, or null for any other access. */
export function companyPermissionOf(access: RouteAccess): CompanyPermission | null {
  return access.startsWith('client:') ? (access.slice(7) as CompanyPermission) : null;
}

export function isRouteAccess(value: unknown): value is RouteAccess {
  return (
    value === 'public' ||
    value === 'authenticated' ||
    (clientAccesses as readonly unknown[]).includes(value) ||
    (permissions as readonly unknown[]).includes(value)
  );
}
