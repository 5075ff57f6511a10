import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { BriefAnswers } from '@noise/shared/intake';
import type { PackageType } from '@noise/shared/pricing';
import type { RequestState } from '@noise/shared/requests';
import { id, createdAt, updatedAt, position } from './columns.ts';
import { services } from './catalogue.ts';
import { companies } from './companies.ts';
import { customQuotes } from './quotes.ts';
import { users } from './users.ts';

/**
 * Sales: projects with their extras and status updates, and their briefs (Submit Requirements)
 * (modules/projects).
 */

export const projectTypes = ['Project', 'CustomQuote'] as const;
export type ProjectType = (typeof projectTypes)[number];

/**
 * A sale. The service, package and extras are copied as they were when ordered, so later catalogue
 * edits never change what a customer bought.
 */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    type: text('type').$type<ProjectType>().notNull().default('Project'),
    /** The short number people quote ('Order 1001'), one sequence per install; ids stay in URLs. */
    orderNumber: integer('order_number')
      .notNull()
      .generatedByDefaultAsIdentity({ startWith: 1001 }),
    /** Who placed the order. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The client it belongs to: the orderer's company when it was placed (set by the database). */
    companyId: text('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    serviceId: text('service_id').references(() => services.id, { onDelete: 'set null' }),
    quoteId: text('quote_id').references(() => customQuotes.id, { onDelete: 'set null' }),
    coordinatorId: text('coordinator_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('active'),
    serviceTitle: text('service_title').notNull(),
    serviceDescription: text('service_description').notNull().default(''),
    serviceFeaturePhotoUrl: text('service_feature_photo_url').notNull().default(''),
    packageTitle: text('package_title').notNull().default(''),
    packageType: text('package_type').$type<PackageType>().notNull().default('one-time'),
    packagePriceSuffix: text('package_price_suffix').notNull().default(''),
    packageFeatures: jsonb('package_features').$type<string[]>().notNull().default([]),
    packageBaseCostCents: integer('package_base_cost_cents').notNull().default(0),
    packageRecurringCostCents: integer('package_recurring_cost_cents').notNull().default(0),
    /** The package's request plan as it was sold (docs/decisions/091); null: not a plan. */
    packageActiveRequestLimit: integer('package_active_request_limit'),
    packageRequestsPerPeriod: integer('package_requests_per_period'),
    /**
     * Set on a request (docs/decisions/091): the plan's project it was submitted under, its place
     * on the board, its place in the client's queue while queued, and a version that each move
     * raises so a stale move answers the current card.
     */
    planProjectId: text('plan_project_id').references((): AnyPgColumn => projects.id, {
      onDelete: 'cascade',
    }),
    requestState: text('request_state').$type<RequestState>(),
    queuePosition: integer('queue_position'),
    requestVersion: integer('request_version').notNull().default(0),
    /** The display total before GST (docs/product.md#prices-and-totals). */
    totalPriceCents: integer('total_price_cents').notNull(),
    oneTimeTotalWithGstCents: integer('one_time_total_with_gst_cents').notNull(),
    recurringTotalWithGstCents: integer('recurring_total_with_gst_cents').notNull().default(0),
    /** A quote paid in two parts: its deposit inc. GST (the balance is the rest of the total). */
    depositWithGstCents: integer('deposit_with_gst_cents'),
    currency: text('currency').notNull(),
    contactFirstName: text('contact_first_name').notNull().default(''),
    contactLastName: text('contact_last_name').notNull().default(''),
    contactCompanyName: text('contact_company_name').notNull().default(''),
    contactNumber: text('contact_number').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    startDate: timestamp('start_date', { withTimezone: true }).notNull().defaultNow(),
    expectedDeliveryDate: timestamp('expected_delivery_date', { withTimezone: true }),
    deliveryDate: timestamp('delivery_date', { withTimezone: true }),
    /**
     * The due date (docs/decisions/054): `deliveryDays` working days from `dueClockStartedAt` (the
     * brief, or payment when the brief is skipped), moved on by the working days spent on hold
     * (`heldSince` is set while it is). Staff may override it, with `dueOverrideReason`.
     */
    deliveryDays: integer('delivery_days').notNull().default(10),
    dueClockStartedAt: timestamp('due_clock_started_at', { withTimezone: true }),
    heldSince: timestamp('held_since', { withTimezone: true }),
    dueOverrideReason: text('due_override_reason').notNull().default(''),
    /**
     * Set while a guest's order waits for the owner of the account its email belongs to
     * (docs/decisions/043): the hash of the mailed link that adds it to their account. The
     * customer sees the project only once it is null; staff see it at once.
     */
    claimTokenHash: text('claim_token_hash'),
    /** The same hash once the link was used: opening it again says the order is in the account. */
    claimedTokenHash: text('claimed_token_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_user_idx').on(t.userId, t.createdAt),
    index('projects_client_company_idx').on(t.companyId, t.createdAt, t.id),
    uniqueIndex('projects_claim_token_unique').on(t.claimTokenHash),
    index('projects_claimed_token_idx')
      .on(t.claimedTokenHash)
      .where(sql`${t.claimedTokenHash} is not null`),
    index('projects_created_idx').on(t.createdAt, t.id),
    index('projects_coordinator_idx').on(t.coordinatorId, t.createdAt),
    index('projects_plan_idx').on(t.planProjectId, t.requestState, t.queuePosition),
    uniqueIndex('projects_quote_unique').on(t.quoteId),
    uniqueIndex('projects_order_number_unique').on(t.orderNumber),
    // The Sales filters, each read newest first (docs/performance.md).
    index('projects_service_idx').on(t.serviceId, t.createdAt, t.id),
    index('projects_status_idx').on(t.status, t.createdAt, t.id),
    index('projects_type_idx').on(t.type, t.createdAt, t.id),
    index('projects_company_idx').on(sql`lower(${t.contactCompanyName})`, t.createdAt, t.id),
  ],
);

