import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  staffSettings,
  trustedDevices,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
  twoFactorTickets,
} from '../../db/schema.ts';

export type TwoFactorTicketPurpose = 'code' | 'setup';

/**
 * The tables of two-factor sign-in (docs/decisions/062-two-factor-sign-in.md). Callers pass
 * hashes of tickets, recovery codes and device tokens, never the values themselves.
 */
export function createTwoFactorRepository(db: Db) {
  return {
    async findSecret(userId: string) {
      const [row] = await db
        .select()
        .from(twoFactorSecrets)
        .where(eq(twoFactorSecrets.userId, userId))
        .limit(1);
      return row;
    },

    /** Starts (or starts again) a set-up that waits for its first code; never over an enabled one. */
    async savePendingSecret(userId: string, secretEncrypted: string): Promise<boolean> {
      const rows = await db
        .insert(twoFactorSecrets)
        .values({ userId, secretEncrypted })
        .onConflictDoUpdate({
          target: twoFactorSecrets.userId,
          set: { secretEncrypted, lastTimeStep: null, updatedAt: new Date() },
          setWhere: isNull(twoFactorSecrets.enabledAt),
        })
        .returning({ userId: twoFactorSecrets.userId });
      return rows.length > 0;
    },

    /**
     * Records that a code of `timeStep` was accepted, only if no code of that step or a later one
     * was: of two requests with one code (a replay, two processes) one gets true.
     */
    async acceptTimeStep(userId: string, timeStep: number): Promise<boolean> {
      const rows = await db
        .update(twoFactorSecrets)
        .set({ lastTimeStep: timeStep })
        .where(
          and(
            eq(twoFactorSecrets.userId, userId),
            or(isNull(twoFactorSecrets.lastTimeStep), lt(twoFactorSecrets.lastTimeStep, timeStep)),
          ),
        )
        .returning({ userId: twoFactorSecrets.userId });
      return rows.length > 0;
    },

    /** Turns a pending set-up on and replaces the recovery codes, in one transaction. */
    async enable(userId: string, recoveryCodeHashes: string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(twoFactorSecrets)
          .set({ enabledAt: new Date() })
          .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.enabledAt)))
          .returning({ userId: twoFactorSecrets.userId });
        if (rows.length === 0) return false;
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await tx
          .insert(twoFactorRecoveryCodes)
          .values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })));
        return true;
      });
    },

    async replaceRecoveryCodes(userId: string, codeHashes: string[]) {
      await db.transaction(async (tx) => {
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await tx
          .insert(twoFactorRecoveryCodes)
          .values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      });
    },

    /** Spends a recovery code: true for the one request that marks it used. */
    async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(twoFactorRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(twoFactorRecoveryCodes.userId, userId),
            eq(twoFactorRecoveryCodes.codeHash, codeHash),
            isNull(twoFactorRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: twoFactorRecoveryCodes.id });
      return rows.length > 0;
    },

    async countUnusedRecoveryCodes(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(twoFactorRecoveryCodes)
        .where(
          and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)),
        );
      return row?.n ?? 0;
    },

    /** Turns two-factor off: the secret, the recovery codes and every remembered device go. */
    async remove(userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(twoFactorSecrets)
          .where(eq(twoFactorSecrets.userId, userId))
          .returning({ enabledAt: twoFactorSecrets.enabledAt });
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
        await tx.delete(twoFactorTickets).where(eq(twoFactorTickets.userId, userId));
        return rows.some((r) => r.enabledAt !== null);
      });
    },

    async saveTicket(values: {
      ticketHash: string;
      userId: string;
      purpose: TwoFactorTicketPurpose;
      rememberMe: boolean;
      expiresAt: Date;
    }) {
      // Abandoned tickets are swept as new ones are made (indexed; usually nothing to delete).
      await db.delete(twoFactorTickets).where(lt(twoFactorTickets.expiresAt, sql`now()`));
      await db.insert(twoFactorTickets).values(values);
    },

    /** A live ticket (unused, unexpired) of that purpose, without spending it. */
    async findTicket(ticketHash: string, purpose: TwoFactorTicketPurpose) {
      const [row] = await db
        .select()
        .from(twoFactorTickets)
        .where(
          and(
            eq(twoFactorTickets.ticketHash, ticketHash),
            eq(twoFactorTickets.purpose, purpose),
            isNull(twoFactorTickets.usedAt),
            gt(twoFactorTickets.expiresAt, sql`now()`),
          ),
        )
        .limit(1);
      return row;
    },

    /** Spends a live ticket: true for the one request that marks it used. */
    async spendTicket(ticketHash: string): Promise<boolean> {
      const rows = await db
        .update(twoFactorTickets)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(twoFactorTickets.ticketHash, ticketHash),
            isNull(twoFactorTickets.usedAt),
            gt(twoFactorTickets.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: twoFactorTickets.userId });
      return rows.length > 0;
    },

    async trustDevice(values: { tokenHash: string; userId: string; expiresAt: Date }) {
      await db.delete(trustedDevices).where(lt(trustedDevices.expiresAt, sql`now()`));
      await db.insert(trustedDevices).values(values);
    },

    async isTrustedDevice(tokenHash: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: trustedDevices.userId })
        .from(trustedDevices)
        .where(
          and(
            eq(trustedDevices.tokenHash, tokenHash),
            eq(trustedDevices.userId, userId),
            gt(trustedDevices.expiresAt, sql`now()`),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async requireForStaff(): Promise<boolean> {
      const [row] = await db
        .select({ require: staffSettings.requireTwoFactor })
        .from(staffSettings)
        .limit(1);
      return row?.require ?? false;
    },

    async setRequireForStaff(require: boolean) {
      await db
        .insert(staffSettings)
        .values({ id: true, requireTwoFactor: require })
        .onConflictDoUpdate({
          target: staffSettings.id,
          set: { requireTwoFactor: require, updatedAt: new Date() },
        });
    },

    /** Whether the user has two-factor turned on (not merely a set-up waiting for its code). */
    async isEnabled(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: twoFactorSecrets.userId })
        .from(twoFactorSecrets)
        .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)))
        .limit(1);
      return row !== undefined;
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
