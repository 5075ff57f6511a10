import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_DELIVERY_DAYS } from '@noise/shared/due-dates';
import type { salesQuery } from '@noise/shared/project';
import { anyOfPlaceholder } from '../../db/any-of.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  customQuotes,
  payments,
  projectBriefs,
  proposalSignatures,
  projectExtras,
  projectStatusUpdates,
  projects,
  refunds,
  services,
  subscriptions,
  users,
} from '../../db/schema.ts';
import { escapeLike } from '../../lib/escape-like.ts';
import { decodeCursor } from '../../lib/cursor.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
export type ProjectExtraRow = typeof projectExtras.$inferSelect;
export interface NewProjectExtra {
  title: string;
  description: string;
  priceCents: number;
}

/** Projects (sales) and their extras. Pass a transaction's handle to write inside it. */
/** A user's projects; without `includeHeld`, only those the customer may see. */
/**
 * Whose projects a customer's list holds: the customer's own, without the orders still waiting
 * for the owner to claim them unless `includeHeld` (staff), and only those assigned to
 * `assignedTo` when a co-ordinator asks.
 */
export interface UserProjectsScope {
  includeHeld?: boolean;
  assignedTo?: string | null;
  /** A customer sees their company's projects, whoever of it ordered (docs/decisions/074). */
  companyId?: string | null;
}

function ownedBy(
  userId: string,
  { includeHeld = false, assignedTo, companyId }: UserProjectsScope,
): SQL {
  return and(
    companyId ? eq(projects.companyId, companyId) : eq(projects.userId, userId),
    includeHeld ? undefined : isNull(projects.claimTokenHash),
    assignedTo ? eq(projects.coordinatorId, assignedTo) : undefined,
  )!;
}

/** The rows after a cursor's row in the lists' order (newest first); 400 for a bad cursor. */
function afterCursor(cursor: string): SQL {
  const c = decodeCursor(cursor);
  return or(
    sql`${projects.createdAt} < ${c.createdAt}::timestamptz`,
    and(sql`${projects.createdAt} = ${c.createdAt}::timestamptz`, lt(projects.id, c.id)),
  )!;
}

/** The largest order number the column holds; longer digit strings are searched as text. */
const MAX_ORDER_NUMBER = 2_147_483_647;

const RANGE_DAYS = { last7days: 7, last30days: 30, last90days: 90, last365days: 365 } as const;

/** What the Sales list and its CSV are filtered by: the list's query, read in `timeZone` at `now`. */
export type SalesFilter = Omit<z.output<typeof salesQuery>, 'limit'> & {
  timeZone: string;
  now: Date;
  /** A co-ordinator's own id: only the sales assigned to them (visibility.ts `assignedScope`). */
  assignedTo?: string | null;
};

/**
 * The Sales filters as SQL, their values as placeholders: `shape` names which filters are on
 * (one prepared statement per shape, `listPage`), `values` fills them. Date ranges are whole local
 * days in the business time zone. The search: '1001' or '#1001' is the sale with that order number
 * and nothing else (the unique index finds it); other text is looked for in the company, customer
 * name and email.
 */
