import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { BillLine } from '@noise/shared/bills';
import type { BriefAnswers, IntakeQuestion } from '@noise/shared/intake';
import type { RefundReason, RefundStatus } from '@noise/shared/order-money';
import type { PackageType } from '@noise/shared/pricing';
import type { CompanyRole } from '@noise/shared/company';
import type { FolderKind } from '@noise/shared/files';
import type { ProposalSnapshot } from '@noise/shared/quote';
import type { QuestionStatus } from '@noise/shared/questions';
import type { Role } from '@noise/shared/roles';
import type { RequestState } from '@noise/shared/requests';
import { newId } from '../lib/ids.ts';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => newId());
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Bytes kept in the row (the shop's logo); PGlite answers a Uint8Array, `pg` a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Order of a child row within its parent (gallery, packages, items...). */
const position = () => integer('position').notNull().default(0);

// ---------------------------------------------------------------------------------------------
// Users and sessions
// ---------------------------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    username: text('username'),
    passwordHash: text('password_hash'),
    role: text('role').$type<Role>().notNull().default('client'),
    isOAuth: boolean('is_oauth').notNull().default(false),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    displayName: text('display_name').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    contactNumber: text('contact_number').notNull().default(''),
    bio: text('bio').notNull().default(''),
    profilePhotoUrl: text('profile_photo_url').notNull().default(''),
    stripeCustomerId: text('stripe_customer_id'),
    defaultPaymentMethodId: text('default_payment_method_id'),
    /** Notification kinds the user does not want an email copy of. */
    emailOptOut: jsonb('email_opt_out').$type<string[]>().notNull().default([]),
    /** Staff who asked for the morning email of their overdue and due-today work (off by default). */
    dailySummary: boolean('daily_summary').notNull().default(false),
    /**
     * The idempotency key of the guest checkout that made this account: a repeat of that very
     * checkout (a double submit) places its order like the first, not as a stranger's.
     */
    guestCheckoutKey: text('guest_checkout_key'),
    /** Raised on password change, role change, reset and deletion: every older token stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * Part of the signature of every reply address made for this person (inbound-mail): raised
     * with tokenVersion, it revokes the reply addresses in all the mail they were sent
     * (docs/decisions/061-authenticated-replies.md).
     */
    replyKeyVersion: integer('reply_key_version').notNull().default(0),
    /**
     * When the person proved they read this address (a mailed link, a reset, a claimed order, an
     * invitation, or a provider that verified it); null until then. An account whose address is
     * unproven may buy for itself but not change a team or its sign-in (decision 088).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    index('users_role_idx').on(t.role, t.createdAt),
  ],
);

/** One row per sign-in; logout deletes it, so a token ends on the server. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

// ---------------------------------------------------------------------------------------------
// Client companies: the people of a client and their roles (docs/product.md#client-companies)
// ---------------------------------------------------------------------------------------------

/**
 * A client. Every customer belongs to one (the database makes one for each new customer, named
 * '' until someone names it: the name shown is then the owner's company name or their name).
 */
export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull().default(''),
  createdAt: createdAt(),
});

/** A customer's place in their company: one company per person, with a role. */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role').$type<CompanyRole>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_members_company_idx').on(t.companyId),
    check('company_members_role', sql`${t.role} in ('owner', 'member', 'billing')`),
  ],
);

/**
 * 'Invite a teammate': a single-use link (only its hash is kept) that expires. One open
 * invitation per email and company; accepting or withdrawing it closes it.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<CompanyRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedById: text('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedById: text('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('company_invitations_token_idx').on(t.tokenHash),
    uniqueIndex('company_invitations_open_idx')
      .on(t.companyId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.withdrawnAt} is null`),
    check('company_invitations_role', sql`${t.role} in ('owner', 'member', 'billing')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Catalogue: services with ordered children, pages with items, industries
// ---------------------------------------------------------------------------------------------

export const services = pgTable(
  'services',
  {
    id: id(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    initialInvestmentDescription: text('initial_investment_description').notNull().default(''),
    initialInvestmentPriceCents: integer('initial_investment_price_cents').notNull().default(0),
    featurePhotoUrl: text('feature_photo_url').notNull().default(''),
    comparisonPdfUrl: text('comparison_pdf_url').notNull().default(''),
    paymentType: text('payment_type').notNull().default(''),
    /** How long the work takes, in working days (weekends skipped), from the brief to delivery. */
    deliveryDays: integer('delivery_days').notNull().default(10),
    /** What the brief asks the buyer (docs/decisions/058); none: the free-text brief. */
    intakeQuestions: jsonb('intake_questions').$type<IntakeQuestion[]>().notNull().default([]),
    /** A service that orders refer to is archived, not erased: it leaves the public site. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('services_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`)],
);

export const servicePackages = pgTable(
  'service_packages',
  {
    id: id(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    position: position(),
    title: text('title').notNull().default(''),
    type: text('type').$type<PackageType>().notNull().default('one-time'),
    baseCostCents: integer('base_cost_cents').notNull().default(0),
    recurringCostCents: integer('recurring_cost_cents').notNull().default(0),
    priceSuffix: text('price_suffix').notNull().default(''),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    /** The service's 'Most popular' package; at most one per service (docs/decisions/057). */
    recommended: boolean('recommended').notNull().default(false),
    /**
     * A recurring package that is a request plan (docs/decisions/091): how many of the client's
     * requests are worked at once, and how many they may submit each period (null: no cap).
     */
    activeRequestLimit: integer('active_request_limit'),
    requestsPerPeriod: integer('requests_per_period'),
  },
  (t) => [index('service_packages_service_idx').on(t.serviceId, t.position)],
);

