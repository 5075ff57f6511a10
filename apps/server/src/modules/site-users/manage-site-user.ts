import { callerCan } from '@noise/shared/permissions';
import { isStaffRole, roleLabels, type Role } from '@noise/shared/roles';
import {
  ROLE_CHANGE_ELSEWHERE,
  type SiteUserRequest,
  type SiteUserUpdateRequest,
} from '@noise/shared/site-users';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/error-codes.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import { sendPasswordReset, type PasswordResetDeps } from '../auth/password-reset.ts';
import type { UserRow } from '../users/repository.ts';

export interface SiteUserDeps {
  repos: Repositories;
}

const LAST_SUPER_ADMIN = 'There must always be at least one super-admin.';

export function assertMayManage(
  actor: AuthUser,
  targetRole: Role | undefined,
  newRole: Role | undefined,
) {
  // Only a super-admin creates, promotes, edits, deletes or sends a reset link to a super-admin.
  if (
    (targetRole === 'super-admin' || newRole === 'super-admin') &&
    !callerCan(actor, 'super-admins:manage')
  ) {
    throw forbidden('Only a super-admin can manage super-admin accounts');
  }
}

export async function createSiteUser(
  deps: SiteUserDeps,
  actor: AuthUser,
  input: SiteUserRequest & { profilePhotoUrl?: string },
): Promise<UserRow> {
  const role = input.role!;
  assertMayManage(actor, undefined, role);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const name = await deps.repos.users.actorName(actor.id);
  return deps.repos.transaction(async (r) => {
    const row = await r.users.insertIfEmailFree({
      email: input.email,
      role,
      passwordHash,
      // A super-admin vouches for a teammate's address; a customer proves theirs (decision 088).
      emailVerifiedAt: isStaffRole(role) ? new Date() : null,
      ...input.profile,
      profilePhotoUrl: input.profilePhotoUrl ?? '',
    });
    if (!row) throw conflict('A user with this email already exists');
    await r.audit.record({
      actorId: actor.id,
      ip: actor.ip,
      apiKey: actor.apiKey,
      actorName: name,
      action: 'user.created',
      entityType: 'user',
      entityId: row.id,
      subjectUserId: row.id,
      summary: `Created ${row.email} as ${role}`,
    });
    return row;
  });
}

/**
 * Edits a site user (docs/product.md#site-users): only what was sent changes. A role other than
 * the user's own is refused: a role change is `changeSiteUserRole`, confirmed in the staff area
 * and audited on its own.
 */
export async function updateSiteUser(
  deps: SiteUserDeps,
  actor: AuthUser,
  id: string,
  input: SiteUserUpdateRequest & { profilePhotoUrl?: string },
): Promise<UserRow> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const name = await deps.repos.users.actorName(actor.id);
  return deps.repos.transaction(async (r) => {
    const userRows = r.users;
    const { current } = await userRows.lockForChange(id);
    if (!current) throw notFound('User not found');
    assertMayManage(actor, current.role, current.role);
    if (input.role !== undefined && input.role !== current.role) {
      throw badRequest(ROLE_CHANGE_ELSEWHERE, [{ path: 'role', message: ROLE_CHANGE_ELSEWHERE }]);
    }
    if (passwordHash && current.isOAuth) {
      throw badRequest('This user signs in with Google, Facebook or Apple and has no password');
    }
    const email = input.email ?? current.email;
    const endSessions = passwordHash !== undefined || current.email !== email;
    const profile = Object.fromEntries(
      Object.entries(input.profile ?? {}).filter(([, value]) => value !== undefined),
    );
    let updated: UserRow | undefined;
    try {
      updated = await userRows.update(
        id,
        {
          email,
          ...profile,
          ...(input.profilePhotoUrl ? { profilePhotoUrl: input.profilePhotoUrl } : {}),
          ...(passwordHash ? { passwordHash } : {}),
        },
        // Reply addresses in mail already sent stop working too (decision 061).
        { endSessions },
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('A user with this email already exists');
      throw error;
    }
    if (passwordHash) {
      await r.audit.record({
        actorId: actor.id,
        ip: actor.ip,
        apiKey: actor.apiKey,
        actorName: name,
        action: 'user.password_set',
        entityType: 'user',
        entityId: id,
        subjectUserId: id,
        summary: 'Password set by staff',
      });
    }
    return updated!;
  });
}

