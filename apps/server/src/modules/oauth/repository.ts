import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  authCodes,
  oauthAccounts,
  oauthLinkTickets,
  oauthStates,
  users,
  type OAuthProviderName,
} from '../../db/schema.ts';
import type { UserRow } from '../users/repository.ts';
import { hashSecret } from '../../lib/secrets.ts';

export type { OAuthProviderName };
export type OAuthStateRow = typeof oauthStates.$inferSelect;
export type LinkTicketRow = typeof oauthLinkTickets.$inferSelect;

export function createOAuthRepository(db: Db) {
  return {
    async saveState(values: {
      state: string;
      provider: OAuthProviderName;
      codeVerifier: string;
      nonce: string;
      browser: string;
      expiresAt: Date;
    }) {
      // Abandoned sign-ins are swept as new ones start (indexed; usually nothing to delete).
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now()`));
      await db.insert(oauthStates).values({
        stateHash: hashSecret(values.state),
        provider: values.provider,
        codeVerifier: values.codeVerifier,
        nonce: values.nonce,
        browserHash: hashSecret(values.browser),
        expiresAt: values.expiresAt,
      });
    },

    /**
     * Spends a state: deleted as it is read, so of two callbacks with one state (a replay, a
     * double submit, two processes) only one gets it. Undefined when unknown, used or expired.
     */
    async takeState(
      state: string,
      provider: OAuthProviderName,
    ): Promise<OAuthStateRow | undefined> {
      const [row] = await db
        .delete(oauthStates)
        .where(
          and(eq(oauthStates.stateHash, hashSecret(state)), eq(oauthStates.provider, provider)),
        )
        .returning();
      if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
      return row;
    },

    async findAccount(provider: OAuthProviderName, subject: string) {
      const [row] = await db
        .select()
        .from(oauthAccounts)
        .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, subject)))
        .limit(1);
      return row;
    },

    async listAccounts(userId: string) {
      return db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId));
    },

    /** Links an identity; false when it (or another identity of that provider) is linked already. */
    async link(values: {
      provider: OAuthProviderName;
      subject: string;
      userId: string;
      email: string;
    }): Promise<boolean> {
      const rows = await db
        .insert(oauthAccounts)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: oauthAccounts.id });
      return rows.length > 0;
    },

    /**
     * A new customer account for a provider identity, created with its link in one transaction.
     * 'email-taken' when an account has the email; 'raced' when another callback linked the same
     * identity meanwhile (the caller looks it up again).
     */
    async createUserWithAccount(
      values: {
        provider: OAuthProviderName;
        subject: string;
        email: string;
        firstName: string;
        lastName: string;
        /** The provider verified the address: the account starts proven (decision 088). */
        emailVerified: boolean;
      },
      /** Runs with the new account in the same transaction (its webhook event). */
      alsoInTransaction?: (tx: Db, user: UserRow) => Promise<void>,
    ): Promise<UserRow | 'email-taken' | 'raced'> {
      return db
        .transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              email: values.email,
              passwordHash: null,
              role: 'client',
              isOAuth: true,
              firstName: values.firstName,
              lastName: values.lastName,
              emailVerifiedAt: values.emailVerified ? new Date() : null,
            })
            .onConflictDoNothing()
            .returning();
          if (!user) return 'email-taken' as const;
          const linked = await tx
            .insert(oauthAccounts)
            .values({
              provider: values.provider,
              subject: values.subject,
              userId: user.id,
              email: values.email,
            })
            .onConflictDoNothing()
            .returning({ id: oauthAccounts.id });
          if (linked.length === 0) throw new RacedError();
          await alsoInTransaction?.(tx, user);
          return user;
        })
        .catch((error: unknown) => {
          if (error instanceof RacedError) return 'raced' as const;
          throw error;
        });
    },

    async createTicket(values: {
      ticket: string;
      provider: OAuthProviderName;
      subject: string;
      email: string;
      userId: string;
      method: 'password' | 'email';
      expiresAt: Date;
    }) {
      await db.delete(oauthLinkTickets).where(lt(oauthLinkTickets.expiresAt, sql`now()`));
      await db.insert(oauthLinkTickets).values({
        ticketHash: hashSecret(values.ticket),
        provider: values.provider,
        subject: values.subject,
        email: values.email,
        userId: values.userId,
        method: values.method,
        expiresAt: values.expiresAt,
      });
    },

    /** A ticket that is unused and unexpired. */
    async findTicket(ticket: string): Promise<LinkTicketRow | undefined> {
      const [row] = await db
        .select()
        .from(oauthLinkTickets)
        .where(
          and(
            eq(oauthLinkTickets.ticketHash, hashSecret(ticket)),
            isNull(oauthLinkTickets.usedAt),
            gt(oauthLinkTickets.expiresAt, sql`now()`),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * Spends the ticket and links its identity in one transaction. 'spent' when the ticket was
     * used meanwhile; 'taken' when the identity, or another of that provider, is already linked.
     */
    async redeemTicket(ticket: string): Promise<'linked' | 'spent' | 'taken'> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(oauthLinkTickets)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(oauthLinkTickets.ticketHash, hashSecret(ticket)),
              isNull(oauthLinkTickets.usedAt),
              gt(oauthLinkTickets.expiresAt, sql`now()`),
            ),
          )
          .returning();
        if (!row) return 'spent';
        const linked = await tx
          .insert(oauthAccounts)
          .values({
            provider: row.provider,
            subject: row.subject,
            userId: row.userId,
            email: row.email,
          })
          .onConflictDoNothing()
          .returning({ id: oauthAccounts.id });
        return linked.length > 0 ? 'linked' : 'taken';
      });
    },

    /** Saves a sign-in's one-time code for the browser that began it; sweeps spent ones. */
    async saveAuthCode(values: { code: string; userId: string; browser: string; expiresAt: Date }) {
      await db.delete(authCodes).where(lt(authCodes.expiresAt, sql`now()`));
      await db.insert(authCodes).values({
        codeHash: hashSecret(values.code),
        userId: values.userId,
        browserHash: hashSecret(values.browser),
        expiresAt: values.expiresAt,
      });
    },

    /**
     * Spends a code: deleted as it is read, so it works once, whichever browser presents it. The
     * user id only when the code is live and the browser is the one it was made for.
     */
    async takeAuthCode(code: string, browser: string | undefined): Promise<string | undefined> {
      const [row] = await db
        .delete(authCodes)
        .where(eq(authCodes.codeHash, hashSecret(code)))
        .returning();
      if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
      if (!browser || hashSecret(browser) !== row.browserHash) return undefined;
      return row.userId;
    },
  };
}

class RacedError extends Error {}

export type OAuthRepository = ReturnType<typeof createOAuthRepository>;
