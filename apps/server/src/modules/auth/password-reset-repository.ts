import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, sessions, users } from '../../db/schema.ts';

/** Reset tokens, by their hash only, and what spending one changes. */
export function createPasswordResetRepository(db: Db) {
  return {
    /** Stores a new token of the user and voids their older unused ones, together. */
    async replaceToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
        await tx.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
      });
    },

    /** Whether the user was ever mailed a link to choose a password (a welcome or a reset). */
    async hasAny(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, userId))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Spends an unused, unexpired token, sets its user's new password and ends every older
     * sign-in of that user, together; the user's id, or undefined when there is no such token.
     */
    async spendToken(tokenHash: string, passwordHash: string): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, tokenHash),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!row) return undefined;
        await tx
          .update(users)
          .set({
            passwordHash,
            tokenVersion: sql`${users.tokenVersion} + 1`,
            // A reset may follow a lost mailbox: its reply addresses stop working (decision 061).
            replyKeyVersion: sql`${users.replyKeyVersion} + 1`,
          })
          .where(eq(users.id, row.userId));
        await tx.delete(sessions).where(eq(sessions.userId, row.userId));
        return row.userId;
      });
    },
  };
}
