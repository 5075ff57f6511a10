import { z } from 'zod';
import { companyNameField, emailAddress, newPassword } from './fields.ts';
import type { NotificationKind } from './notifications.ts';

/**
 * A client is a company: the people who buy, brief, approve and pay for its orders
 * (docs/product.md#client-companies, docs/decisions/074). Each customer belongs to one company
 * with one of these roles; the server checks them on every customer route, and the web app
 * shows only what a role may do.
 */
export const companyRoles = ['owner', 'member', 'billing'] as const;
export type CompanyRole = (typeof companyRoles)[number];
export const companyRoleSchema = z.enum(companyRoles, {
  message: 'Choose a role: Owner, Member or Billing',
});

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

export const COMPANY_NAME_MAX = 120;
export const INVITATION_DAYS = 7;

export const companySchema = z.object({
  _id: z.string(),
  name: z.string(),
  role: companyRoleSchema,
});
export type Company = z.infer<typeof companySchema>;

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: companyRoleSchema,
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: companyRoleSchema,
  invitedByName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

export const teamSchema = z.object({
  company: z.object({ _id: z.string(), name: z.string() }),
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

export const inviteTeammateRequest = z.object({
  email: emailAddress,
  role: companyRoleSchema,
});
export type InviteTeammateRequest = z.infer<typeof inviteTeammateRequest>;

export const changeMemberRoleRequest = z.object({ role: companyRoleSchema });

export const renameCompanyRequest = z.object({
  name: z.string().trim().min(1, 'Enter the company name').pipe(companyNameField(COMPANY_NAME_MAX)),
});

/** What the invitation link shows before it is accepted (public: the token is the key). */
export const invitationViewSchema = z.object({
  companyName: z.string(),
  invitedByName: z.string(),
  email: z.string(),
  role: companyRoleSchema,
  /** open: can be accepted; the others say why not. */
  state: z.enum(['open', 'expired', 'accepted', 'withdrawn']),
  /** The email already has an account: sign in with it to join. */
  hasAccount: z.boolean(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

const personName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter your ${label}`)
    .max(100, `Your ${label} must be at most 100 characters`);

/** Accepting while signed out, for an email without an account: the new account's details. */
export const acceptInvitationRequest = z.object({
  firstName: personName('first name').optional(),
  lastName: personName('last name').optional(),
  password: newPassword.optional(),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequest>;

export const acceptInvitationResponse = z.object({
  /** A new session when the invitation made the account; absent when the caller was signed in. */
  token: z.string().optional(),
  company: companySchema,
});
