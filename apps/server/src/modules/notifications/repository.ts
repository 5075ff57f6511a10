import { and, asc, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { CompanyRole } from '@noise/shared/company';
import { seesOnlyAssigned, staffRoles } from '@noise/shared/roles';
import type { Db } from '../../db/client.ts';
import { companyMembers, notifications, projects, users } from '../../db/schema.ts';
import { insertJobsQuery, type EnqueueJob } from '../jobs/repository.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** What sending a notification needs of a person. */
const recipientColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  emailOptOut: users.emailOptOut,
  replyKeyVersion: users.replyKeyVersion,
};
export type Recipient = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'role' | 'emailOptOut' | 'replyKeyVersion'
>;

export function createNotificationRepository(db: Db) {
  async function insertMany(rows: (typeof notifications.$inferInsert)[], tx: Db = db) {
    if (rows.length === 0) return [];
    return tx.insert(notifications).values(rows).returning();
  }

  return {
    insertMany,

    /**
     * The rows and their email copies' jobs in one statement: both are written or neither, with
     * no transaction around them (an order's staff bells and mails run after every order).
     */
    async insertWithJobs(rows: (typeof notifications.$inferInsert)[], mail: EnqueueJob[]) {
      if (rows.length === 0 || mail.length === 0) return insertMany(rows);
      const queued = db.$with('queued').as(insertJobsQuery(db, mail));
      return db.with(queued).insert(notifications).values(rows).returning();
    },

    /** A person's notifications of these kinds about one project since a time, oldest first. */
    async ofProjectSince(userId: string, projectId: string, since: Date, kinds: readonly string[]) {
      return db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.projectId, projectId),
            inArray(notifications.kind, [...kinds]),
            gte(notifications.createdAt, since),
          ),
        )
        .orderBy(asc(notifications.createdAt), asc(notifications.id));
    },

    async list(userId: string, limit: number) {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    /** The unread counts of several people in one statement (open streams, live-streams.ts). */
    async unreadCounts(userIds: readonly string[]): Promise<Map<string, number>> {
      const counts = new Map<string, number>();
      if (userIds.length === 0) return counts;
      const rows = await db
        .select({ userId: notifications.userId, n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(inArray(notifications.userId, [...userIds]), isNull(notifications.readAt)))
        .groupBy(notifications.userId);
      for (const row of rows) counts.set(row.userId, row.n);
      return counts;
    },

    /** Marks one of the user's own notifications read; false when it is not theirs. */
    async markRead(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    async markAllRead(userId: string) {
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    },

    async recipients(ids: string[]): Promise<Recipient[]> {
      if (ids.length === 0) return [];
      return db.select(recipientColumns).from(users).where(inArray(users.id, ids));
    },

    /**
     * The people of a project's client company whose role is one of `roles`
     * (docs/product.md#client-companies); none when the project has no company.
     */
    async customersOf(projectId: string, roles: readonly CompanyRole[]): Promise<Recipient[]> {
      if (roles.length === 0) return [];
      return db
        .select(recipientColumns)
        .from(users)
        .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
        .where(
          and(
            sql`${companyMembers.companyId} = (select p.company_id from ${projects} p where p.id = ${projectId})`,
            inArray(companyMembers.role, [...roles]),
          ),
        );
    },

    /** The people of a client company whose role is one of `roles` (a general question's). */
    async peopleOfCompany(companyId: string, roles: readonly CompanyRole[]): Promise<Recipient[]> {
      if (roles.length === 0) return [];
      return db
        .select(recipientColumns)
        .from(users)
        .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
        .where(
          and(eq(companyMembers.companyId, companyId), inArray(companyMembers.role, [...roles])),
        );
    },

    /** A person's notifications of these kinds about one general question since a time. */
    async ofQuestionSince(
      userId: string,
      questionId: string,
      since: Date,
      kinds: readonly string[],
    ) {
      return db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.questionId, questionId),
            inArray(notifications.kind, [...kinds]),
            gte(notifications.createdAt, since),
          ),
        )
        .orderBy(asc(notifications.createdAt), asc(notifications.id));
    },

    /**
     * Who on the team hears of something: every admin and super-admin, and the co-ordinator it
     * is assigned to (co-ordinators see only their own work).
     */
    async teamOf(coordinatorId: string | null): Promise<Recipient[]> {
      const admins = inArray(
        users.role,
        staffRoles.filter((role) => !seesOnlyAssigned(role)),
      );
      return db
        .select(recipientColumns)
        .from(users)
        .where(
          coordinatorId
            ? or(admins, and(eq(users.id, coordinatorId), inArray(users.role, [...staffRoles])))
            : admins,
        );
    },

    async optOut(userId: string): Promise<string[]> {
      const [row] = await db
        .select({ emailOptOut: users.emailOptOut })
        .from(users)
        .where(eq(users.id, userId));
      return row?.emailOptOut ?? [];
    },

    async setOptOut(userId: string, kinds: string[]) {
      await db.update(users).set({ emailOptOut: kinds }).where(eq(users.id, userId));
    },

    /** Whether a team member gets the daily summary (off by default). */
    async dailySummary(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ on: users.dailySummary })
        .from(users)
        .where(eq(users.id, userId));
      return row?.on ?? false;
    },

    async setDailySummary(userId: string, on: boolean) {
      await db.update(users).set({ dailySummary: on }).where(eq(users.id, userId));
    },
  };
}
export type NotificationRepository = ReturnType<typeof createNotificationRepository>;

export function toNotificationDto(row: NotificationRow) {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
