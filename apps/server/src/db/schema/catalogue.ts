import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { IntakeQuestion } from '@noise/shared/intake';
import type { PackageType } from '@noise/shared/pricing';
import { id, createdAt, updatedAt, position } from './columns.ts';
import { users } from './users.ts';

/**
 * The catalogue: services with ordered children, pages with items, the site's links, industries,
 * and what a customer viewed (modules/catalogue).
 */

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
    /**
     * What one request beyond the period's cap costs, before GST, bought on the client's
     * dashboard (docs/product.md#extra-requests); null: none are sold.
     */
    extraRequestPriceCents: integer('extra_request_price_cents'),
    /** A recurring package its clients may pause themselves (docs/product.md#pausing-a-plan). */
    clientsMayPause: boolean('clients_may_pause').notNull().default(false),
    /**
     * Periods a plan stays on this package before it may move to a cheaper one
     * (docs/product.md#changing-a-plan); null: no minimum term.
     */
    minimumTermPeriods: integer('minimum_term_periods'),
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
