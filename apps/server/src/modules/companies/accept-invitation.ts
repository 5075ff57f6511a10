import {
  companyRoleLabels,
  type AcceptInvitationRequest,
  type Company,
  type CompanyRole,
  type InvitationView,
} from '@noise/shared/company';
import { isStaffRole } from '@noise/shared/roles';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashSecret } from '../../lib/secrets.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { UserRow } from '../users/repository.ts';
import { emitCustomerCreated } from '../webhooks/customer-events.ts';
import { record, type TeamDeps } from './manage-team.ts';

export interface AcceptDeps extends TeamDeps {
  /** Signs a new account in (auth's issueToken), passed in by app.ts. */
  signIn: (user: UserRow) => Promise<string>;
  /** Tells the team of a person who joined a client (a 'new-customer' notification). */
  joined: (user: UserRow, companyName: string) => void;
  /**
   * The invitation came by mail, so opening it proves the address (auth's proveMailbox, passed
   * in by app.ts: decision 088).
   */
  proveMailbox: (
    userId: string,
    proof: { how: 'invitation'; ip: string; keepSessionId?: string },
  ) => Promise<unknown>;
}

const NOT_FOUND = 'This invitation link is not valid. Ask whoever invited you to send it again.';

async function findByToken(deps: TeamDeps, token: string) {
  const found = await deps.companies.findByTokenHash(hashSecret(token));
  if (!found) throw notFound(NOT_FOUND);
  return found;
}

function stateOf(invitation: {
  acceptedAt: Date | null;
  withdrawnAt: Date | null;
  expiresAt: Date;
}) {
  if (invitation.acceptedAt) return 'accepted' as const;
  if (invitation.withdrawnAt) return 'withdrawn' as const;
  if (invitation.expiresAt.getTime() <= Date.now()) return 'expired' as const;
  return 'open' as const;
}

/** What the link shows before it is accepted: whose team, which role, for which email. */
export async function viewInvitation(deps: TeamDeps, token: string): Promise<InvitationView> {
  const { invitation, companyName, invitedByName } = await findByToken(deps, token);
  const account = await deps.users.findByEmail(invitation.email);
  return {
    companyName,
    invitedByName,
    email: invitation.email,
    role: invitation.role,
    state: stateOf(invitation),
    hasAccount: account !== undefined,
  };
}

const closed = {
  accepted: 'This invitation was already accepted. Sign in to see the team’s projects.',
  withdrawn: 'This invitation was withdrawn. Ask the team’s owner for a new one.',
  expired: 'This invitation has expired. Ask the team’s owner to send it again.',
};

/**
 * Joins the invited email's account to the company (docs/product.md#client-companies): signed
 * in as that account, or signed out for an email with no account yet, which this then makes (and
 * signs in). A person belongs to one company, so an account that already has orders or
 * teammates of its own cannot move (docs/decisions/074).
 */
export async function acceptInvitation(
  deps: AcceptDeps,
  token: string,
  caller: AuthUser | null,
  body: AcceptInvitationRequest,
  ip: string,
): Promise<{ token?: string; company: Company }> {
  const { invitation, companyName } = await findByToken(deps, token);
  const state = stateOf(invitation);
  if (state !== 'open') throw new AppError('gone', 410, closed[state]);
  const account = await deps.users.findByEmail(invitation.email);
  if (account && isStaffRole(account.role)) {
    throw badRequest(
      'This email belongs to a member of our team, who cannot join a client company.',
    );
  }
  const company = { _id: invitation.companyId, name: companyName, role: invitation.role };

  if (caller) {
    if (!account || caller.id !== account.id) {
      throw forbidden(
        `This invitation is for ${invitation.email}. Sign out, then open the link again to join with that email.`,
      );
    }
    await deps.proveMailbox(account.id, {
      how: 'invitation',
      ip,
      keepSessionId: caller.sessionId,
    });
    const current = await deps.companies.membershipOf(account.id);
    if (current?.companyId !== invitation.companyId) {
      if (current && (await deps.companies.hasHistory(current.companyId, account.id))) {
        throw conflict(
          `Your account already has orders or a team of its own (${current.name}), and a person belongs to one company. Ask to be invited with another email, or contact us to bring the two together.`,
        );
      }
    }
    if (!(await deps.companies.join(invitation, account.id, current?.companyId ?? null))) {
      throw new AppError('gone', 410, closed.accepted);
    }
    await joinedAudit(deps, caller, invitation);
    return { company };
  }

  if (account) {
    throw conflict(`An account with ${invitation.email} exists: sign in with it, then join.`);
  }
  const missing = !body.firstName
    ? 'Enter your first name'
    : !body.lastName
      ? 'Enter your last name'
      : !body.password
        ? 'Choose a password'
        : null;
  if (missing) throw badRequest(missing);
  const user = await deps.users.insertIfEmailFree(
    {
      email: invitation.email,
      passwordHash: await hashPassword(body.password!),
      role: 'client',
      firstName: body.firstName!,
      lastName: body.lastName!,
      // Made from the mailed link: the address is proven (decision 088).
      emailVerifiedAt: new Date(),
    },
    (tx, made) => emitCustomerCreated(tx, made, 'invitation'),
  );
  if (!user)
    throw conflict(`An account with ${invitation.email} exists: sign in with it, then join.`);
  const own = await deps.companies.membershipOf(user.id);
  if (!(await deps.companies.join(invitation, user.id, own?.companyId ?? null))) {
    throw new AppError('gone', 410, closed.accepted);
  }
  await joinedAudit(deps, { id: user.id, ip }, invitation);
  deps.joined(user, companyName);
  return { token: await deps.signIn(user), company };
}

function joinedAudit(
  deps: TeamDeps,
  actor: { id: string; ip: string },
  invitation: { companyId: string; email: string; role: CompanyRole },
) {
  return record(deps, actor, invitation.companyId, {
    action: 'company.member_joined',
    summary: `${invitation.email} joined as ${companyRoleLabels[invitation.role]}`,
    subjectUserId: actor.id,
  });
}
