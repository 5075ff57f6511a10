import { badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { issueToken, type AuthDeps } from './sign-in.ts';

/**
 * Changes a password; every older token of the user stops working, so the answer is a new token
 * for the caller.
 */
export async function changePassword(
  deps: AuthDeps,
  userId: string,
  currentPassword: string,
  newPassword: string,
): Promise<string> {
  const user = await deps.users.findById(userId);
  if (!user) throw notFound('User not found');
  if (user.isOAuth && !user.passwordHash) {
    throw badRequest(
      'You sign in with Google, Facebook or Apple, so there is no password to change',
    );
  }
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw unauthorized('Your current password is not right');
  }
  const updated = await deps.users.setPassword(user.id, await hashPassword(newPassword));
  if (!updated) throw notFound('User not found');
  return issueToken(deps, updated);
}
