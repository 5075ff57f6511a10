import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  Industry,
  Page,
  RecentlyViewedEntry,
  Service,
  ServiceSearchResult,
} from '@noise/shared/catalogue';
import { isRecurringInterval, termLengthText } from '@noise/shared/intervals';
import { initialInvestmentOf, toDollars, type PackageType } from '@noise/shared/pricing';
import type { Db } from '../../db/client.ts';
import {
  industries,
  pageItems,
  pages,
  recentlyViewed,
  serviceExtras,
  serviceFaqs,
  serviceFeatureVideos,
  serviceGalleryImages,
  servicePackages,
  services,
} from '../../db/schema.ts';
import { escapeLike } from '../../lib/escape-like.ts';

export interface ServiceSummary {
  _id: string;
  title: string;
  featurePhoto: string;
  basePrice: number;
}

/**
 * The lowest price a tab of the service shows (docs/product.md#package-tabs: recurringCost when
 * the type is not one-time, else baseCost). A service without packages falls back to its
 * initial investment price.
 */
export function basePriceCents(
  packages: readonly { type: PackageType; baseCostCents: number; recurringCostCents: number }[],
  initialInvestmentPriceCents: number,
): number {
  if (packages.length === 0) return initialInvestmentPriceCents;
  return Math.min(
    ...packages.map((p) => (p.type === 'one-time' ? p.baseCostCents : p.recurringCostCents)),
  );
}

/**
 * basePriceCents() in SQL, for lists. Column names are spelled out: drizzle leaves columns
 * unqualified in single-table selects, which would make `id` mean the package's own id here.
 */
export const basePriceCentsSql: SQL<number> = sql<number>`coalesce(
  (select min(case when p.type = 'one-time' then p.base_cost_cents else p.recurring_cost_cents end)
     from ${servicePackages} p where p.service_id = "services"."id"),
  "services"."initial_investment_price_cents")`.mapWith(Number);

/**
 * Below this pg_trgm word similarity a title is not a match. 0.3 lets 'grafic' find 'Graphic
 * Design' (0.57) and 'markting' find 'Email Marketing' while keeping unrelated titles out.
 */
export const SEARCH_SIMILARITY_THRESHOLD = 0.3;

const visible = isNull(services.archivedAt);

/**
 * The SQL of a search for `term` (trimmed, non-empty), best first by rank, then word similarity,
 * then similarity: the exact title, then titles starting with it, then a word starting with it,
 * then containing it, then titles similar enough by pg_trgm word similarity (typos).
 */
function searchTerms(term: string) {
  const escaped = escapeLike(term);
  const title = sql`lower(${services.title})`;
  const q = sql`lower(${term})`;
  const like = (pattern: string) => sql`${title} like lower(${pattern}) escape '\\'`;
  const wordSimilarity = sql`word_similarity(${q}, ${title})`;
  return {
    rank: sql`case
      when ${title} = ${q} then 0
      when ${like(`${escaped}%`)} then 1
      when ${like(`% ${escaped}%`)} then 2
      when ${like(`%${escaped}%`)} then 3
      else 4 end`,
    wordSimilarity,
    similarity: sql`similarity(${q}, ${title})`,
    matches: sql`(${like(`%${escaped}%`)} or ${wordSimilarity} >= ${SEARCH_SIMILARITY_THRESHOLD})`,
  };
}

export type ServiceRow = typeof services.$inferSelect;

export interface ServiceChildren {
  packages: (typeof servicePackages.$inferSelect)[];
  extras: (typeof serviceExtras.$inferSelect)[];
  faqs: (typeof serviceFaqs.$inferSelect)[];
  gallery: (typeof serviceGalleryImages.$inferSelect)[];
  videos: (typeof serviceFeatureVideos.$inferSelect)[];
}

/**
 * A service's children in their order. Pass a transaction's handle to read inside it: the reads
 * then run one after another, as one connection takes one query at a time.
 */
export async function loadServiceChildren(
  db: Db,
  id: string,
  options: { inTransaction?: boolean } = {},
): Promise<ServiceChildren> {
  const packages = () =>
    db
      .select()
      .from(servicePackages)
      .where(eq(servicePackages.serviceId, id))
      .orderBy(asc(servicePackages.position), asc(servicePackages.id));
  const extras = () =>
    db
      .select()
      .from(serviceExtras)
      .where(eq(serviceExtras.serviceId, id))
      .orderBy(asc(serviceExtras.position), asc(serviceExtras.id));
  const faqs = () =>
    db
      .select()
      .from(serviceFaqs)
      .where(eq(serviceFaqs.serviceId, id))
      .orderBy(asc(serviceFaqs.position), asc(serviceFaqs.id));
  const gallery = () =>
    db
      .select()
      .from(serviceGalleryImages)
      .where(eq(serviceGalleryImages.serviceId, id))
      .orderBy(asc(serviceGalleryImages.position), asc(serviceGalleryImages.id));
  const videos = () =>
    db
      .select()
      .from(serviceFeatureVideos)
      .where(eq(serviceFeatureVideos.serviceId, id))
      .orderBy(asc(serviceFeatureVideos.position), asc(serviceFeatureVideos.id));
  if (options.inTransaction) {
    return {
      packages: await packages(),
      extras: await extras(),
      faqs: await faqs(),
      gallery: await gallery(),
      videos: await videos(),
    };
  }
  const all = await Promise.all([packages(), extras(), faqs(), gallery(), videos()]);
  return { packages: all[0], extras: all[1], faqs: all[2], gallery: all[3], videos: all[4] };
}

