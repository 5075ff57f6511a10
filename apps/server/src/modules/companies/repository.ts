import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CompanyRole } from '@noise/shared/company';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  companies,
  companyInvitations,
  companyMembers,
  projects,
  questions,
  users,
} from '../../db/schema.ts';

export type InvitationRow = typeof companyInvitations.$inferSelect;

/**
 * The name a company goes by: the one its people gave it, else its first owner's company name,
 * full name or email (a company is made unnamed with each new customer: docs/decisions/074).
 */
export function companyNameOf(companyId: SQL | AnyPgColumn): SQL<string> {
  return sql<string>`coalesce(
    nullif((select c.name from ${companies} c where c.id = ${companyId}), ''),
    (select coalesce(nullif(u.company_name, ''), nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)
       from ${companyMembers} m join ${users} u on u.id = m.user_id
      where m.company_id = ${companyId}
      order by (m.role = 'owner') desc, m.joined_at, m.user_id
      limit 1),
    '')`;
}

/** An invitation neither accepted nor withdrawn (it may have expired). */
const isOpenInvitation = and(
  isNull(companyInvitations.acceptedAt),
  isNull(companyInvitations.withdrawnAt),
);

/** Another owner of the company than `userId`. */
const anotherOwner = (companyId: string, userId: string) =>
  sql`exists (select 1 from ${companyMembers} o where o.company_id = ${companyId} and o.role = 'owner' and o.user_id <> ${userId})`;

/** Locks a company's row until the transaction ends: changes to its owners queue on it. */
async function lockCompany(tx: Db, companyId: string) {
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
}