export const projectExtras = pgTable(
  'project_extras',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    position: position(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [index('project_extras_project_idx').on(t.projectId, t.position)],
);

export const projectStatusUpdates = pgTable(
  'project_status_updates',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    date: timestamp('date', { withTimezone: true }).notNull(),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('project_status_updates_project_idx').on(t.projectId, t.createdAt)],
);

/** What the customer tells us about the project after paying; more can be added later. */
export const projectBriefs = pgTable(
  'project_briefs',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull().default(''),
    text: text('text').notNull().default(''),
    /**
     * The intake questions as they were asked and their answers (docs/decisions/058): later
     * edits of the service never change a brief already sent. Null for a free-text entry.
     */
    answers: jsonb('answers').$type<BriefAnswers>(),
    /** Last corrected by the customer, before work started (docs/product.md#project-page). */
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('project_briefs_project_idx').on(t.projectId, t.createdAt),
    // The questions are answered once: two first briefs sent at once cannot both answer them.
    uniqueIndex('project_briefs_answers_unique')
      .on(t.projectId)
      .where(sql`${t.answers} is not null`),
  ],
);

/**
 * What a brief entry said before each correction, with who corrected it and when: staff read the
 * history; rows are only ever added.
 */
export const briefRevisions = pgTable(
  'brief_revisions',
  {
    id: id(),
    briefId: text('brief_id')
      .notNull()
      .references(() => projectBriefs.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    answers: jsonb('answers').$type<BriefAnswers>(),
    correctedById: text('corrected_by_id').references(() => users.id, { onDelete: 'set null' }),
    correctedByName: text('corrected_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('brief_revisions_brief_idx').on(t.briefId, t.createdAt)],
);

/** Files of a brief: private uploads, served only to the project's owner and staff. */
export const briefAttachments = pgTable(
  'brief_attachments',
  {
    id: id(),
    briefId: text('brief_id')
      .notNull()
      .references(() => projectBriefs.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    position: position(),
    /** The file question it answers; null for a file sent with the brief's text. */
    questionId: text('question_id'),
  },
  (t) => [index('brief_attachments_brief_idx').on(t.briefId, t.position)],
);