/** A service row and its children in the API's shape (docs/product.md#data-shapes), in dollars. */
export function toServiceDto(service: ServiceRow, children: ServiceChildren): Service {
  const { packages, extras, faqs, gallery, videos } = children;
  return {
    _id: service.id,
    title: service.title,
    description: service.description,
    initialInvestmentDescription: service.initialInvestmentDescription,
    // From the packages as they are (docs/product.md#service-page), whatever an older save stored.
    initialInvestmentPrice: toDollars(
      initialInvestmentOf(packages.map((p) => ({ type: p.type, baseCost: p.baseCostCents })))
        .amount,
    ),
    packages: packages.map((p) => ({
      _id: p.id,
      title: p.title,
      type: p.type,
      baseCost: toDollars(p.baseCostCents),
      recurringCost: toDollars(p.recurringCostCents),
      priceSuffix: p.priceSuffix,
      features: p.features,
      recommended: p.recommended,
      activeRequestLimit: p.activeRequestLimit,
      requestsPerPeriod: p.requestsPerPeriod,
      extraRequestPrice:
        p.extraRequestPriceCents === null ? null : toDollars(p.extraRequestPriceCents),
      clientsMayPause: p.clientsMayPause,
      minimumTermPeriods: p.minimumTermPeriods,
      minimumTerm:
        p.minimumTermPeriods && isRecurringInterval(p.type)
          ? termLengthText(p.type, p.minimumTermPeriods)
          : null,
    })),
    serviceExtras: extras.map((e) => ({
      _id: e.id,
      title: e.title,
      description: e.description,
      price: toDollars(e.priceCents),
    })),
    faqs: faqs.map((f) => ({ question: f.question, answer: f.answer })),
    gallery: gallery.map((g) => g.url),
    featureVideos: videos.map((v) => ({ url: v.url, thumbnailUrl: v.thumbnailUrl })),
    featurePhoto: service.featurePhotoUrl,
    comparisonPdf: service.comparisonPdfUrl,
    paymentType: service.paymentType,
    deliveryDays: service.deliveryDays,
    basePrice: toDollars(basePriceCents(packages, service.initialInvestmentPriceCents)),
  };
}