const personName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), nullif(${users.displayName}, ''), ${users.email})`;

/** Client companies, their people and invitations (docs/product.md#client-companies). */
export function createCompanyRepository(db: Db) {
  return {
    /** The caller's company, their role and the company's name. */
    async membershipOf(userId: string) {
      const [row] = await db
        .select({
          companyId: companyMembers.companyId,
          role: companyMembers.role,
          name: companyNameOf(companyMembers.companyId),
        })
        .from(companyMembers)
        .where(eq(companyMembers.userId, userId));
      return row;
    },

    async nameOf(companyId: string): Promise<string> {
      const rows = rowsOf<{ name: string }>(
        await db.execute(sql`select ${companyNameOf(sql`${companyId}`)} as name`),
      );
      return rows[0]?.name ?? '';
    },

    async rename(companyId: string, name: string) {
      await db.update(companies).set({ name }).where(eq(companies.id, companyId));
    },

    /** The people of a company, owners first, then by when they joined. */
    async members(companyId: string) {
      return db
        .select({
          userId: users.id,
          name: personName,
          email: users.email,
          role: companyMembers.role,
          joinedAt: companyMembers.joinedAt,
        })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(eq(companyMembers.companyId, companyId))
        .orderBy(sql`${companyMembers.role} = 'owner' desc`, asc(companyMembers.joinedAt));
    },

    async member(companyId: string, userId: string) {
      const [row] = await db
        .select()
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
      return row;
    },

    async countOwners(companyId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'owner')));
      return Number(row?.count ?? 0);
    },

    /**
     * Changes a person's role unless that would leave the company without an owner. The
     * company's row is locked first: two owners demoting each other at once queue, and the second
     * sees the first's change (under READ COMMITTED a lone statement would not), so one of them
     * is refused.
     */
    async setRole(companyId: string, userId: string, role: CompanyRole): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const rows = await tx
          .update(companyMembers)
          .set({ role })
          .where(
            and(
              eq(companyMembers.companyId, companyId),
              eq(companyMembers.userId, userId),
              role === 'owner' ? undefined : anotherOwner(companyId, userId),
            ),
          )
          .returning({ userId: companyMembers.userId });
        return rows.length > 0;
      });
    },

    /**
     * Takes a person out of their company into a new one of their own (every customer has a
     * company) and ends their sessions by bumping their token version. Refused (false) when they
     * are its last owner; the company's row is locked first, as for setRole.
     */
    async removeMember(companyId: string, userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const [gone] = await tx
          .delete(companyMembers)
          .where(
            and(
              eq(companyMembers.companyId, companyId),
              eq(companyMembers.userId, userId),
              sql`(${companyMembers.role} <> 'owner' or ${anotherOwner(companyId, userId)})`,
            ),
          )
          .returning({ userId: companyMembers.userId });
        if (!gone) return false;
        const [own] = await tx.insert(companies).values({}).returning({ id: companies.id });
        await tx.insert(companyMembers).values({ userId, companyId: own!.id, role: 'owner' });
        await tx
          .update(users)
          .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(eq(users.id, userId));
        return true;
      });
    },

    /**
     * Withdraws the open invitations of a company that a customer sent (not staff): an account
     * starting afresh (decision 088). Answers their emails and roles.
     */
    async withdrawCustomerInvitations(companyId: string) {
      return db
        .update(companyInvitations)
        .set({ withdrawnAt: new Date() })
        .where(
          and(
            eq(companyInvitations.companyId, companyId),
            isOpenInvitation,
            sql`not exists (select 1 from ${users} u where u.id = ${companyInvitations.invitedById} and u.role <> 'client')`,
          ),
        )
        .returning({ email: companyInvitations.email, role: companyInvitations.role });
    },

    /**
     * The people of a company, but `userId`, who joined it by an invitation a customer sent (not
     * staff): an account starting afresh removes them (decision 088).
     */
    async joinedByCustomerInvitation(companyId: string, userId: string) {
      return db
        .select({
          userId: users.id,
          name: personName,
          email: users.email,
          role: companyMembers.role,
        })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(
          and(
            eq(companyMembers.companyId, companyId),
            sql`${companyMembers.userId} <> ${userId}`,
            sql`exists (select 1 from ${companyInvitations} i join ${users} inviter on inviter.id = i.invited_by_id
              where i.company_id = ${companyId} and i.accepted_by_id = ${companyMembers.userId}
                and inviter.role = 'client')`,
          ),
        );
    },

    /** Whether a company has anything of its own: orders, or people besides `userId`. */
    async hasHistory(companyId: string, userId: string): Promise<boolean> {
      const rows = rowsOf<{ used: boolean }>(
        await db.execute(sql`select exists (select 1 from ${projects} where company_id = ${companyId})
          or exists (select 1 from ${companyMembers} where company_id = ${companyId} and user_id <> ${userId}) as used`),
      );
      return Boolean(rows[0]?.used);
    },

    /**
     * Moves a person into a company with a role, closing the invitation, in one transaction; the
     * company they leave goes when nothing is left in it. False when the invitation was used or
     * withdrawn meanwhile.
     */
    async join(invitation: InvitationRow, userId: string, leaving: string | null) {
      return db.transaction(async (tx) => {
        const closed = await tx
          .update(companyInvitations)
          .set({ acceptedAt: new Date(), acceptedById: userId })
          .where(
            and(
              eq(companyInvitations.id, invitation.id),
              isNull(companyInvitations.acceptedAt),
              isNull(companyInvitations.withdrawnAt),
            ),
          )
          .returning({ id: companyInvitations.id });
        if (closed.length === 0) return false;
        await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
        await tx.insert(companyMembers).values({
          userId,
          companyId: invitation.companyId,
          role: invitation.role,
        });
        if (leaving && leaving !== invitation.companyId) {
          await tx.delete(companies).where(
            and(
              eq(companies.id, leaving),
              sql`not exists (select 1 from ${projects} where company_id = ${leaving})`,
              sql`not exists (select 1 from ${companyMembers} where company_id = ${leaving})`,
              // Its general questions stay with the team (docs/decisions/083).
              sql`not exists (select 1 from ${questions} where company_id = ${leaving})`,
            ),
          );
        }
        return true;
      });
    },

    /** Whether a co-ordinator has a project of the company (their scope: docs/decisions/056). */
    async isAssigned(companyId: string, coordinatorId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.companyId, companyId), eq(projects.coordinatorId, coordinatorId)))
        .limit(1);
      return row !== undefined;
    },

    async exists(companyId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row !== undefined;
    },

    async insertInvitation(values: typeof companyInvitations.$inferInsert) {
      const [row] = await db.insert(companyInvitations).values(values).returning();
      return row!;
    },

    /** Open invitations of a company (not accepted or withdrawn), newest first, expired included. */
    async openInvitations(companyId: string) {
      return db
        .select({
          invitation: companyInvitations,
          invitedByName: sql<string>`coalesce((select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) from ${users} u where u.id = ${companyInvitations.invitedById}), '')`,
        })
        .from(companyInvitations)
        .where(and(eq(companyInvitations.companyId, companyId), isOpenInvitation))
        .orderBy(desc(companyInvitations.createdAt));
    },

    async openInvitationFor(companyId: string, email: string) {
      const [row] = await db
        .select()
        .from(companyInvitations)
        .where(
          and(
            eq(companyInvitations.companyId, companyId),
            sql`lower(${companyInvitations.email}) = lower(${email})`,
            isOpenInvitation,
          ),
        );
      return row;
    },

    async findInvitation(companyId: string, id: string) {
      const [row] = await db
        .select()
        .from(companyInvitations)
        .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.id, id)));
      return row;
    },

    /** The invitation a link carries, with its company's and its inviter's names. */
    async findByTokenHash(tokenHash: string) {
      const [row] = await db
        .select({
          invitation: companyInvitations,
          companyName: companyNameOf(companyInvitations.companyId),
          invitedByName: sql<string>`coalesce((select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) from ${users} u where u.id = ${companyInvitations.invitedById}), '')`,
        })
        .from(companyInvitations)
        .where(eq(companyInvitations.tokenHash, tokenHash));
      return row;
    },

    /** A new link and expiry for an open invitation (resend); false when it is closed. */
    async renewInvitation(id: string, tokenHash: string, expiresAt: Date): Promise<boolean> {
      const rows = await db
        .update(companyInvitations)
        .set({ tokenHash, expiresAt, createdAt: new Date() })
        .where(and(eq(companyInvitations.id, id), isOpenInvitation))
        .returning({ id: companyInvitations.id });
      return rows.length > 0;
    },

    async withdrawInvitation(id: string): Promise<boolean> {
      const rows = await db
        .update(companyInvitations)
        .set({ withdrawnAt: new Date() })
        .where(and(eq(companyInvitations.id, id), isOpenInvitation))
        .returning({ id: companyInvitations.id });
      return rows.length > 0;
    },
  };
}
export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