export const serviceExtras = pgTable(
  'service_extras',
  {
    id: id(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    position: position(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [index('service_extras_service_idx').on(t.serviceId, t.position)],
);

export const serviceFaqs = pgTable(
  'service_faqs',
  {
    id: id(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    position: position(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
  },
  (t) => [index('service_faqs_service_idx').on(t.serviceId, t.position)],
);

export const serviceGalleryImages = pgTable(
  'service_gallery_images',
  {
    id: id(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    position: position(),
    url: text('url').notNull(),
  },
  (t) => [index('service_gallery_service_idx').on(t.serviceId, t.position)],
);

export const serviceFeatureVideos = pgTable(
  'service_feature_videos',
  {
    id: id(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    position: position(),
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull().default(''),
  },
  (t) => [index('service_videos_service_idx').on(t.serviceId, t.position)],
);

export const pages = pgTable('pages', {
  id: id(),
  title: text('title').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const pageItems = pgTable(
  'page_items',
  {
    id: id(),
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    position: position(),
    title: text('title').notNull().default(''),
    link: text('link').notNull().default(''),
    featurePhotoUrl: text('feature_photo_url').notNull().default(''),
  },
  (t) => [index('page_items_page_idx').on(t.pageId, t.position)],
);

/**
 * The header's links and the footer's 'Services' column (docs/product.md#site-navigation), in
 * order. A link names its service or page by id; one whose record is gone or archived is not
 * shown, and the record cannot be deleted while a link names it.
 */
export const siteLinks = pgTable(
  'site_links',
  {
    id: id(),
    area: text('area').$type<'header' | 'footer'>().notNull(),
    position: position(),
    label: text('label').notNull(),
    kind: text('kind').$type<'service' | 'page'>().notNull(),
    targetId: text('target_id').notNull(),
  },
  (t) => [index('site_links_area_idx').on(t.area, t.position)],
);

export const industries = pgTable('industries', {
  id: id(),
  title: text('title').notNull(),
  link: text('link').notNull().default(''),
  featurePhotoUrl: text('feature_photo_url').notNull().default(''),
  position: position(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** About Us, Terms of Service and the other pages of the About column, as the shop wrote them. */
export const companyPages = pgTable('company_pages', {
  /** One of the fixed pages of `@noise/shared/company-pages`. */
  slug: text('slug').primaryKey(),
  body: text('body').notNull(),
  updatedById: text('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedByName: text('updated_by_name').notNull().default(''),
  updatedAt: updatedAt(),
});

export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.serviceId] }),
    index('recently_viewed_user_idx').on(t.userId, t.viewedAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Sales: projects with their extras, status updates and payments; custom quotes; notes
// ---------------------------------------------------------------------------------------------

export const projectTypes = ['Project', 'CustomQuote'] as const;
export type ProjectType = (typeof projectTypes)[number];

export const customQuotes = pgTable(
  'custom_quotes',
  {
    id: id(),
    name: text('name').notNull(),
    /** Shown to the customer on the quote's payment page and copied to the project. */
    summary: text('summary').notNull().default(''),
    /** Staff only: never in an answer a customer or an anonymous caller can get. */
    internalNotes: text('internal_notes').notNull().default(''),
    deliverables: text('deliverables').notNull().default(''),
    extras: text('extras').notNull().default(''),
    valueCents: integer('value_cents').notNull(),
    /**
     * A deposit paid first (docs/decisions/070-quote-deposits.md): a percentage of the value or an
     * amount before GST, at most one of them; neither means the whole quote is paid at once.
     */
    depositPercent: integer('deposit_percent'),
    depositCents: integer('deposit_cents'),
    /** Working days from the brief (or payment) to delivery, copied to the project when paid. */
    deliveryDays: integer('delivery_days').notNull().default(10),
    /** What the brief of the project it becomes asks (docs/decisions/058). */
    intakeQuestions: jsonb('intake_questions').$type<IntakeQuestion[]>().notNull().default([]),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull().default(''),
    /** Who the quote is for: a customer's account, or (when null) `recipientEmail` alone. */
    customerId: text('customer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where 'Send to customer' mails the link; a customer's own address when `customerId` is set. */
    recipientEmail: text('recipient_email').notNull().default(''),
    /** The quote's states, each with its date: Draft (none set), Sent, Viewed, Paid. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A quote with a deposit: when it was paid (the project starts), and when staff asked for the balance. */
    depositPaidAt: timestamp('deposit_paid_at', { withTimezone: true }),
    balanceRequestedAt: timestamp('balance_requested_at', { withTimezone: true }),
    /** The proposal's terms, as the customer agrees to them (docs/decisions/077-proposals.md). */
    terms: text('terms').notNull().default(''),
    /** After it the proposal cannot be accepted or paid; set when sent (30 days) or by staff. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Bumped on each staff edit of what the customer reads: an acceptance names the one it signs. */
    version: integer('version').notNull().default(1),
    /** Accepted and signed (its record in `proposal_signatures`), or declined with a reason. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'custom_quotes_one_deposit',
      sql`${t.depositPercent} is null or ${t.depositCents} is null`,
    ),
  ],
);

/**
 * An invoice staff write for anything (docs/decisions/093-staff-invoices.md): lines, a due date
 * and a note, for a customer's account (a guest customer is made for an email alone). Its
 * figures come from its lines (`billMoney`, packages/shared/src/bills.ts) and what was paid of
 * it from its payment records (`payments.bill_id`), never from a stored total or flag: a bill
 * is paid by a card payment, a mark of a transfer or cash, and later by account credit alike.
 * Lines change only while it is a draft; sending, voiding and reminders only set their dates.
 */
export const bills = pgTable(
  'bills',
  {
    id: id(),
    /** 'B-0001': a sequence of its own, never reused. */
    number: integer('number').notNull().generatedAlwaysAsIdentity({ startWith: 1 }),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    lines: jsonb('lines').$type<BillLine[]>().notNull(),
    note: text('note').notNull().default(''),
    /** The business's day it is due (YYYY-MM-DD). */
    dueDate: text('due_date').notNull(),
    currency: text('currency').notNull(),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedById: text('voided_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The reminders mailed: before the due date, and after it (overdue). */
    remindedBeforeAt: timestamp('reminded_before_at', { withTimezone: true }),
    remindedAfterAt: timestamp('reminded_after_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bills_number_unique').on(t.number),
    index('bills_created_idx').on(t.createdAt, t.id),
    index('bills_customer_idx').on(t.customerId, t.createdAt),
    // The reminders' daily pass: sent bills, neither void nor paid, by due date.
    index('bills_due_idx')
      .on(t.dueDate)
      .where(sql`${t.sentAt} is not null and ${t.voidedAt} is null`),
    check('bills_has_lines', sql`jsonb_array_length(${t.lines}) > 0`),
  ],
);

/**
 * A proposal's signature (docs/decisions/077-proposals.md): who accepted which version, when and
 * from where, with the content they saw and its hash. Written once, never changed: the signed PDF
 * is rendered from it, so a later edit of the quote cannot change what was signed.
 */
export const proposalSignatures = pgTable('proposal_signatures', {
  id: id(),
  quoteId: text('quote_id')
    .notNull()
    .unique()
    .references(() => customQuotes.id, { onDelete: 'restrict' }),
  version: integer('version').notNull(),
  signedName: text('signed_name').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  ip: text('ip').notNull(),
  /** The signed-in customer who signed, if any; a guest signs by the link. */
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  /**
   * Staff who recorded an acceptance the customer gave on paper (docs/decisions/077); null when
   * the customer signed on the proposal page. The name is kept as it was, as the audit log does.
   */
  recordedById: text('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
  recordedByName: text('recorded_by_name'),
  /** How the acceptance on paper was given, in the recording staff's words; staff only. */
  note: text('note').notNull().default(''),
  /** SHA-256 of `snapshot` as canonical JSON. */
  contentHash: text('content_hash').notNull(),
  snapshot: jsonb('snapshot').$type<ProposalSnapshot>().notNull(),
});

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

export type PaymentKind = 'order' | 'renewal' | 'balance' | 'bill';
export interface PaymentLineItem {
  description: string;
  amountCents: number;
}

export const payments = pgTable(
  'payments',
  {
    id: id(),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    gstCents: integer('gst_cents').notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    idempotencyKey: text('idempotency_key'),
    /**
     * 'order' (first charge of an order or quote, or a quote's deposit), 'renewal' (a
     * subscription period) or 'balance' (the rest of a quote after its deposit).
     */
    kind: text('kind').$type<PaymentKind>().notNull().default('order'),
    /** What the tax invoice lists: amounts before GST, in cents. */
    lineItems: jsonb('line_items').$type<PaymentLineItem[]>().notNull().default([]),
    subscriptionId: text('subscription_id'),
    /**
     * A staff invoice this pays (kind 'bill', docs/decisions/093): by card ('sandbox', 'stripe'),
     * or marked by staff ('bank_transfer', 'cash', with the day it was received and the payer's
     * reference). Account credit would be one more provider.
     */
    billId: text('bill_id').references(() => bills.id, { onDelete: 'restrict' }),
    reference: text('reference').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    recordedById: text('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Tax invoice number: one sequence, never reused. */
    invoiceNumber: integer('invoice_number').generatedAlwaysAsIdentity({ startWith: 1001 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_unique').on(t.idempotencyKey),
    uniqueIndex('payments_transaction_unique').on(t.provider, t.transactionId),
    index('payments_project_idx').on(t.projectId),
    index('payments_bill_idx').on(t.billId),
    // Revenue (overview, reports): succeeded payments in a time range.
    index('payments_status_created_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Money given back against a payment (docs/decisions/068-refunds.md). A payment is never edited:
 * its refunds are rows of their own, and what is left of it is its amount less theirs. A refund
 * starts 'pending' when the provider's answer is not known yet (a timeout) and settles once to
 * 'succeeded' or 'failed'; its amount never changes.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    /** The provider's refund id, once it answered (Stripe's re_..., the sandbox's). */
    providerRefundId: text('provider_refund_id'),
    /** One refund per key, here and at the provider: a double click makes one. */
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<RefundStatus>().notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    note: text('note').notNull().default(''),
    failureMessage: text('failure_message'),
    /** Who refunded it; null for a refund made in the provider's own dashboard. */
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Adjustment note number: one sequence of its own, never reused. */
    noteNumber: integer('note_number').generatedAlwaysAsIdentity({ startWith: 1 }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_unique').on(t.idempotencyKey),
    uniqueIndex('refunds_provider_refund_unique').on(t.provider, t.providerRefundId),
    index('refunds_payment_idx').on(t.paymentId),
    // Reporting: refunds that went through in a time range.
    index('refunds_status_created_idx').on(t.status, t.createdAt),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export const internalNotes = pgTable(
  'internal_notes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    adminName: text('admin_name').notNull(),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('internal_notes_user_idx').on(t.userId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Password reset and the audit log
// ---------------------------------------------------------------------------------------------

/** Single-use reset tokens; only a SHA-256 of the token is stored. */
/**
 * The links that prove an account’s mailbox (decision 088): single use, by hash only, and for
 * the address they were mailed to (a changed email makes them void).
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_verifications_hash_unique').on(t.tokenHash),
    index('email_verifications_user_idx').on(t.userId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** Who changed a status, a price, a role, a card or a note, and when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull().default(''),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** The customer the change concerns, so their page can show it. */
    subjectUserId: text('subject_user_id'),
    summary: text('summary').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** The address the request came from; empty for work no request started (a job). */
    ip: text('ip').notNull().default(''),
    /** The API key the actor's integration called with, and its name then (docs/decisions/075). */
    apiKeyId: text('api_key_id'),
    apiKeyName: text('api_key_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    // The audit log screen pages newest first, by person and by kind (docs/decisions/055).
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt, t.id),
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_log_subject_idx').on(t.subjectUserId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Checkout: payment attempts, subscriptions, the sandbox provider's records, jobs, webhooks
// ---------------------------------------------------------------------------------------------

export type PaymentAttemptState =
  | 'processing'
  | 'requires_action'
  | 'succeeded'
  | 'failed'
  /** The provider could not be reached: retrying with the same key is safe. */
  | 'error';

/**
 * An order priced from the database: what is charged now and what the project copies. Stored
 * on the payment attempt as it was at checkout, so a later catalogue edit changes nothing.
 */
export interface PricedOrder {
  type: 'normal' | 'customQuote';
  projectType: ProjectType;
  serviceId: string | null;
  quoteId: string | null;
  /** Null: the buyer asked us to assign one; it is picked when the order completes. */
  coordinatorId: string | null;
  service: { title: string; description: string; featurePhoto: string };
  package: {
    title: string;
    type: PackageType;
    priceSuffix: string;
    features: string[];
    baseCostCents: number;
    recurringCostCents: number;
    /** A request plan's limits (docs/decisions/091); absent on attempts priced before them. */
    activeRequestLimit?: number | null;
    requestsPerPeriod?: number | null;
  };
  extras: { title: string; description: string; priceCents: number }[];
  /** Display total before GST (docs/product.md#prices-and-totals). */
  totalPriceCents: number;
  oneTimeTotalWithGstCents: number;
  recurringTotalWithGstCents: number;
  /** Charged now, GST included: one-time part plus the first recurring period. */
  amountCents: number;
  gstCents: number;
  lineItems: PaymentLineItem[];
  contact: {
    firstName: string;
    lastName: string;
    companyName: string;
    contactNumber: string;
    emailAddress: string;
  };
  /** Profile fields that were empty and are filled from the checkout form. */
  fillProfile: { companyName?: string; contactNumber?: string };
  /** A discount code the order used (docs/decisions/069-discount-codes.md); absent: none. */
  discount?: {
    codeId: string;
    code: string;
    /** Before GST: off the first payment, and off each renewal. */
    discountCents: number;
    recurringDiscountCents: number;
    /** The code's limits when it was priced; none: its uses need not be counted. */
    maxUses: number | null;
    maxUsesPerCustomer: number | null;
  };
  /**
   * A quote paid in two parts (docs/decisions/070-quote-deposits.md): 'deposit' charges its
   * deposit and starts the project (`depositWithGstCents` is copied to it); 'balance' charges
   * the rest on the project its deposit made. Absent: the whole order at once.
   */
  quotePart?:
    { kind: 'deposit'; depositWithGstCents: number } | { kind: 'balance'; projectId: string };
  /** A staff invoice paid by card (docs/decisions/093): no project is made of it. */
  bill?: { billId: string; number: string };
}

/** Discount codes staff make (docs/product.md#discount-codes). Never deleted: archived. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: id(),
    /** As staff typed it; `codeKey` is its lower case, unique, which buyers' codes are matched on. */
    code: text('code').notNull(),
    codeKey: text('code_key').notNull(),
    kind: text('kind').$type<'percent' | 'amount'>().notNull(),
    percent: integer('percent'),
    /** Before GST. */
    amountCents: integer('amount_cents'),
    /** Empty: every service. */
    serviceIds: jsonb('service_ids').$type<string[]>().notNull().default([]),
    duration: text('duration').$type<'first_payment' | 'every_renewal'>().notNull(),
    /** Local dates in BUSINESS_TIMEZONE, inclusive. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    /** The first payment before GST must reach this. */
    minimumOrderCents: integer('minimum_order_cents'),
    active: boolean('active').notNull().default(true),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('discount_codes_key_unique').on(t.codeKey)],
);

/**
 * One checkout submission, recorded before the provider is called. The idempotency key is unique,
 * so a double click, retry or reload finds the same row and never charges twice.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 'quoteBalance' pays the rest of a quote whose deposit made its project. */
    type: text('type').$type<'normal' | 'customQuote' | 'quoteBalance' | 'bill'>().notNull(),
    state: text('state').$type<PaymentAttemptState>().notNull().default('processing'),
    /** A hash of the request: the same key with a different order is refused. */
    requestHash: text('request_hash').notNull(),
    /** The order as priced from the database (see modules/payments/order.ts). */
    order: jsonb('order').$type<PricedOrder>().notNull(),
    quoteId: text('quote_id').references(() => customQuotes.id, { onDelete: 'set null' }),
    /** A staff invoice paid by card (type 'bill'): one live or done attempt per bill at a time. */
    billId: text('bill_id').references(() => bills.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id'),
    paymentMethodId: text('payment_method_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    failureMessage: text('failure_message'),
    /** While processing: another request may take the attempt over after this (a crashed process). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** While requires_action: when the wait for the customer's bank check ends (it is cancelled). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * A guest paid with the email of an existing account (docs/decisions/043): the order waits
     * for that account's owner, and the account's saved card and provider customer are not used.
     */
    heldForOwner: boolean('held_for_owner').notNull().default(false),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_attempts_key_unique').on(t.idempotencyKey),
    uniqueIndex('payment_attempts_provider_payment_unique').on(t.provider, t.providerPaymentId),
    // A quote (and its balance) is paid once: one attempt on each may be live or done at a time.
    uniqueIndex('payment_attempts_live_quote_unique')
      .on(t.quoteId, t.type)
      .where(sql`${t.state} in ('processing', 'requires_action', 'succeeded')`),
    uniqueIndex('payment_attempts_live_bill_unique')
      .on(t.billId)
      .where(sql`${t.state} in ('processing', 'requires_action', 'succeeded')`),
    index('payment_attempts_user_idx').on(t.userId, t.createdAt),
    index('payment_attempts_waiting_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'requires_action'`),
  ],
);

export type SubscriptionInterval = 'weekly' | 'monthly';

/**
 * A checkout's use of a discount code, taken with its payment attempt under the code's lock: the
 * use counts while the attempt is not failed, so a declined or abandoned checkout gives it back.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: id(),
    codeId: text('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    attemptId: text('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: 'cascade' }),
    /** Off the first payment, before GST. */
    discountCents: integer('discount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_attempt_unique').on(t.attemptId),
    index('discount_redemptions_code_idx').on(t.codeId, t.userId),
  ],
);

/** The recurring part of a weekly or monthly package, charged to the saved payment method. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    /** Each period's charge, GST included. */
    amountCents: integer('amount_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval').$type<SubscriptionInterval>().notNull(),
    /** The start of the next unpaid period. */
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }).notNull(),
    status: text('status').$type<'active' | 'past_due' | 'cancelled'>().notNull().default('active'),
    /** Declined renewals of the current period. */
    failureCount: integer('failure_count').notNull().default(0),
    lastFailureMessage: text('last_failure_message'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledById: text('cancelled_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_project_unique').on(t.projectId),
    index('subscriptions_due_idx').on(t.status, t.nextChargeAt),
  ],
);

/** Background work, claimed with FOR UPDATE SKIP LOCKED so several processes never run one twice. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Enqueueing the same key again does nothing (one renewal per period). */
    uniqueKey: text('unique_key'),
    status: text('status')
      .$type<'pending' | 'running' | 'done' | 'failed'>()
      .notNull()
      .default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** A running job whose lock has passed belonged to a crashed worker: it is claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('jobs_unique_key').on(t.uniqueKey),
    index('jobs_due_idx').on(t.status, t.runAt),
  ],
);

/** Provider webhook events already handled (Stripe retries and may send one event twice). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox provider's customers: it keeps its state in the database so processes agree. */
export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  email: text('email').notNull().default(''),
  name: text('name').notNull().default(''),
  defaultPaymentMethodId: text('default_payment_method_id'),
  createdAt: createdAt(),
});

/** The sandbox's refunds: one per idempotency key, never more than the intent's amount in all. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_refunds_key_unique').on(t.idempotencyKey),
    index('sandbox_refunds_intent_idx').on(t.paymentIntentId),
  ],
);

/** Sandbox payment methods attached to a customer (their behaviour is in the id). */
export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => sandboxCustomers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_payment_methods_customer_idx').on(t.customerId)],
);

export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    clientSecret: text('client_secret').notNull(),
    customerId: text('customer_id').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'succeeded' | 'requires_action' | 'failed'>().notNull(),
    failureMessage: text('failure_message'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_payment_intents_key_unique').on(t.idempotencyKey)],
);

// ---------------------------------------------------------------------------------------------
// Notifications (the header bells)
// ---------------------------------------------------------------------------------------------

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** Where clicking it goes, a path of our site. */
    link: text('link').notNull().default(''),
    /** The project it is about, if any: message emails of one project are sent together. */
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    /** The general question it is about, if any: batched like a project's messages. */
    questionId: text('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Project briefs (Submit Requirements)
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// The project's conversation (docs/decisions/052-project-messages.md)
// ---------------------------------------------------------------------------------------------

/** Who wrote a message, as the thread shows it: the agency's team or the project's customer. */
export type MessageSide = 'team' | 'customer';

/**
 * 'Ask us anything' (docs/decisions/083-general-questions.md): a conversation of a client company
 * with the team that belongs to no order. Its messages are `project_messages` rows with
 * `question_id` set instead of `project_id`.
 */
export const questions = pgTable(
  'questions',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** The first line of the question, as lists show it. */
    subject: text('subject').notNull(),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull().default(''),
    /** The team member it is assigned to; a co-ordinator sees only theirs (decision 056). */
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<QuestionStatus>().notNull().default('open'),
    /** The proposal staff turned it into. */
    quoteId: text('quote_id').references(() => customQuotes.id, { onDelete: 'set null' }),
    /** The newest message's time: lists are ordered by it. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_company_idx').on(t.companyId, t.lastMessageAt),
    index('questions_assignee_idx').on(t.assigneeId, t.lastMessageAt),
    index('questions_status_idx').on(t.status, t.lastMessageAt),
    check('questions_status', sql`${t.status} in ('open', 'closed')`),
  ],
);

/**
 * A message on a project, or on a general question (exactly one of the two). `internal` notes
 * are the team's only: no route a customer may call returns them. The author's name is kept as
 * it was when they wrote.
 */
export const projectMessages = pgTable(
  'project_messages',
  {
    id: id(),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    questionId: text('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull().default(''),
    side: text('side').$type<MessageSide>().notNull(),
    text: text('text').notNull().default(''),
    internal: boolean('internal').notNull().default(false),
    /** 'email' when it came as a reply to a message email. */
    via: text('via').$type<'web' | 'email'>().notNull().default('web'),
    createdAt: createdAt(),
  },
  (t) => [
    // A page of a thread, newest first, is one range of these (docs/decisions/084).
    index('project_messages_project_idx').on(t.projectId, t.createdAt, t.id),
    index('project_messages_question_idx').on(t.questionId, t.createdAt, t.id),
    check(
      'project_messages_one_thread',
      sql`(${t.projectId} is null) <> (${t.questionId} is null)`,
    ),
  ],
);

/** Files of a message: private, served only to the project's customer and the team. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: id(),
    messageId: text('message_id')
      .notNull()
      .references(() => projectMessages.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    position: position(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId, t.position)],
);

/**
 * How far a person has read a project's thread: messages after this time are unread. `seen_*` are
 * the thread's counts (`projectMessageCounts`) when they read it, so that what is unread is a
 * subtraction, not a count of messages (docs/decisions/084-flat-reads-at-scale.md).
 */
export const messageReads = pgTable(
  'message_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    seenCustomer: integer('seen_customer').notNull().default(0),
    seenTeam: integer('seen_team').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/** How far a person has read a general question's thread, as `message_reads` for projects. */
export const questionReads = pgTable(
  'question_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    seenCustomer: integer('seen_customer').notNull().default(0),
    seenTeam: integer('seen_team').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

/**
 * A project's messages counted by a trigger on `project_messages` (migration 0035): the
 * customer's, the team's that the customer sees (not notes), and when the customer last wrote.
 * A reader's unread count is these less what their read mark saw.
 */
export const projectMessageCounts = pgTable(
  'project_message_counts',
  {
    projectId: text('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    customerMessages: integer('customer_messages').notNull().default(0),
    teamMessages: integer('team_messages').notNull().default(0),
    lastCustomerAt: timestamp('last_customer_at', { withTimezone: true }),
  },
  (t) => [index('project_message_counts_last_customer_idx').on(t.lastCustomerAt)],
);

/** A general question's messages counted, as `projectMessageCounts` for projects. */
export const questionMessageCounts = pgTable('question_message_counts', {
  questionId: text('question_id')
    .primaryKey()
    .references(() => questions.id, { onDelete: 'cascade' }),
  customerMessages: integer('customer_messages').notNull().default(0),
  teamMessages: integer('team_messages').notNull().default(0),
  lastCustomerAt: timestamp('last_customer_at', { withTimezone: true }),
});

/** What the customer said of a deliverable version; null while it waits for them. */
export type DeliverableDecision = 'approved' | 'changes-requested';

/**
 * A message the team sent as a deliverable: one version of a named piece of work (a logo, an
 * audit). Versions of one name count 1, 2, 3 per project; the newest is the one the customer
 * approves or sends back, the older ones are superseded. Who decided and when is kept here.
 */
export const deliverables = pgTable(
  'deliverables',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    messageId: text('message_id')
      .notNull()
      .unique()
      .references(() => projectMessages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The name folded (trimmed, lower case): versions of 'Logo' and 'logo ' are one deliverable. */
    nameKey: text('name_key').notNull(),
    version: integer('version').notNull(),
    decision: text('decision').$type<DeliverableDecision>(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('deliverables_version_idx').on(t.projectId, t.nameKey, t.version)],
);

// ---------------------------------------------------------------------------------------------
// A client company's file library (docs/product.md#files, docs/decisions/082-file-library.md)
// ---------------------------------------------------------------------------------------------

/**
 * A folder of a company's library: its 'Brand assets' (one, `brand`), one per order (`order`,
 * named after the order when shown) and the ones its people make (`custom`). The system folders
 * are made when the library is first read after the company or the order appears.
 */
export const companyFolders = pgTable(
  'company_folders',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The folder it is in; null at the top of the library. */
    parentId: text('parent_id').references((): AnyPgColumn => companyFolders.id, {
      onDelete: 'restrict',
    }),
    kind: text('kind').$type<FolderKind>().notNull().default('custom'),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    /** A custom folder's name; '' for the system folders, whose names are made when shown. */
    name: text('name').notNull().default(''),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_folders_company_idx').on(t.companyId, t.parentId),
    uniqueIndex('company_folders_brand_unique')
      .on(t.companyId)
      .where(sql`${t.kind} = 'brand'`),
    uniqueIndex('company_folders_order_unique')
      .on(t.companyId, t.projectId)
      .where(sql`${t.kind} = 'order'`),
    // Two folders of one name in one place would be told apart by nobody.
    uniqueIndex('company_folders_name_unique')
      .on(t.companyId, sql`coalesce(${t.parentId}, '')`, sql`lower(${t.name})`)
      .where(sql`${t.kind} = 'custom'`),
    check('company_folders_kind', sql`${t.kind} in ('brand', 'order', 'custom')`),
    check(
      'company_folders_order_project',
      sql`(${t.kind} = 'order') = (${t.projectId} is not null)`,
    ),
  ],
);

/**
 * A file uploaded to a company's library: a private upload like a message's file. Deleting it
 * puts it in the bin (`deletedAt`); the bin is emptied after BIN_DAYS, object and row. The files
 * of messages, briefs and deliverables are not copied here: an order's folder shows them from
 * their own tables.
 */
export const companyFiles = pgTable(
  'company_files',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Null at the top of the library (and for a file whose folder was removed while in the bin). */
    folderId: text('folder_id').references(() => companyFolders.id, { onDelete: 'set null' }),
    fileKey: text('file_key').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedById: text('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByName: text('deleted_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_files_folder_idx').on(t.companyId, t.folderId, t.createdAt),
    index('company_files_bin_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Sign-in with Google, Facebook and Apple
// ---------------------------------------------------------------------------------------------

export type OAuthProviderName = 'google' | 'facebook' | 'apple';

/** A provider identity linked to a user: users are found by (provider, subject), never by email. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: id(),
    provider: text('provider').$type<OAuthProviderName>().notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The email the provider gave when the link was made (for staff to see; not a key). */
    email: text('email').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oauth_accounts_provider_subject_unique').on(t.provider, t.subject),
    uniqueIndex('oauth_accounts_user_provider_unique').on(t.userId, t.provider),
  ],
);

/**
 * One started sign-in: the state sent to the provider (only its hash is stored), the PKCE
 * verifier and nonce, and a hash of the browser cookie that binds it to the browser that began
 * it. Spent by the callback with a delete, so it works once, in any process.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').$type<OAuthProviderName>().notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    browserHash: text('browser_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);

/**
 * A provider identity waiting to be linked to an existing account with the same email
 * (docs/decisions/040): single use, short-lived, only a hash stored.
 */
export const oauthLinkTickets = pgTable(
  'oauth_link_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    provider: text('provider').$type<OAuthProviderName>().notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'password': the person signs in with the account's password; 'email': a mailed link. */
    method: text('method').$type<'password' | 'email'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_link_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * The one-time code an OAuth sign-in hands the browser in /auth-success?code= instead of a
 * token: short-lived, spent by its exchange, and bound to the browser that began the sign-in
 * by a cookie, so a link crafted by someone else signs nobody in. Only hashes are stored.
 */
export const authCodes = pgTable(
  'auth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    browserHash: text('browser_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_codes_expires_idx').on(t.expiresAt)],
);

// ---------------------------------------------------------------------------------------------
// Two-factor sign-in (docs/product.md#two-factor-sign-in, docs/decisions/062)
// ---------------------------------------------------------------------------------------------

/**
 * A user's authenticator (TOTP, RFC 6238). The secret is stored encrypted (lib/secrets.ts
 * `createSecretBox`): a copy of the database alone does not give anyone codes. `enabledAt` is
 * null while set-up waits for its first code. `lastTimeStep` is the time-step of the last code
 * accepted: a code of that step or an earlier one is refused, so a code works once.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Ten single-use recovery codes per user; only SHA-256 hashes are stored. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
);

/**
 * The ticket a right password earns when a second step is due: 'code' asks for a code, 'setup'
 * (staff who must have two-factor and have none) for setting it up. Short-lived, single use,
 * only a hash stored; it is not a sign-in token and opens nothing else.
 */
export const twoFactorTickets = pgTable(
  'two_factor_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'code' | 'setup'>().notNull(),
    /** The staff 'Remember Me' of the password step, carried to the token the ticket earns. */
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_tickets_expires_idx').on(t.expiresAt)],
);

/** 'Remember this device for 30 days': a browser cookie whose hash is kept here, for one user. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('trusted_devices_user_idx').on(t.userId),
    index('trusted_devices_expires_idx').on(t.expiresAt),
  ],
);

/** Settings of the staff area that super-admins change: one row. */
export const staffSettings = pgTable(
  'staff_settings',
  {
    id: boolean('id').primaryKey().default(true),
    /** Every staff account must sign in with a second step (set it up at the next sign-in). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('staff_settings_one_row', sql`${t.id}`)],
);

// ---------------------------------------------------------------------------------------------
// Rate limits
// ---------------------------------------------------------------------------------------------

/**
 * Hits per key in a fixed window, shared by every process on the database
 * (apps/server/src/lib/rate-counter-repository.ts): requests per address, failed sign-ins per account.
 * The key is a hash: neither addresses nor identifiers as typed are stored.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    keyHash: text('key_hash').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_counters_expires_idx').on(t.expiresAt)],
);

// ---------------------------------------------------------------------------------------------
// Sales rollups (docs/decisions/059-sales-rollups.md)
// ---------------------------------------------------------------------------------------------
// Money received (succeeded payments) and orders placed (projects), summed ahead of time so the
// overview and the reports read a few rows however many sales there are. Triggers on payments
// and projects (migration 0018) keep them in the same transaction as every change; no code
// writes them. `coordinator_id` is '' for sales nobody is assigned to: a key column cannot be
// null.

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Per UTC quarter hour and co-ordinator: every local day in every zone is whole quarters. */
export const salesQuarterHours = pgTable(
  'sales_quarter_hours',
  {
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    coordinatorId: text('coordinator_id').notNull(),
    salesCents: cents('sales_cents'),
    gstCents: cents('gst_cents'),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.startsAt, t.coordinatorId] })],
);

/** Per local day (in `salesRollupZone`) and co-ordinator. */
export const salesDays = pgTable(
  'sales_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    coordinatorId: text('coordinator_id').notNull(),
    salesCents: cents('sales_cents'),
    gstCents: cents('gst_cents'),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.coordinatorId] })],
);

/** Per local day (in `salesRollupZone`) and the project's service title. */
export const serviceSalesDays = pgTable(
  'service_sales_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    serviceTitle: text('service_title').notNull(),
    salesCents: cents('sales_cents'),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.serviceTitle] })],
);

/**
 * Per local month and per local quarter (their first day, in `salesRollupZone`) and the project's
 * service title: the sums of `serviceSalesDays` by month and by quarter, so that Revenue by
 * Service reads a row per service and period for the whole months and quarters of its range
 * (docs/decisions/084-flat-reads-at-scale.md).
 */
export const serviceSalesMonths = pgTable(
  'service_sales_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    serviceTitle: text('service_title').notNull(),
    salesCents: cents('sales_cents'),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.serviceTitle] })],
);

export const serviceSalesQuarters = pgTable(
  'service_sales_quarters',
  {
    quarter: date('quarter', { mode: 'string' }).notNull(),
    serviceTitle: text('service_title').notNull(),
    salesCents: cents('sales_cents'),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.quarter, t.serviceTitle] })],
);

/** The one time zone the day rollups are kept in (the server's BUSINESS_TIMEZONE at start). */
export const salesRollupZone = pgTable(
  'sales_rollup_zone',
  {
    id: boolean('id').primaryKey().default(true),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [check('sales_rollup_zone_one_row', sql`${t.id}`)],
);

/**
 * Where the agency's other tools hear about what happens here (docs/decisions/073-webhooks.md):
 * an address, the events it wants and the secret its deliveries are signed with (Standard
 * Webhooks, `whsec_…`: kept to sign, shown to staff once). An endpoint whose deliveries keep
 * failing is disabled, with the reason.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: id(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: jsonb('events').$type<string[]>().notNull().default([]),
  secret: text('secret').notNull(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  disabledReason: text('disabled_reason').notNull().default(''),
  createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One event for one endpoint, written in the transaction of the change it tells of, and sent by
 * a job (retried with back-off for three days). Its payload and id never change, so a retry or a
 * resend is the same message the receiver can recognise.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** `webhook-id`: the same for every attempt of this delivery. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error').notNull().default(''),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
);

/**
 * A staff member's key for an integration (docs/decisions/075-api-keys.md): only its SHA-256 is
 * kept (the key is 256 random bits, so a fast hash is enough), with its first characters to tell
 * it apart. It carries some of its creator's permissions; every call is also cut to what the
 * creator's role has then. Revoked keys stay, for the audit log's sake.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull(),
    createdById: text('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_unique').on(t.keyHash),
    index('api_keys_created_by_idx').on(t.createdById, t.createdAt),
  ],
);

/**
 * The shop's own details as a super-admin saved them on the 'Business details' screen
 * (docs/decisions/090-business-details.md): one row, absent until the first save, while the
 * environment variables give them. Empty text is 'not set'.
 */
export const businessSettings = pgTable(
  'business_settings',
  {
    id: boolean('id').primaryKey().default(true),
    companyName: text('company_name').notNull(),
    abn: text('abn').notNull().default(''),
    address: text('address').notNull().default(''),
    contactUrl: text('contact_url').notNull().default(''),
    supportEmail: text('support_email').notNull().default(''),
    brandColour: text('brand_colour').notNull().default(''),
    emailFooter: text('email_footer').notNull().default(''),
    privacyUrl: text('privacy_url').notNull().default(''),
    termsUrl: text('terms_url').notNull().default(''),
    /** The account a staff invoice may be paid into by transfer (docs/decisions/094). */
    bankAccountName: text('bank_account_name').notNull().default(''),
    bankBsb: text('bank_bsb').notNull().default(''),
    bankAccountNumber: text('bank_account_number').notNull().default(''),
    /** When an unpaid invoice is reminded of: days before its due date, and after (0: never). */
    invoiceReminderDaysBefore: integer('invoice_reminder_days_before').notNull().default(3),
    invoiceReminderDaysAfter: integer('invoice_reminder_days_after').notNull().default(1),
    updatedAt: updatedAt(),
    updatedById: text('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('business_settings_one_row', sql`${t.id}`)],
);

/**
 * The shop's logo (docs/decisions/095-business-logo.md): one row, absent until a super-admin
 * uploads one. The PNG made of the upload, at most 600 × 200 px, is small enough to keep here,
 * where every process reads it and a PDF embeds it without a trip to the file store.
 */
export const businessLogo = pgTable(
  'business_logo',
  {
    id: boolean('id').primaryKey().default(true),
    png: bytea('png').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** A hash of the PNG: the logo's address changes with it, so browsers may keep it forever. */
    version: text('version').notNull(),
    updatedAt: updatedAt(),
    updatedById: text('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('business_logo_one_row', sql`${t.id}`)],
);