function salesFilters(q: SalesFilter) {
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  const value = (name: string, given: unknown) => {
    values[name] = given;
    return sql.placeholder(name);
  };
  // A request of a plan is work, not a sale of its own: its plan is the sale (docs/decisions/097).
  const filters: SQL[] = [isNull(projects.planProjectId)];
  if (q.search) {
    const digits = /^#?\s*(\d+)$/.exec(q.search)?.[1];
    if (digits && Number(digits) <= MAX_ORDER_NUMBER) {
      shape.push('number');
      filters.push(eq(projects.orderNumber, value('number', Number(digits))));
    } else {
      shape.push('search');
      const pattern = value('pattern', `%${escapeLike(q.search.toLowerCase())}%`);
      filters.push(
        or(
          sql`lower(${projects.contactCompanyName}) like ${pattern}`,
          sql`lower(${projects.contactFirstName} || ' ' || ${projects.contactLastName}) like ${pattern}`,
          sql`lower(${projects.contactEmail}) like ${pattern}`,
        )!,
      );
    }
  }
  if (q.company) {
    shape.push('company');
    filters.push(
      sql`lower(${projects.contactCompanyName}) = ${value('company', q.company.toLowerCase())}`,
    );
  }
  for (const [name, column, given] of [
    ['service', projects.serviceId, q.service],
    ['status', projects.status, q.status],
    ['teamMember', projects.coordinatorId, q.teamMember],
    ['assignedTo', projects.coordinatorId, q.assignedTo],
    ['type', projects.type, q.type],
  ] as const) {
    if (!given) continue;
    shape.push(name);
    filters.push(eq(column, value(name, given)));
  }
  if (q.dateRange || q.from || q.to) value('zone', q.timeZone);
  const zone = sql.placeholder('zone');
  if (q.dateRange) {
    shape.push(q.dateRange);
    const today = sql`date_trunc('day', ${value('now', q.now.toISOString())}::timestamptz at time zone ${zone})`;
    if (q.dateRange === 'today') {
      filters.push(sql`${projects.createdAt} >= (${today} at time zone ${zone})`);
    } else if (q.dateRange === 'yesterday') {
      filters.push(
        sql`${projects.createdAt} >= ((${today} - interval '1 day') at time zone ${zone})`,
        sql`${projects.createdAt} < (${today} at time zone ${zone})`,
      );
    } else {
      const days = RANGE_DAYS[q.dateRange] - 1;
      filters.push(
        sql`${projects.createdAt} >= ((${today} - ${sql.raw(`interval '${days} days'`)}) at time zone ${zone})`,
      );
    }
  }
  if (q.from) {
    shape.push('from');
    filters.push(
      sql`${projects.createdAt} >= (${value('from', q.from)}::timestamp at time zone ${zone})`,
    );
  }
  if (q.to) {
    shape.push('to');
    filters.push(
      sql`${projects.createdAt} < ((${value('to', q.to)}::timestamp + interval '1 day') at time zone ${zone})`,
    );
  }
  if (q.cursor) {
    shape.push('cursor');
    const c = decodeCursor(q.cursor);
    const at = value('cursorAt', c.createdAt);
    filters.push(
      or(
        sql`${projects.createdAt} < ${at}::timestamptz`,
        and(
          sql`${projects.createdAt} = ${at}::timestamptz`,
          lt(projects.id, value('cursorId', c.id)),
        ),
      )!,
    );
  }
  return { shape: shape.join('_') || 'all', filters, values };
}

