import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailVerifications, users } from '../../db/schema.ts';

/** The links that prove an account's mailbox (decision 088), by their hash only. */
export function createEmailVerificationRepository(db: Db) {
  return {
    /** Stores a new link for the address and voids the user's older unused ones, together. */
    async replaceToken(userId: string, email: string, tokenHash: string, expiresAt: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(emailVerifications)
          .set({ usedAt: sql`now()` })
          .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
        await tx.insert(emailVerifications).values({ userId, email, tokenHash, expiresAt });
      });
    },

    /**
     * Spends an unused, unexpired link whose address is still its account's; the account's id,
     * or undefined when there is no such link (used, expired, or the email changed since).
     */
    async spendToken(tokenHash: string): Promise<string | undefined> {
      const [row] = await db
        .update(emailVerifications)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailVerifications.tokenHash, tokenHash),
            isNull(emailVerifications.usedAt),
            gt(emailVerifications.expiresAt, sql`now()`),
            sql`exists (select 1 from ${users} u where u.id = ${emailVerifications.userId}
              and lower(u.email) = lower(${emailVerifications.email}))`,
          ),
        )
        .returning({ userId: emailVerifications.userId });
      return row?.userId;
    },

    /** Whose a link was, used or not: a second click says 'already confirmed', not 'invalid'. */
    async ownerOf(tokenHash: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: emailVerifications.userId })
        .from(emailVerifications)
        .where(eq(emailVerifications.tokenHash, tokenHash))
        .limit(1);
      return row?.userId;
    },
  };
}
export type EmailVerificationRepository = ReturnType<typeof createEmailVerificationRepository>;
