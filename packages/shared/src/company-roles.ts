import type { NotificationKind } from './notifications.ts';

// The company roles and what each may do, without zod: the customer's pages read them before
// anything else (the dashboard's greeting), and zod is a large part of a first load. The schemas
// that check them are in ./company.ts, which re-exports all of this.

/**
 * A client is a company: the people who buy, brief, approve and pay for its orders
 * (docs/product.md#client-companies, docs/decisions/074). Each customer belongs to one company
 * with one of these roles; the server checks them on every customer route, and the web app
 * shows only what a role may do.
 */
export const companyRoles = ['owner', 'member', 'billing'] as const;
export type CompanyRole = (typeof companyRoles)[number];
export const companyRoleLabels: Record<CompanyRole, string> = {
  owner: 'Owner',
  member: 'Member',
  billing: 'Billing',
};

export const companyRoleDescriptions: Record<CompanyRole, string> = {
  owner: 'Everything, including the team',
  member: 'Projects, briefs, messages, deliverables and files; orders with their own card',
  billing: 'Invoices, adjustment notes, payments and subscriptions; no messages',
};

/**
 * What a company role may do:
 * - projects: see the company's projects, their status and timeline
 * - work: answer briefs, read and send messages, approve deliverables or ask for changes
 * - billing: payments, invoices, adjustment notes, subscriptions and cancelling them
 * - order: place orders for the company
 * - team: invite, change roles, remove people, rename the company
 * - files: see the file library, upload, make folders (docs/product.md#files)
 * - files-manage: rename, move and delete files and folders, and the bin
 */
export const companyPermissions = [
  'projects',
  'work',
  'billing',
  'order',
  'team',
  'files',
  'files-manage',
] as const;
export type CompanyPermission = (typeof companyPermissions)[number];

export const companyRolePermissions: Record<CompanyRole, readonly CompanyPermission[]> = {
  owner: companyPermissions,
  member: ['projects', 'work', 'order', 'files'],
  billing: ['projects', 'billing'],
};

export function companyCan(
  role: CompanyRole | null | undefined,
  permission: CompanyPermission,
): boolean {
  if (!role) return false;
  return companyRolePermissions[role].includes(permission);
}

/** Which people of a company hear of a kind of event about its projects (notifications). */
export const companyPermissionOfKind: Partial<Record<NotificationKind, CompanyPermission>> = {
  'status-update': 'projects',
  'new-message': 'work',
  payment: 'billing',
  'renewal-failed': 'billing',
};
