import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RequestState } from '@noise/shared/requests';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  companies,
  projects,
  servicePackages,
  services,
  subscriptions,
  users,
} from '../../db/schema.ts';

export type RequestRow = typeof projects.$inferSelect;
type NewRequest = typeof projects.$inferInsert;

/** The states that take one of the plan's active places. */
const ACTIVE: RequestState[] = ['in-progress', 'in-review'];

/**
 * Request plans and their requests (docs/decisions/091): a plan is a project whose package was
 * sold with an active-request limit; a request is a project row pointing at its plan.
 */
export function createRequestRepository(db: Db) {
  const coordinators = alias(users, 'coordinators');
  const requestColumns = {
    request: projects,
    companyName: companies.name,
    // The plan as people name it: its service ('Unlimited Design Requests').
    planTitle: sql<string>`(select p.service_title from ${projects} p where p.id = ${projects.planProjectId})`,
    coordinator: {
      email: coordinators.email,
      firstName: coordinators.firstName,
      lastName: coordinators.lastName,
      displayName: coordinators.displayName,
    },
  };
  /** The requests with their company and co-ordinator. */
  const selectRequests = () =>
    db
      .select(requestColumns)
      .from(projects)
      .leftJoin(companies, eq(companies.id, projects.companyId))
      .leftJoin(coordinators, eq(coordinators.id, projects.coordinatorId));
  /** Request plans (orders whose package caps active requests, not requests themselves). */
  const selectPlans = (where: SQL | undefined) =>
    db
      .select({
        plan: projects,
        subscriptionStatus: subscriptions.status,
        nextChargeAt: subscriptions.nextChargeAt,
        intake: services.intakeQuestions,
        // An extra request sells at its package's price in the catalogue now: the package of the
        // plan's service with the title it was sold under (as a plan change finds it).
        extraRequestPriceCents: sql<
          number | null
        >`(select sp.extra_request_price_cents from ${servicePackages} sp where sp.service_id = ${projects.serviceId} and sp.title = ${projects.packageTitle} order by sp.position limit 1)`,
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

    /** These plans, found by their ids (the board's, for their queues' estimated starts). */
    async plansByIds(planIds: readonly string[]) {
      if (planIds.length === 0) return [];
      return selectPlans(inArray(projects.id, [...planIds]));
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
      return selectRequests()
        .where(
          and(
            inArray(projects.planProjectId, [...planIds]),
            sql`${projects.requestState} <> 'cancelled'`,
          ),
        )
        .orderBy(asc(projects.queuePosition), asc(projects.createdAt));
    },

    async findRequest(id: string) {
      const [row] = await selectRequests()
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

    /**
     * Sets a request's state (and queue place), raising its version. `started` starts its due
     * clock with the due date it gives, once (docs/decisions/054).
     */
    async setState(
      id: string,
      state: RequestState,
      queuePosition: number | null,
      started?: { at: Date; due: Date },
    ) {
      const [row] = await db
        .update(projects)
        .set({
          requestState: state,
          queuePosition,
          requestVersion: sql`${projects.requestVersion} + 1`,
          ...(started
            ? {
                dueClockStartedAt: sql`coalesce(${projects.dueClockStartedAt}, ${started.at.toISOString()}::timestamptz)`,
                expectedDeliveryDate: sql`coalesce(${projects.expectedDeliveryDate}, ${started.due.toISOString()}::timestamptz)`,
              }
            : {}),
          ...(state === 'done' ? { status: 'completed', deliveryDate: new Date() } : {}),
          ...(state === 'cancelled' ? { status: 'cancelled' } : {}),
          // Taken back from 'Done' on the board: open again, not delivered.
          ...(state !== 'done' && state !== 'cancelled'
            ? {
                status: sql`case when ${projects.status} = 'completed' then 'active' else ${projects.status} end`,
                deliveryDate: sql`case when ${projects.status} = 'completed' then null else ${projects.deliveryDate} end`,
              }
            : {}),
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

    /**
     * The staff board: every request not cancelled, optionally one client's or one co-ordinator's.
     * Past the limit the oldest done ones are left out first: columns in board order, the queue
     * in its order, the rest most recently changed first.
     */
    async board(filter: { companyId?: string; coordinatorId?: string; limit: number }) {
      const where: SQL[] = [
        isNotNull(projects.planProjectId),
        sql`${projects.requestState} <> 'cancelled'`,
      ];
      if (filter.companyId) where.push(eq(projects.companyId, filter.companyId));
      if (filter.coordinatorId) where.push(eq(projects.coordinatorId, filter.coordinatorId));
      return selectRequests()
        .where(and(...where))
        .orderBy(
          sql`case ${projects.requestState} when 'queued' then 0 when 'in-progress' then 1 when 'in-review' then 2 else 3 end`,
          asc(projects.queuePosition),
          desc(projects.updatedAt),
          asc(projects.id),
        )
        .limit(filter.limit);
    },
  };
}

export type RequestRepository = ReturnType<typeof createRequestRepository>;
