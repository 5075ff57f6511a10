import { z } from 'zod';
import { companyRoles } from './company-roles.ts';
import { companyNameField, emailAddress, newPassword } from './fields.ts';

// The roles and what each may do (no zod), for those who import them from here.
export * from './company-roles.ts';

export const companyRoleSchema = z.enum(companyRoles, {
  message: 'Choose a role: Owner, Member or Billing',
});

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