export function createCatalogueRepository(db: Db) {
  return {
    /** A non-archived service with its ordered children, in the API's shape. */
    async findService(id: string): Promise<Service | undefined> {
      const [service] = await db
        .select()
        .from(services)
        .where(and(eq(services.id, id), visible))
        .limit(1);
      if (!service) return undefined;
      return toServiceDto(service, await loadServiceChildren(db, id));
    },

    async listServices(): Promise<ServiceSummary[]> {
      const rows = await db
        .select({
          _id: services.id,
          title: services.title,
          featurePhoto: services.featurePhotoUrl,
          basePriceCents: basePriceCentsSql,
        })
        .from(services)
        .where(visible)
        .orderBy(asc(services.title), asc(services.id));
      return rows.map(({ basePriceCents: cents, ...rest }) => ({
        ...rest,
        basePrice: toDollars(cents),
      }));
    },

    /**
     * Services whose title matches `term` (already trimmed and non-empty), best first: the exact
     * title, then titles starting with it, then a word starting with it, then containing it,
     * then titles similar enough by pg_trgm word similarity (typos, missing letters).
     */
    /**
     * Every searchable (non-archived) title for the in-memory search index (search-index.ts):
     * lower-cased by the database as searchServices() lower-cases it, in the order
     * searchServices() breaks ties in (the database's collation), so the index ranks alike.
     */
    async listSearchableTitles(): Promise<{ id: string; title: string; lower: string }[]> {
      return db
        .select({
          id: services.id,
          title: services.title,
          lower: sql<string>`lower(${services.title})`,
        })
        .from(services)
        .where(visible)
        .orderBy(asc(services.title), asc(services.id));
    },

    async searchServices(term: string, limit: number): Promise<ServiceSearchResult[]> {
      const { rank, wordSimilarity, similarity, matches } = searchTerms(term);
      return db
        .select({ _id: services.id, title: services.title })
        .from(services)
        .where(and(visible, matches))
        .orderBy(
          rank,
          desc(wordSimilarity),
          desc(similarity),
          asc(services.title),
          asc(services.id),
        )
        .limit(limit);
    },

    /**
     * searchServices()'s sort keys for the services `ids` that match `term`: for the titles the
     * in-memory index leaves to SQL (search-index.ts). The similarities are pg_trgm's float4.
     */
    async scoreServices(
      term: string,
      ids: readonly string[],
    ): Promise<{ id: string; rank: number; wordSimilarity: number; similarity: number }[]> {
      if (ids.length === 0) return [];
      const { rank, wordSimilarity, similarity, matches } = searchTerms(term);
      return db
        .select({
          id: services.id,
          rank: sql`${rank}`.mapWith(Number),
          wordSimilarity: sql`${wordSimilarity}`.mapWith(Number),
          similarity: sql`${similarity}`.mapWith(Number),
        })
        .from(services)
        .where(and(visible, inArray(services.id, [...ids]), matches));
    },

    async findPage(id: string): Promise<Page | undefined> {
      const [page] = await db.select().from(pages).where(eq(pages.id, id)).limit(1);
      if (!page) return undefined;
      const items = await db
        .select()
        .from(pageItems)
        .where(eq(pageItems.pageId, id))
        .orderBy(asc(pageItems.position), asc(pageItems.id));
      return {
        _id: page.id,
        title: page.title,
        items: items.map((i) => ({
          title: i.title,
          link: i.link,
          featurePhoto: i.featurePhotoUrl,
        })),
      };
    },

    async listPages(): Promise<{ _id: string; title: string }[]> {
      return db
        .select({ _id: pages.id, title: pages.title })
        .from(pages)
        .orderBy(asc(pages.title), asc(pages.id));
    },

    async listIndustries(): Promise<Industry[]> {
      return db
        .select({
          _id: industries.id,
          title: industries.title,
          link: industries.link,
          featurePhoto: industries.featurePhotoUrl,
        })
        .from(industries)
        .orderBy(asc(industries.position), asc(industries.title), asc(industries.id));
    },

    async findIndustry(id: string): Promise<Industry | undefined> {
      const [row] = await db
        .select({
          _id: industries.id,
          title: industries.title,
          link: industries.link,
          featurePhoto: industries.featurePhotoUrl,
        })
        .from(industries)
        .where(eq(industries.id, id))
        .limit(1);
      return row;
    },

    /**
     * Records that the user viewed a service: one row per service (viewed again = moved to the
     * front), and only the newest `keep` rows of the user are kept. False when the service does
     * not exist or is archived.
     */
    async recordView(userId: string, serviceId: string, keep: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        // One writer per user at a time: two trims racing could otherwise deadlock.
        await tx.execute(sql`select pg_advisory_xact_lock(7311, hashtext(${userId}))`);
        const [service] = await tx
          .select({ id: services.id })
          .from(services)
          .where(and(eq(services.id, serviceId), visible))
          .limit(1);
        if (!service) return false;
        await tx
          .insert(recentlyViewed)
          .values({ userId, serviceId })
          .onConflictDoUpdate({
            target: [recentlyViewed.userId, recentlyViewed.serviceId],
            set: { viewedAt: sql`now()` },
          });
        await tx.delete(recentlyViewed).where(
          and(
            eq(recentlyViewed.userId, userId),
            sql`${recentlyViewed.serviceId} not in (
              select r.service_id from ${recentlyViewed} r where r.user_id = ${userId}
              order by r.viewed_at desc, r.service_id limit ${keep})`,
          ),
        );
        return true;
      });
    },

    /** The user's recently viewed services that are still on the site, newest first. */
    async listRecentlyViewed(userId: string, limit: number): Promise<RecentlyViewedEntry[]> {
      const rows = await db
        .select({
          _id: services.id,
          title: services.title,
          featurePhoto: services.featurePhotoUrl,
          basePriceCents: basePriceCentsSql,
          viewedAt: recentlyViewed.viewedAt,
        })
        .from(recentlyViewed)
        .innerJoin(services, eq(services.id, recentlyViewed.serviceId))
        .where(and(eq(recentlyViewed.userId, userId), visible))
        .orderBy(desc(recentlyViewed.viewedAt), asc(recentlyViewed.serviceId))
        .limit(limit);
      return rows.map((r) => ({
        service: {
          _id: r._id,
          title: r.title,
          featurePhoto: r.featurePhoto,
          basePrice: toDollars(r.basePriceCents),
        },
        viewedAt: r.viewedAt.toISOString(),
      }));
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
