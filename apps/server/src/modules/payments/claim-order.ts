import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { createResetToken } from '../auth/password-reset.ts';
import { createProjectRepository } from '../projects/repository.ts';
import { createUserRepository } from '../users/repository.ts';

export const CLAIM_LINK_SPENT =
  'This link is not valid or was already used. If you added the order already, sign in to see it.';

/**
 * The owner of an account opened the link mailed to its address with a guest's order
 * (docs/decisions/043): opening it proves the mailbox, so the order joins the account. An account
 * that has no way to sign in yet gets a token to choose a password, as a reset link would.
 */
export async function claimHeldOrder(db: Db, token: string) {
  const project = await createProjectRepository(db).claim(hashSecret(token));
  if (!project) throw badRequest(CLAIM_LINK_SPENT);
  const owner = await createUserRepository(db).findById(project.userId);
  const passwordToken =
    owner && !owner.passwordHash && !owner.isOAuth
      ? await createResetToken(db, owner.id, 'welcome')
      : null;
  return { projectId: project.id, passwordToken };
}