/**
 * 'Change role' on a site user: its own action, confirmed in the staff area, recorded in the
 * audit log with both roles and the person's email, and it ends the person's sessions so the new
 * role (more or less access) holds from their next request.
 */
export async function changeSiteUserRole(
  deps: SiteUserDeps,
  actor: AuthUser,
  id: string,
  newRole: Role,
): Promise<UserRow> {
  if (actor.id === id) throw badRequest('You cannot change your own role');
  const name = await deps.repos.users.actorName(actor.id);
  return deps.repos.transaction(async (r) => {
    const userRows = r.users;
    const { current, superAdminCount } = await userRows.lockForChange(id);
    if (!current) throw notFound('User not found');
    assertMayManage(actor, current.role, newRole);
    if (current.role === newRole) return current;
    if (current.role === 'super-admin' && superAdminCount <= 1) throw conflict(LAST_SUPER_ADMIN);
    const updated = await userRows.update(id, { role: newRole }, { endSessions: true });
    await r.audit.record({
      actorId: actor.id,
      ip: actor.ip,
      apiKey: actor.apiKey,
      actorName: name,
      action: 'user.role_changed',
      entityType: 'user',
      entityId: id,
      subjectUserId: id,
      summary: `Changed ${current.email} from ${roleLabels[current.role]} to ${roleLabels[newRole]}`,
      data: { from: current.role, to: newRole },
    });
    return updated!;
  });
}

export async function deleteSiteUser(deps: SiteUserDeps, actor: AuthUser, id: string) {
  if (actor.id === id) throw badRequest('You cannot delete your own account');
  const name = await deps.repos.users.actorName(actor.id);
  await deps.repos.transaction(async (r) => {
    const userRows = r.users;
    const { current, superAdminCount } = await userRows.lockForChange(id);
    if (!current) throw notFound('User not found');
    assertMayManage(actor, current.role, undefined);
    if (current.role === 'super-admin' && superAdminCount <= 1) {
      throw conflict(LAST_SUPER_ADMIN);
    }
    try {
      await userRows.delete(id);
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw new AppError(
          'user_has_orders',
          409,
          'This user has orders or payments on record and cannot be deleted.',
        );
      }
      throw error;
    }
    await r.audit.record({
      actorId: actor.id,
      ip: actor.ip,
      apiKey: actor.apiKey,
      actorName: name,
      action: 'user.deleted',
      entityType: 'user',
      entityId: id,
      subjectUserId: null,
      summary: `Deleted ${current.email} (${current.role})`,
    });
  });
}

/**
 * Mails a user a link to choose a new password, and records who sent it: a reset link is a way
 * into the account. Only a super-admin sends one to a super-admin (an admin with access to that
 * mailbox could otherwise take the account over).
 */
export async function sendResetLink(
  deps: SiteUserDeps & { reset: PasswordResetDeps },
  actor: AuthUser,
  id: string,
): Promise<UserRow> {
  const user = await deps.repos.users.findById(id);
  if (!user) throw notFound('User not found');
  assertMayManage(actor, user.role, undefined);
  if (user.isOAuth) {
    throw badRequest('This user signs in with Google, Facebook or Apple and has no password');
  }
  await sendPasswordReset(deps.reset, user);
  await deps.repos.audit.record({
    actorId: actor.id,
    ip: actor.ip,
    apiKey: actor.apiKey,
    actorName: await deps.repos.users.actorName(actor.id),
    action: 'user.reset_link_sent',
    entityType: 'user',
    entityId: user.id,
    subjectUserId: user.id,
    summary: `Sent a password reset link to ${user.email}`,
  });
  return user;
}
