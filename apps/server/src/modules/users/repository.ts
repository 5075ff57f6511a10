import { displayNameOf } from '@noise/shared/user';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { staffRoles, type Role } from '@noise/shared/roles';
import type { User } from '@noise/shared/user';
import type { Db } from '../../db/client.ts';
import { paymentAttempts, projects, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function toUserDto(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    isOAuth: row.isOAuth,
    emailVerified: row.emailVerifiedAt !== null,
    hasPassword: row.passwordHash !== null,
    profile: {
      firstName: row.firstName,
      lastName: row.lastName,
      displayName: row.displayName,
      companyName: row.companyName,
      contactNumber: row.contactNumber,
      bio: row.bio,
      profilePhotoURL: row.profilePhotoUrl,
    },
    paymentInfo: {
      defaultPaymentMethodId: row.defaultPaymentMethodId,
      paymentCustomerId: row.paymentCustomerId,
    },
  };
}

/**
 * An account by id, built once per database handle and prepared by name (docs/decisions/113): the
 * checkout, sign-in and most staff actions read it.
 */
function userByIdQuery(db: Db) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('users_by_id');
}

export function createUserRepository(db: Db) {
  let byId: ReturnType<typeof userByIdQuery> | undefined;
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      byId ??= userByIdQuery(db);
      const [row] = await byId.execute({ id });
      return row;
    },

    /** Who did something, as the audit log and notes name them: display name, else email. */
    async actorName(id: string): Promise<string> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ? displayNameOf(row) || row.email : 'Staff';
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row;
    },

    /** Sign-in accepts an email or a username. */
    async findByLogin(login: string): Promise<UserRow | undefined> {
      const value = login.trim().toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(or(sql`lower(${users.email}) = ${value}`, sql`lower(${users.username}) = ${value}`))
        .limit(1);
      return row;
    },

    /**
     * Inserts a user; undefined when the email is already taken (the unique index decides).
     * `alsoInTransaction` runs with the new row in the same transaction (its webhook event).
     */
    async insertIfEmailFree(
      values: NewUser,
      alsoInTransaction?: (tx: Db, user: UserRow) => Promise<void>,
    ): Promise<UserRow | undefined> {
      if (!alsoInTransaction) {
        const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
        return row;
      }
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
        if (row) await alsoInTransaction(tx, row);
        return row;
      });
    },

    /**
     * A guest checkout takes over the account an earlier guest checkout made when that one's
     * every payment was declined (docs/decisions/013): nobody could ever sign in to it, and it
     * holds nothing but what the earlier guest typed, which this one's details replace. One
     * statement, so two retries at once cannot both take it, and an account that has a
     * password, a provider, a payment paid or still going, or an order is never taken.
     */
    async adoptUnpaidGuestAccount(
      id: string,
      fromKey: string,
      values: Pick<NewUser, 'firstName' | 'lastName' | 'contactNumber' | 'guestCheckoutKey'>,
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set(values)
        .where(
          sql`${users.id} = ${id} and ${users.guestCheckoutKey} = ${fromKey}
            and ${users.role} = 'client' and ${users.passwordHash} is null
            and not ${users.isOAuth}
            and not exists (select 1 from ${paymentAttempts}
              where ${paymentAttempts.userId} = ${users.id} and ${paymentAttempts.state} <> 'failed')
            and not exists (select 1 from ${projects} where ${projects.userId} = ${users.id})`,
        )
        .returning();
      return row;
    },

    /**
     * The first proof of the account's mailbox (decision 088): true only for the call that made
     * it proven, so of two proofs at once one starts the account afresh.
     */
    async markEmailVerified(id: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ emailVerifiedAt: sql`now()` })
        .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * Proof of the mailbox (a claimed order): the account is its owner's, so no guest checkout's
     * payment signs anyone in to it again (payments/guest-checkout.ts).
     */
    async forgetGuestCheckout(id: string): Promise<void> {
      await db.update(users).set({ guestCheckoutKey: null }).where(eq(users.id, id));
    },

    /** Everyone on the team (super-admins, admins, co-ordinators), by name. */
    async listStaff(): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(inArray(users.role, [...staffRoles]))
        .orderBy(users.firstName, users.lastName);
    },

    async countByRole(role: Role): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.role, role));
      return row?.n ?? 0;
    },

    /**
     * A new password: every older token of the user stops working, and so do the reply addresses
     * in mail already sent (decision 061).
     */
    async setPassword(id: string, passwordHash: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          passwordHash,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          replyKeyVersion: sql`${users.replyKeyVersion} + 1`,
        })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /**
     * `endSessions`: every older token of the user stops working, and so do the reply addresses
     * in mail already sent (decision 061): a new email, password or role.
     */
    async update(
      id: string,
      values: Partial<NewUser>,
      options: { endSessions?: boolean } = {},
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          ...values,
          ...(options.endSessions
            ? {
                tokenVersion: sql`${users.tokenVersion} + 1`,
                replyKeyVersion: sql`${users.replyKeyVersion} + 1`,
              }
            : {}),
        })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /**
     * Locks the rows a role change or deletion depends on, always in the same order (every
     * super-admin by id, then the target) so two changes at once queue instead of deadlocking.
     * Answers the target and how many super-admins there are. Inside a transaction only.
     */
    async lockForChange(id: string) {
      const supers = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, 'super-admin'))
        .orderBy(users.id)
        .for('update');
      const [current] = await db.select().from(users).where(eq(users.id, id)).for('update');
      return { current, superAdminCount: supers.length };
    },

    async delete(id: string): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },

    /**
     * After a paid order: the card becomes the customer's default, and the company and phone
     * given with the order fill the profile's fields only where they are blank, in one
     * statement (no read first). Answers false when the user does not exist.
     */
    async recordOrder(
      id: string,
      order: {
        companyName: string;
        contactNumber: string;
        paymentCustomerId: string | null;
        defaultPaymentMethodId: string | null;
      },
    ): Promise<boolean> {
      const ifBlank = (column: AnyPgColumn, value: string) =>
        value
          ? sql<string>`case when ${column} ~ '^\\s*$' then ${value} else ${column} end`
          : column;
      const rows = await db
        .update(users)
        .set({
          companyName: ifBlank(users.companyName, order.companyName),
          contactNumber: ifBlank(users.contactNumber, order.contactNumber),
          paymentCustomerId: order.paymentCustomerId,
          defaultPaymentMethodId: order.defaultPaymentMethodId,
        })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      return rows.length === 1;
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
