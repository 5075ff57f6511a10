import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { UserRow } from './repository.ts';

/** Changes a password; every older token of the user stops working (the caller issues a new one). */
export async function changePassword(
  db: Db,
  user: UserRow,
  currentPassword: string,
  newPassword: string,
): Promise<UserRow> {
  if (user.isOAuth && !user.passwordHash) {
    throw badRequest(
      'You sign in with Google, Facebook or Apple, so there is no password to change',
    );
  }
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw unauthorized('Your current password is not right');
  }
  const [row] = await db
    .update(users)
    .set({
      passwordHash: await hashPassword(newPassword),
      tokenVersion: sql`${users.tokenVersion} + 1`,
      // So do the reply addresses in mail already sent (decision 061).
      replyKeyVersion: sql`${users.replyKeyVersion} + 1`,
    })
    .where(eq(users.id, user.id))
    .returning();
  return row!;
}
