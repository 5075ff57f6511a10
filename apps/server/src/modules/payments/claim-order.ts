import { badRequest } from '../../lib/errors.ts';
import { hashSecret } from '../../lib/secrets.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import type { Config } from '../../config.ts';
import { createResetToken } from '../auth/password-reset.ts';
import { proveMailbox } from '../auth/prove-mailbox.ts';

export const CLAIM_LINK_SPENT =
  'This link is not valid. Please open the link from the email again, or sign in to see your orders.';

/**
 * The owner of an account opened the link mailed to its address with a guest's order
 * (docs/decisions/043): opening it proves the mailbox, so the order joins the account. An account
 * that has no way to sign in yet gets a token to choose a password, as a reset link would.
 * Every other session of the account ends (the owner's own, when they open the link signed in,
 * stays): one that a guest checkout gave someone who typed this email must not read the order the
 * owner just added.
 */
export async function claimHeldOrder(
  deps: { repos: Repositories; config: Config },
  token: string,
  caller: AuthUser | null,
  ip: string,
) {
  const { repos } = deps;
  const project = await repos.projects.claim(hashSecret(token));
  if (!project) {
    // Opened a second time: the order is in the account already, and the page can say so.
    const claimed = await repos.projects.findClaimed(hashSecret(token));
    if (!claimed) throw badRequest(CLAIM_LINK_SPENT);
    return { projectId: claimed.id, passwordToken: null, alreadyClaimed: true };
  }
  const users = repos.users;
  await users.forgetGuestCheckout(project.userId);
  const keepSessionId = caller?.id === project.userId ? caller.sessionId : undefined;
  await repos.sessions.deleteAllOfUser(project.userId, keepSessionId);
  // The first proof of the mailbox also takes back what was set up before it (decision 088).
  await proveMailbox(deps, project.userId, { how: 'order claim link', ip, keepSessionId });
  const owner = await users.findById(project.userId);
  const passwordToken =
    owner && !owner.passwordHash && !owner.isOAuth
      ? await createResetToken(repos, owner.id, 'welcome')
      : null;
  return { projectId: project.id, passwordToken, alreadyClaimed: false };
}
