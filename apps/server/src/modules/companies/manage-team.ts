import {
  companyRoleLabels,
  INVITATION_DAYS,
  type CompanyRole,
  type InviteTeammateRequest,
  type Team,
} from '@noise/shared/company';
import { isStaffRole, type Role } from '@noise/shared/roles';
import type { Config } from '../../config.ts';
import type { ApiKeyRef } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import { isUniqueViolation } from '../../lib/error-codes.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { RateCounters } from '../../lib/rate-counter-repository.ts';
import { mailDate } from '../../lib/mail-date.ts';
import { hashSecret, newSecret } from '../../lib/secrets.ts';
import type { AuditRepository } from '../audit/repository.ts';
import { enqueueEmail } from '../jobs/email.ts';
import type { UserRepository } from '../users/repository.ts';
import { invitationMail, teamChangeMail } from '../emails/companies.ts';
import type { CompanyRepository, InvitationRow } from './repository.ts';

export interface TeamDeps {
  repos: Repositories;
  config: Config;
  companies: CompanyRepository;
  users: UserRepository;
  audit: AuditRepository;
  rateCounters: RateCounters;
}

/** Who changes a team: an owner of the company, or staff acting for it. */
export interface TeamActor {
  id: string;
  role: Role;
  ip: string;
  /** The API key staff called with (the audit log names it); none for a customer. */
  apiKey?: ApiKeyRef | null;
}

/**
 * Invitation mails (new ones and resends together) a company's customers may send in an hour:
 * a team grows by a few people at a time, and the shop's address is not a relay (decision 088).
 * Staff adding people for a client are not counted.
 */
export const INVITATION_MAILS_PER_HOUR = 10;

export const LAST_OWNER =
  'Every company needs an owner: make someone else an owner before changing or removing this one.';
const STAFF_EMAIL =
  'This email belongs to a member of our team, who cannot join a client company. Use another email.';

export async function teamOf(deps: TeamDeps, companyId: string): Promise<Team> {
  const [name, members, invitations] = await Promise.all([
    deps.companies.nameOf(companyId),
    deps.companies.members(companyId),
    deps.companies.openInvitations(companyId),
  ]);
  const now = Date.now();
  return {
    company: { _id: companyId, name },
    members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
    invitations: invitations.map(({ invitation, invitedByName }) => ({
      _id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      invitedByName,
      createdAt: invitation.createdAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
      expired: invitation.expiresAt.getTime() <= now,
    })),
  };
}

export async function record(
  deps: TeamDeps,
  actor: Pick<TeamActor, 'id' | 'ip' | 'apiKey'>,
  companyId: string,
  entry: { action: string; summary: string; subjectUserId?: string | null },
) {
  await deps.audit.record({
    actorId: actor.id,
    actorName: await deps.users.actorName(actor.id),
    ip: actor.ip,
    apiKey: actor.apiKey ?? null,
    entityType: 'company',
    entityId: companyId,
    ...entry,
  });
}

/** Counts an invitation mail against the company's hour; refuses one over the limit. */
async function countInvitationMail(deps: TeamDeps, actor: TeamActor, companyId: string) {
  if (isStaffRole(actor.role)) return;
  const { hits, resetAt } = await deps.rateCounters.hit(`invitations:${companyId}`, 3600_000);
  if (hits <= INVITATION_MAILS_PER_HOUR) return;
  const minutes = Math.max(1, Math.ceil((resetAt - deps.rateCounters.now()) / 60_000));
  throw new AppError(
    'too_many_requests',
    429,
    `Your team sent ${INVITATION_MAILS_PER_HOUR} invitations in the last hour. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before sending more.`,
  );
}

/** A new link for an invitation, mailed in the transaction that stores it. */
async function mailInvitation(
  deps: TeamDeps,
  actor: TeamActor,
  invitation: Pick<InvitationRow, 'companyId' | 'email' | 'role'>,
  store: (repos: Repositories, tokenHash: string, expiresAt: Date) => Promise<boolean>,
): Promise<boolean> {
  await countInvitationMail(deps, actor, invitation.companyId);
  const token = newSecret();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 3600_000);
  const [companyName, inviterName] = await Promise.all([
    deps.companies.nameOf(invitation.companyId),
    deps.users.actorName(actor.id),
  ]);
  return deps.repos.transaction(async (r) => {
    if (!(await store(r, hashSecret(token), expiresAt))) return false;
    await enqueueEmail(r.jobs, {
      to: invitation.email,
      ...invitationMail({
        shopName: deps.config.companyName,
        companyName,
        inviterName,
        role: invitation.role,
        link: `${deps.config.publicUrl}/invitations/${token}`,
        expiresOn: mailDate(expiresAt, deps.config.businessTimeZone),
      }),
    });
    return true;
  });
}