/** A page of the Sales list for one shape of its filters, newest first (placeholders: the filters' values and `limit`). */
function salesPageStatement(db: Db, shape: string, filters: SQL[]) {
  return db
    .select({
      project: projects,
      cursorAt: sql<string>`to_char(${projects.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(projects)
    .where(and(...filters))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(sql.placeholder('limit'))
    .prepare(`sales_page_${shape}`);
}

/**
 * The Sales filters' values for one co-ordinator: read from their own projects (one index range,
 * `projects_coordinator_idx`), so no other team's company or service shows.
 */
async function assignedFilterValues(db: Db, coordinatorId: string) {
  const own = eq(projects.coordinatorId, coordinatorId);
  const [companies, serviceRows, statuses] = await Promise.all([
    db.execute(sql`
      select name from (
        select distinct on (lower(contact_company_name)) contact_company_name as name
        from ${projects}
        where coordinator_id = ${coordinatorId} and contact_company_name > ''
        order by lower(contact_company_name), created_at desc, id desc
      ) named order by name`),
    db
      .selectDistinct({ _id: services.id, title: services.title })
      .from(services)
      .innerJoin(projects, and(eq(projects.serviceId, services.id), own))
      .orderBy(asc(services.title), asc(services.id)),
    db
      .selectDistinct({ status: projects.status })
      .from(projects)
      .where(own)
      .orderBy(projects.status),
  ]);
  return {
    companies: rowsOf<{ name: string }>(companies).map((c) => c.name),
    services: serviceRows,
    statuses: statuses.map((s) => s.status),
  };
}

/**
 * What a list of projects refers to (`loadRelated`), each query built once per database handle
 * and prepared once per connection, its ids one array: a customer's projects and a project page
 * run them on every view, and building them was the largest part of the server's time on those
 * reads (docs/performance.md).
 */
function relatedQueries(db: Db) {
  const ids = (column: Parameters<typeof anyOfPlaceholder>[0]) => anyOfPlaceholder(column, 'ids');
  return {
    /** Not what a list refers to, but as often read: every project page and thread opens with it. */
    byId: db
      .select()
      .from(projects)
      .where(eq(projects.id, sql.placeholder('id')))
      .limit(1)
      .prepare('projects_by_id'),
    updates: db
      .select()
      .from(projectStatusUpdates)
      .where(ids(projectStatusUpdates.projectId))
      .orderBy(asc(projectStatusUpdates.createdAt), asc(projectStatusUpdates.id))
      .prepare('projects_related_updates'),
    extras: db
      .select()
      .from(projectExtras)
      .where(ids(projectExtras.projectId))
      .orderBy(asc(projectExtras.position))
      .prepare('projects_related_extras'),
    payments: db
      .select()
      .from(payments)
      .where(ids(payments.projectId))
      .orderBy(asc(payments.createdAt))
      .prepare('projects_related_payments'),
    refunds: db
      .select()
      .from(refunds)
      .where(
        inArray(
          refunds.paymentId,
          db.select({ id: payments.id }).from(payments).where(ids(payments.projectId)),
        ),
      )
      .orderBy(asc(refunds.createdAt))
      .prepare('projects_related_refunds'),
    people: db.select().from(users).where(ids(users.id)).prepare('projects_related_people'),
    briefs: db
      .selectDistinct({ projectId: projectBriefs.projectId })
      .from(projectBriefs)
      .where(ids(projectBriefs.projectId))
      .prepare('projects_related_briefs'),
    renewing: db
      .select({
        projectId: subscriptions.projectId,
        nextChargeAt: subscriptions.nextChargeAt,
        status: subscriptions.status,
      })
      .from(subscriptions)
      .where(ids(subscriptions.projectId))
      .prepare('projects_related_renewing'),
    signed: db
      .select({ quoteId: proposalSignatures.quoteId, signedAt: proposalSignatures.signedAt })
      .from(proposalSignatures)
      .where(ids(proposalSignatures.quoteId))
      .prepare('projects_related_signed'),
    asked: db
      .select({ id: customQuotes.id, at: customQuotes.balanceRequestedAt })
      .from(customQuotes)
      .where(and(ids(customQuotes.id), isNotNull(customQuotes.balanceRequestedAt)))
      .prepare('projects_related_asked'),
    plans: db
      .select({ id: projects.id, title: projects.serviceTitle, orderNumber: projects.orderNumber })
      .from(projects)
      .where(ids(projects.id))
      .prepare('projects_related_plans'),
  };
}

export function createProjectRepository(db: Db) {
  let related: ReturnType<typeof relatedQueries> | undefined;
  // The Sales list's statement for each shape of its filters (at most a few hundred shapes).
  const salesPages = new Map<string, ReturnType<typeof salesPageStatement>>();
  return {
    /** Inserts a project with its extras copied as they were ordered. */
    async insert(values: NewProject, extras: readonly NewProjectExtra[]): Promise<ProjectRow> {
      const [project] = await db.insert(projects).values(values).returning();
      if (extras.length > 0) {
        await db
          .insert(projectExtras)
          .values(
            extras.map((extra, position) => ({ ...extra, projectId: project!.id, position })),
          );
      }
      return project!;
    },

    async findById(id: string): Promise<ProjectRow | undefined> {
      related ??= relatedQueries(db);
      const [row] = await related.byId.execute({ id });
      return row;
    },

    /** A project with its customer's account, in one statement (what a paid order tells). */
    async findWithOwner(id: string) {
      const [row] = await db
        .select({ project: projects, owner: users })
        .from(projects)
        .innerJoin(users, eq(users.id, projects.userId))
        .where(eq(projects.id, id))
        .limit(1);
      return row;
    },

    async findByQuote(quoteId: string): Promise<ProjectRow | undefined> {
      const [row] = await db.select().from(projects).where(eq(projects.quoteId, quoteId)).limit(1);
      return row;
    },

    async listByUser(userId: string, assignedTo: string | null = null): Promise<ProjectRow[]> {
      return db
        .select()
        .from(projects)
        .where(ownedBy(userId, { includeHeld: true, assignedTo }))
        .orderBy(desc(projects.createdAt), desc(projects.id));
    },

    /**
     * A page of one user's projects, newest first, each row with its cursor time (as listPage)
     * and the user's whole count, read in the same statement so the page and its count agree.
     * Orders still waiting for the owner to claim them (docs/decisions/043) are left out unless
     * `includeHeld` (staff).
     */
    async listUserPage(
      userId: string,
      cursor: string | undefined,
      limit: number,
      scope: UserProjectsScope = {},
    ) {
      const held = scope.includeHeld ? sql`true` : sql`counted.claim_token_hash is null`;
      const assigned = scope.assignedTo
        ? sql`counted.coordinator_id = ${scope.assignedTo}`
        : sql`true`;
      const own = ownedBy(userId, scope);
      const after = cursor ? afterCursor(cursor) : undefined;
      return db
        .select({
          project: projects,
          cursorAt: sql<string>`to_char(${projects.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
          total: sql<number>`(select count(*) from ${projects} counted where ${scope.companyId ? sql`counted.company_id = ${scope.companyId}` : sql`counted.user_id = ${userId}`} and ${held} and ${assigned})::int`,
        })
        .from(projects)
        .where(after ? and(own, after) : own)
        .orderBy(desc(projects.createdAt), desc(projects.id))
        .limit(limit);
    },

    async countByUser(userId: string, scope: UserProjectsScope = {}): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(projects)
        .where(ownedBy(userId, scope));
      return Number(row?.count ?? 0);
    },

    /**
     * The co-ordinator a new order goes to when its buyer asked us to choose: the one with the
     * fewest open projects, and of those the one assigned longest ago (never first). Undefined
     * when the shop has no co-ordinator.
     */
    async pickCoordinator(): Promise<string | undefined> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          select u.id
          from ${users} u
          left join ${projects} p on p.coordinator_id = u.id
          where u.role = 'co-ordinator'
          group by u.id
          order by count(p.id) filter (where p.status in ('active', 'on-hold')),
                   max(p.created_at) nulls first,
                   u.id
          limit 1`),
      );
      return rows[0]?.id;
    },

    /**
     * How many working days the work of a new order takes: its quote's, else its service's, else
     * the default (docs/decisions/054).
     */
    async deliveryDaysFor(serviceId: string | null, quoteId: string | null): Promise<number> {
      const [row] = quoteId
        ? await db
            .select({ days: customQuotes.deliveryDays })
            .from(customQuotes)
            .where(eq(customQuotes.id, quoteId))
        : serviceId
          ? await db
              .select({ days: services.deliveryDays })
              .from(services)
              .where(eq(services.id, serviceId))
          : [];
      return row?.days ?? DEFAULT_DELIVERY_DAYS;
    },

    /**
     * Starts a project's due-date count once (its first brief): the due date becomes `due` unless
     * staff already set one with a reason. Undefined when it had started already.
     */
    async startDueClock(id: string, at: Date, due: Date): Promise<ProjectRow | undefined> {
      const [row] = await db
        .update(projects)
        .set({
          dueClockStartedAt: at,
          expectedDeliveryDate: sql`case when ${projects.dueOverrideReason} = '' then ${due.toISOString()}::timestamptz else ${projects.expectedDeliveryDate} end`,
        })
        .where(and(eq(projects.id, id), isNull(projects.dueClockStartedAt)))
        .returning();
      return row;
    },

    /** Spends a claim link: the held order joins its owner's projects. Undefined when unknown. */
    async claim(tokenHash: string): Promise<ProjectRow | undefined> {
      const [row] = await db
        .update(projects)
        .set({ claimTokenHash: null, claimedTokenHash: tokenHash })
        .where(eq(projects.claimTokenHash, tokenHash))
        .returning();
      return row;
    },

    /** The order a used claim link added to its account, if the link is one. */
    async findClaimed(tokenHash: string): Promise<ProjectRow | undefined> {
      const [row] = await db
        .select()
        .from(projects)
        .where(eq(projects.claimedTokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /**
     * A page of sales, newest first. Each row carries its exact created_at as text (microseconds;
     * a JS Date would round to milliseconds and make the next page skip rows).
     */
    async listPage(filter: SalesFilter, limit: number) {
      const { shape, filters, values } = salesFilters(filter);
      // Built once per shape of filters and prepared by a name that says it (the page's own
      // work was mostly building this statement, docs/performance.md).
      let page = salesPages.get(shape);
      if (!page) {
        page = salesPageStatement(db, shape, filters);
        salesPages.set(shape, page);
      }
      return page.execute({ ...values, limit });
    },

    /** Everything a project's JSON needs besides its own row, for many projects in five queries. */
    async loadRelated(rows: readonly ProjectRow[]) {
      const ids = rows.map((r) => r.id);
      const userIds = [
        ...new Set(rows.flatMap((r) => [r.userId, ...(r.coordinatorId ? [r.coordinatorId] : [])])),
      ];
      if (ids.length === 0) {
        return {
          updates: [],
          extras: [],
          payments: [],
          refunds: [],
          people: [],
          briefed: new Set<string>(),
          nextPeriods: new Map<string, Date>(),
          cancelledPlans: new Set<string>(),
          signedQuotes: new Map<string, Date>(),
          balanceRequests: new Map<string, Date>(),
          plans: new Map<string, { title: string; orderNumber: number }>(),
        };
      }
      const quoteIds = rows.flatMap((r) => (r.quoteId ? [r.quoteId] : []));
      const planIds = [...new Set(rows.flatMap((r) => (r.planProjectId ? [r.planProjectId] : [])))];
      related ??= relatedQueries(db);
      const [
        updates,
        extras,
        paymentRows,
        refundRows,
        people,
        briefs,
        renewing,
        signed,
        asked,
        planRows,
      ] = await Promise.all([
        related.updates.execute({ ids }),
        related.extras.execute({ ids }),
        related.payments.execute({ ids }),
        related.refunds.execute({ ids }),
        related.people.execute({ ids: userIds }),
        related.briefs.execute({ ids }),
        related.renewing.execute({ ids }),
        quoteIds.length === 0 ? Promise.resolve([]) : related.signed.execute({ ids: quoteIds }),
        quoteIds.length === 0 ? Promise.resolve([]) : related.asked.execute({ ids: quoteIds }),
        // The plans of the rows that are requests (docs/decisions/091): their lists label them.
        planIds.length === 0 ? Promise.resolve([]) : related.plans.execute({ ids: planIds }),
      ]);
      return {
        updates,
        extras,
        payments: paymentRows,
        refunds: refundRows,
        people,
        briefed: new Set(briefs.map((b) => b.projectId)),
        /** When each plan's next period starts (its next charge); none once cancelled. */
        nextPeriods: new Map(
          renewing
            .filter((s) => s.status !== 'cancelled')
            .map((s) => [s.projectId, s.nextChargeAt]),
        ),
        /** Plans cancelled: no further charge shows anywhere (order-money.ts). */
        cancelledPlans: new Set(
          renewing.filter((s) => s.status === 'cancelled').map((s) => s.projectId),
        ),
        // The quotes whose proposal was signed: the project keeps its signed PDF (docs/decisions/077).
        signedQuotes: new Map(signed.map((s) => [s.quoteId, s.signedAt])),
        /** When we asked for each deposit quote's balance. */
        balanceRequests: new Map(asked.map((q) => [q.id, q.at!])),
        plans: new Map(planRows.map((p) => [p.id, { title: p.title, orderNumber: p.orderNumber }])),
      };
    },

    async addStatusUpdate(
      values: typeof projectStatusUpdates.$inferInsert,
      projectChanges: Partial<NewProject>,
      /** Runs in the same transaction once saved (the change's webhook events). */
      alsoInTransaction?: (tx: Db, project: ProjectRow) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const [project] = await tx
          .update(projects)
          .set({ ...projectChanges, updatedAt: sql`now()` })
          .where(eq(projects.id, values.projectId))
          .returning();
        if (!project) return undefined;
        await tx.insert(projectStatusUpdates).values(values);
        await alsoInTransaction?.(tx, project);
        return project;
      });
    },

    async update(
      id: string,
      changes: Partial<NewProject>,
      /** Runs in the same transaction once saved (the change's webhook events). */
      alsoInTransaction?: (tx: Db, project: ProjectRow) => Promise<void>,
    ) {
      if (!alsoInTransaction) {
        const [row] = await db.update(projects).set(changes).where(eq(projects.id, id)).returning();
        return row;
      }
      return db.transaction(async (tx) => {
        const [row] = await tx.update(projects).set(changes).where(eq(projects.id, id)).returning();
        if (row) await alsoInTransaction(tx, row);
        return row;
      });
    },

    /**
     * The values the Sales filters offer, without reading every sale: each distinct value is
     * found by one step along an index (a loose index scan, as a recursive query), so the cost
     * grows with the number of companies and statuses, not of sales. Companies are grouped as the
     * filter compares them, case-insensitively, each shown as its newest spelling.
     */
    async salesFilterValues(assignedTo: string | null = null) {
      if (assignedTo) return assignedFilterValues(db, assignedTo);
      const [companies, serviceRows, statuses] = await Promise.all([
        db.execute(sql`
          with recursive c(name) as (
            (select lower(contact_company_name) from ${projects}
              where lower(contact_company_name) > '' order by 1 limit 1)
            union all
            select (select lower(contact_company_name) from ${projects}
                     where lower(contact_company_name) > c.name order by 1 limit 1)
            from c where c.name is not null
          )
          select name from (
            select (select p.contact_company_name from ${projects} p
                     where lower(p.contact_company_name) = c.name
                     order by p.created_at desc, p.id desc limit 1) as name
            from c where c.name is not null
          ) named order by name`),
        db
          .select({ _id: services.id, title: services.title })
          .from(services)
          .where(sql`exists (select 1 from ${projects} p where p.service_id = ${services.id})`)
          .orderBy(asc(services.title), asc(services.id)),
        db.execute(sql`
          with recursive s(status) as (
            (select status from ${projects} order by 1 limit 1)
            union all
            select (select status from ${projects} where status > s.status order by 1 limit 1)
            from s where s.status is not null
          )
          select status from s where status is not null order by status`),
      ]);
      return {
        companies: rowsOf<{ name: string }>(companies).map((c) => c.name),
        services: serviceRows,
        statuses: rowsOf<{ status: string }>(statuses).map((s) => s.status),
      };
    },

    async listExtras(projectId: string): Promise<ProjectExtraRow[]> {
      return db
        .select()
        .from(projectExtras)
        .where(eq(projectExtras.projectId, projectId))
        .orderBy(asc(projectExtras.position));
    },
  };
}
export type ProjectRepository = ReturnType<typeof createProjectRepository>;
