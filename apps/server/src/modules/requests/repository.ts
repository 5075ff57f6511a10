import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { RequestState } from '@noise/shared/requests';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { companies, projects, services, subscriptions } from '../../db/schema.ts';

export type RequestRow = typeof projects.$inferSelect;
type NewRequest = typeof projects.$inferInsert;

/** The states that take one of the plan's active places. */
const ACTIVE: RequestState[] = ['in-progress', 'in-review'];

/**
 * Request plans and their requests (docs/decisions/091): a plan is a project whose package was
 * sold with an active-request limit; a request is a project row pointing at its plan.
 */
export function createRequestRepository(db: Db) {
  const requestColumns = {
    request: projects,
    companyName: companies.name,
    planTitle: sql<string>`(select p.package_title from ${projects} p where p.id = ${projects.planProjectId})`,
  };
  /** Request plans (orders whose package caps active requests, not requests themselves). */
  const selectPlans = (where: SQL | undefined) =>
    db
      .select({
        plan: projects,
        subscriptionStatus: subscriptions.status,
        nextChargeAt: subscriptions.nextChargeAt,
        intake: services.intakeQuestions,
      })
      .from(projects)
      .leftJoin(subscriptions, eq(subscriptions.projectId, projects.id))
      .leftJoin(services, eq(services.id, projects.serviceId))
      .where(
        and(where, isNotNull(projects.packageActiveRequestLimit), isNull(projects.planProjectId)),
      );

  return {
    /** The plan's row, locked until the transaction ends: submissions and moves queue behind it. */
    async lockPlan(planId: string) {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`select id from ${projects} where id = ${planId} for update`),
      );
      return rows.length > 0;
    },

    async findPlan(planId: string) {
      const [row] = await selectPlans(eq(projects.id, planId)).limit(1);
      return row;
    },

    /** The company's plans, newest first. */
    async plansOf(companyId: string) {
      return selectPlans(
        and(eq(projects.companyId, companyId), isNull(projects.claimTokenHash)),
      ).orderBy(desc(projects.createdAt));
    },

    /** The plans' requests that are not cancelled, in queue order within each plan. */
    async requestsOf(planIds: readonly string[]) {
      if (planIds.length === 0) return [];
      return db
        .select(requestColumns)
        .from(projects)
        .leftJoin(companies, eq(companies.id, projects.companyId))
        .where(
          and(
            inArray(projects.planProjectId, [...planIds]),
            sql`${projects.requestState} <> 'cancelled'`,
          ),
        )
        .orderBy(asc(projects.queuePosition), asc(projects.createdAt));
    },

    async findRequest(id: string) {
      const [row] = await db
        .select(requestColumns)
        .from(projects)
        .leftJoin(companies, eq(companies.id, projects.companyId))
        .where(and(eq(projects.id, id), isNotNull(projects.planProjectId)))
        .limit(1);
      return row;
    },

    async countActive(planId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(projects)
        .where(and(eq(projects.planProjectId, planId), inArray(projects.requestState, ACTIVE)));
      return row?.n ?? 0;
    },

    /** Requests submitted under the plan since a moment, cancelled ones not counted. */
    async countSince(planId: string, since: Date) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(projects)
        .where(
          and(
            eq(projects.planProjectId, planId),
            gte(projects.createdAt, since),
            sql`${projects.requestState} <> 'cancelled'`,
          ),
        );
      return row?.n ?? 0;
    },

    /** The plan's queue, first to start first. */
    async queueOf(planId: string) {
      return db
        .select({ id: projects.id, queuePosition: projects.queuePosition })
        .from(projects)
        .where(and(eq(projects.planProjectId, planId), eq(projects.requestState, 'queued')))
        .orderBy(asc(projects.queuePosition), asc(projects.createdAt));
    },

    async insert(values: NewRequest) {
      const [row] = await db.insert(projects).values(values).returning();
      return row!;
    },

    /** Sets a request's state (and queue place), raising its version. */
    async setState(id: string, state: RequestState, queuePosition: number | null) {
      const [row] = await db
        .update(projects)
        .set({
          requestState: state,
          queuePosition,
          requestVersion: sql`${projects.requestVersion} + 1`,
          ...(state === 'done' ? { status: 'completed', deliveryDate: new Date() } : {}),
          ...(state === 'cancelled' ? { status: 'cancelled' } : {}),
          updatedAt: new Date(),
        })
        .where(eq(projects.id, id))
        .returning();
      return row;
    },

    /** Renumbers a plan's queue 1..n in the given order. */
    async renumberQueue(ids: readonly string[]) {
      for (const [i, id] of ids.entries()) {
        await db
          .update(projects)
          .set({ queuePosition: i + 1, requestVersion: sql`${projects.requestVersion} + 1` })
          .where(and(eq(projects.id, id), eq(projects.requestState, 'queued')));
      }
    },

    /** The staff board: every request not cancelled, optionally one client's or one co-ordinator's. */
    async board(filter: { companyId?: string; coordinatorId?: string; limit: number }) {
      const where: SQL[] = [
        isNotNull(projects.planProjectId),
        sql`${projects.requestState} <> 'cancelled'`,
      ];
      if (filter.companyId) where.push(eq(projects.companyId, filter.companyId));
      if (filter.coordinatorId) where.push(eq(projects.coordinatorId, filter.coordinatorId));
      return db
        .select(requestColumns)
        .from(projects)
        .leftJoin(companies, eq(companies.id, projects.companyId))
        .where(and(...where))
        .orderBy(asc(projects.queuePosition), desc(projects.updatedAt))
        .limit(filter.limit);
    },
  };
}

export type RequestRepository = ReturnType<typeof createRequestRepository>;