/** 'Invite a teammate': refused for staff, people already in the team and open invitations. */
export async function inviteTeammate(
  deps: TeamDeps,
  actor: TeamActor,
  companyId: string,
  request: InviteTeammateRequest,
): Promise<Team> {
  const existing = await deps.users.findByEmail(request.email);
  if (existing && isStaffRole(existing.role)) throw badRequest(STAFF_EMAIL);
  if (existing && (await deps.companies.member(companyId, existing.id))) {
    throw conflict(`${request.email} is already in this team.`);
  }
  const already = () =>
    conflict(`${request.email} is already invited. Resend the invitation to send a new link.`);
  if (await deps.companies.openInvitationFor(companyId, request.email)) throw already();
  try {
    await mailInvitation(
      deps,
      actor,
      { companyId, ...request },
      async (r, tokenHash, expiresAt) => {
        await r.companies.insertInvitation({
          companyId,
          email: request.email,
          role: request.role,
          tokenHash,
          expiresAt,
          invitedById: actor.id,
        });
        return true;
      },
    );
  } catch (error) {
    // Two invitations of one email at once: the open-invitation index lets one through.
    if (isUniqueViolation(error)) throw already();
    throw error;
  }
  await record(deps, actor, companyId, {
    action: 'company.invitation_sent',
    summary: `Invited ${request.email} as ${companyRoleLabels[request.role]}`,
  });
  return teamOf(deps, companyId);
}

async function openInvitation(deps: TeamDeps, companyId: string, id: string) {
  const invitation = await deps.companies.findInvitation(companyId, id);
  if (!invitation || invitation.acceptedAt || invitation.withdrawnAt) {
    throw notFound('Invitation not found');
  }
  return invitation;
}

/** A new link, valid for another week; the old link stops working. */
export async function resendInvitation(
  deps: TeamDeps,
  actor: TeamActor,
  companyId: string,
  id: string,
): Promise<Team> {
  const invitation = await openInvitation(deps, companyId, id);
  const sent = await mailInvitation(deps, actor, invitation, (r, tokenHash, expiresAt) =>
    r.companies.renewInvitation(invitation.id, tokenHash, expiresAt),
  );
  if (!sent) throw notFound('Invitation not found');
  await record(deps, actor, companyId, {
    action: 'company.invitation_resent',
    summary: `Sent the invitation to ${invitation.email} again`,
  });
  return teamOf(deps, companyId);
}

export async function withdrawInvitation(
  deps: TeamDeps,
  actor: TeamActor,
  companyId: string,
  id: string,
): Promise<Team> {
  const invitation = await openInvitation(deps, companyId, id);
  if (!(await deps.companies.withdrawInvitation(invitation.id))) {
    throw notFound('Invitation not found');
  }
  await record(deps, actor, companyId, {
    action: 'company.invitation_withdrawn',
    summary: `Withdrew the invitation to ${invitation.email}`,
  });
  return teamOf(deps, companyId);
}

async function teammate(deps: TeamDeps, companyId: string, userId: string) {
  const member = await deps.companies.member(companyId, userId);
  if (!member) throw notFound('This person is not in the team');
  const user = await deps.users.findById(userId);
  if (!user) throw notFound('This person is not in the team');
  return { member, user };
}

async function tell(
  deps: TeamDeps,
  to: string,
  companyId: string,
  change: { role: CompanyRole } | 'removed',
) {
  const text = teamChangeMail({
    shopName: deps.config.companyName,
    companyName: await deps.companies.nameOf(companyId),
    change,
    publicUrl: deps.config.publicUrl,
  });
  await enqueueEmail(deps.repos.jobs, { to, ...text });
}

export async function changeMemberRole(
  deps: TeamDeps,
  actor: TeamActor,
  companyId: string,
  userId: string,
  role: CompanyRole,
): Promise<Team> {
  const { member, user } = await teammate(deps, companyId, userId);
  if (member.role === role) return teamOf(deps, companyId);
  if (role === 'owner' && !user.emailVerifiedAt) {
    throw conflict(
      `${user.email} has not confirmed their email address yet, so they cannot be made an owner.`,
    );
  }
  if (!(await deps.companies.setRole(companyId, userId, role))) throw conflict(LAST_OWNER);
  await record(deps, actor, companyId, {
    action: 'company.role_changed',
    summary: `Changed ${user.email} from ${companyRoleLabels[member.role]} to ${companyRoleLabels[role]}`,
    subjectUserId: userId,
  });
  if (userId !== actor.id) await tell(deps, user.email, companyId, { role });
  return teamOf(deps, companyId);
}

/**
 * Takes a person out of the team: they keep their account (in a company of their own) and are
 * signed out everywhere; what they wrote in the company's projects stays, under their name.
 */
export async function removeTeammate(
  deps: TeamDeps,
  actor: TeamActor,
  companyId: string,
  userId: string,
): Promise<Team> {
  const { user } = await teammate(deps, companyId, userId);
  if (!(await deps.companies.removeMember(companyId, userId))) throw conflict(LAST_OWNER);
  await record(deps, actor, companyId, {
    action: 'company.member_removed',
    summary: `Removed ${user.email} from the team`,
    subjectUserId: userId,
  });
  await tell(deps, user.email, companyId, 'removed');
  return teamOf(deps, companyId);
}

export async function renameCompany(
  deps: TeamDeps,
  actor: TeamActor,
  companyId: string,
  name: string,
): Promise<Team> {
  const before = await deps.companies.nameOf(companyId);
  await deps.companies.rename(companyId, name);
  await record(deps, actor, companyId, {
    action: 'company.renamed',
    summary: `Renamed the company from ${before} to ${name}`,
  });
  return teamOf(deps, companyId);
}
