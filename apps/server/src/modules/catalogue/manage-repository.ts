import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { PackageType } from '@noise/shared/pricing';
import type { Db } from '../../db/client.ts';
import {
  industries,
  siteLinks,
  pageItems,
  pages,
  paymentAttempts,
  projects,
  serviceExtras,
  serviceFaqs,
  serviceFeatureVideos,
  serviceGalleryImages,
  servicePackages,
  services,
  users,
} from '../../db/schema.ts';
import { basePriceCentsSql, loadServiceChildren, type ServiceRow } from './repository.ts';

export type NewServiceValues = Omit<typeof services.$inferInsert, 'createdAt' | 'updatedAt'>;

export interface PackageValues {
  id?: string;
  title: string;
  type: PackageType;
  baseCostCents: number;
  recurringCostCents: number;
  priceSuffix: string;
  features: string[];
  recommended: boolean;
  activeRequestLimit: number | null;
  requestsPerPeriod: number | null;
  extraRequestPriceCents: number | null;
  clientsMayPause: boolean;
  minimumTermPeriods: number | null;
}

export interface ExtraValues {
  id?: string;
  title: string;
  description: string;
  priceCents: number;
}

export type PageRow = typeof pages.$inferSelect;
export type PageItemRow = typeof pageItems.$inferSelect;
export type IndustryRow = typeof industries.$inferSelect;

/**
 * The catalogue's writes and staff-only reads (the public reads are in repository.ts), on one
 * handle: the app's set (repositories.ts) or a transaction's, so a whole save runs in one.
 */
export function createCatalogueManageRepository(db: Db) {
  return {
    /** The service's packages, extras, FAQs, gallery and videos in their order. */
    serviceChildren(id: string, options?: { inTransaction?: boolean }) {
      return loadServiceChildren(db, id, options);
    },

    async findService(id: string): Promise<ServiceRow | undefined> {
      const [row] = await db.select().from(services).where(eq(services.id, id)).limit(1);
      return row;
    },

    /** The service row, locked until the transaction ends: saves of one service queue. */
    async lockService(id: string): Promise<ServiceRow | undefined> {
      const [row] = await db.select().from(services).where(eq(services.id, id)).for('update');
      return row;
    },

    async insertService(values: NewServiceValues): Promise<ServiceRow> {
      const [row] = await db.insert(services).values(values).returning();
      return row!;
    },

    async updateService(id: string, values: Partial<NewServiceValues>): Promise<ServiceRow> {
      const [row] = await db
        .update(services)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(services.id, id))
        .returning();
      return row!;
    },

    /**
     * Makes the packages exactly `list`, in order: a package with the id of one of this service's
     * packages is updated in place (orders and carts refer to it), the others are inserted with new
     * ids, and packages not in the list are deleted.
     */
    async replacePackages(serviceId: string, list: readonly PackageValues[]) {
      const keep = list.flatMap((p) => (p.id ? [p.id] : []));
      await db
        .delete(servicePackages)
        .where(
          and(
            eq(servicePackages.serviceId, serviceId),
            keep.length ? notInArray(servicePackages.id, keep) : undefined,
          ),
        );
      for (const [position, { id, ...values }] of list.entries()) {
        if (id) {
          await db
            .update(servicePackages)
            .set({ ...values, position })
            .where(and(eq(servicePackages.id, id), eq(servicePackages.serviceId, serviceId)));
        } else {
          await db.insert(servicePackages).values({ ...values, serviceId, position });
        }
      }
    },

    /** As replacePackages, for the extras. */
    async replaceExtras(serviceId: string, list: readonly ExtraValues[]) {
      const keep = list.flatMap((e) => (e.id ? [e.id] : []));
      await db
        .delete(serviceExtras)
        .where(
          and(
            eq(serviceExtras.serviceId, serviceId),
            keep.length ? notInArray(serviceExtras.id, keep) : undefined,
          ),
        );
      for (const [position, { id, ...values }] of list.entries()) {
        if (id) {
          await db
            .update(serviceExtras)
            .set({ ...values, position })
            .where(and(eq(serviceExtras.id, id), eq(serviceExtras.serviceId, serviceId)));
        } else {
          await db.insert(serviceExtras).values({ ...values, serviceId, position });
        }
      }
    },

    async replaceFaqs(serviceId: string, list: readonly { question: string; answer: string }[]) {
      await db.delete(serviceFaqs).where(eq(serviceFaqs.serviceId, serviceId));
      if (list.length === 0) return;
      await db
        .insert(serviceFaqs)
        .values(list.map((faq, position) => ({ ...faq, serviceId, position })));
    },

    async replaceGallery(serviceId: string, urls: readonly string[]) {
      await db.delete(serviceGalleryImages).where(eq(serviceGalleryImages.serviceId, serviceId));
      if (urls.length === 0) return;
      await db
        .insert(serviceGalleryImages)
        .values(urls.map((url, position) => ({ url, serviceId, position })));
    },

    async replaceVideos(serviceId: string, list: readonly { url: string; thumbnailUrl: string }[]) {
      await db.delete(serviceFeatureVideos).where(eq(serviceFeatureVideos.serviceId, serviceId));
      if (list.length === 0) return;
      await db
        .insert(serviceFeatureVideos)
        .values(list.map((video, position) => ({ ...video, serviceId, position })));
    },

    /**
     * Whether anything outside the catalogue refers to the service: an order (a project) or a
     * checkout that has started or succeeded. Such a service is archived, never erased.
     */
    async isServiceReferenced(serviceId: string): Promise<boolean> {
      const [ordered] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.serviceId, serviceId))
        .limit(1);
      if (ordered) return true;
      const [checkout] = await db
        .select({ id: paymentAttempts.id })
        .from(paymentAttempts)
        .where(
          and(
            sql`${paymentAttempts.order}->>'serviceId' = ${serviceId}`,
            inArray(paymentAttempts.state, ['processing', 'requires_action', 'succeeded']),
          ),
        )
        .limit(1);
      return Boolean(checkout);
    },

    async archiveService(id: string) {
      await db
        .update(services)
        .set({ archivedAt: sql`coalesce(${services.archivedAt}, now())`, updatedAt: new Date() })
        .where(eq(services.id, id));
    },

    /** Erases the service; its children and recently-viewed rows go with it (cascade). */
    async deleteService(id: string) {
      await db.delete(services).where(eq(services.id, id));
    },

    /** Every service, archived ones included, by title, with its order count. */
    async listServicesForStaff() {
      const orders = db
        .select({ serviceId: projects.serviceId, orderCount: count().as('order_count') })
        .from(projects)
        .groupBy(projects.serviceId)
        .as('orders');
      return db
        .select({
          id: services.id,
          title: services.title,
          featurePhotoUrl: services.featurePhotoUrl,
          basePriceCents: basePriceCentsSql,
          archivedAt: services.archivedAt,
          updatedAt: services.updatedAt,
          orderCount: sql<number>`coalesce(${orders.orderCount}, 0)`.mapWith(Number),
        })
        .from(services)
        .leftJoin(orders, eq(orders.serviceId, services.id))
        .orderBy(sql`${services.archivedAt} is not null`, asc(services.title), asc(services.id));
    },

    // --- Pages ------------------------------------------------------------------------------------

    async lockPage(id: string): Promise<PageRow | undefined> {
      const [row] = await db.select().from(pages).where(eq(pages.id, id)).for('update');
      return row;
    },

    async listPageItems(pageId: string): Promise<PageItemRow[]> {
      return db
        .select()
        .from(pageItems)
        .where(eq(pageItems.pageId, pageId))
        .orderBy(asc(pageItems.position), asc(pageItems.id));
    },

    async insertPage(title: string): Promise<PageRow> {
      const [row] = await db.insert(pages).values({ title }).returning();
      return row!;
    },

    async updatePage(id: string, title: string): Promise<PageRow> {
      const [row] = await db
        .update(pages)
        .set({ title, updatedAt: new Date() })
        .where(eq(pages.id, id))
        .returning();
      return row!;
    },

    async replacePageItems(
      pageId: string,
      items: readonly { title: string; link: string; featurePhotoUrl: string }[],
    ): Promise<PageItemRow[]> {
      await db.delete(pageItems).where(eq(pageItems.pageId, pageId));
      if (items.length === 0) return [];
      return db
        .insert(pageItems)
        .values(items.map((item, position) => ({ ...item, pageId, position })))
        .returning();
    },

    async deletePage(id: string) {
      await db.delete(pages).where(eq(pages.id, id));
    },

    // --- Industries -------------------------------------------------------------------------------

    // --- Site navigation ----------------------------------------------------------------------

    /** The header's and footer's links, in order. */
    async listSiteLinks() {
      return db.select().from(siteLinks).orderBy(desc(siteLinks.area), asc(siteLinks.position));
    },

    /** Replaces every link of the header and footer; locks them so two saves queue. */
    async replaceSiteLinks(
      rows: {
        area: 'header' | 'footer';
        label: string;
        kind: 'service' | 'page';
        targetId: string;
      }[],
    ) {
      await db.execute(sql`lock table ${siteLinks} in share row exclusive mode`);
      await db.delete(siteLinks);
      if (rows.length === 0) return;
      await db.insert(siteLinks).values(rows.map((row, i) => ({ ...row, position: i })));
    },

    /** Of these ids, the services that exist and are on the site, and the pages that exist. */
    async liveTargets(serviceIds: string[], pageIds: string[]) {
      const live = serviceIds.length
        ? await db
            .select({ id: services.id })
            .from(services)
            .where(and(inArray(services.id, serviceIds), sql`${services.archivedAt} is null`))
        : [];
      const found = pageIds.length
        ? await db.select({ id: pages.id }).from(pages).where(inArray(pages.id, pageIds))
        : [];
      return {
        services: new Set(live.map((row) => row.id)),
        pages: new Set(found.map((row) => row.id)),
      };
    },

    /** Every industry tile and page item link, with where it stands (for linked-record checks). */
    async listCatalogueLinks(): Promise<{ place: string; link: string }[]> {
      const tiles = await db
        .select({ title: industries.title, link: industries.link })
        .from(industries)
        .where(sql`${industries.link} <> ''`);
      const items = await db
        .select({ title: pageItems.title, page: pages.title, link: pageItems.link })
        .from(pageItems)
        .innerJoin(pages, eq(pages.id, pageItems.pageId))
        .where(sql`${pageItems.link} <> ''`);
      return [
        ...tiles.map((t) => ({ place: `the industry tile '${t.title}'`, link: t.link })),
        ...items.map((i) => ({
          place: `the item '${i.title}' on the page '${i.page}'`,
          link: i.link,
        })),
      ];
    },

    async lockIndustry(id: string): Promise<IndustryRow | undefined> {
      const [row] = await db.select().from(industries).where(eq(industries.id, id)).for('update');
      return row;
    },

    /** A new industry goes to the end of the home page grid. */
    async insertIndustry(values: {
      title: string;
      link: string;
      featurePhotoUrl: string;
    }): Promise<IndustryRow> {
      const [row] = await db
        .insert(industries)
        .values({
          ...values,
          position: sql`(select coalesce(max(${industries.position}) + 1, 0) from ${industries})`,
        })
        .returning();
      return row!;
    },

    async updateIndustry(
      id: string,
      values: { title: string; link: string; featurePhotoUrl: string },
    ): Promise<IndustryRow> {
      const [row] = await db
        .update(industries)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(industries.id, id))
        .returning();
      return row!;
    },

    async deleteIndustry(id: string) {
      await db.delete(industries).where(eq(industries.id, id));
    },

    // --- Files ------------------------------------------------------------------------------------

    /**
     * Which of these file URLs something still shows: a service, page item or industry, an order's
     * copy of a service photo, or a profile photo. Those files must stay.
     */
    async findUsedUrls(urls: readonly string[]): Promise<Set<string>> {
      const list = [...new Set(urls)];
      if (list.length === 0) return new Set();
      const lookups = [
        db
          .select({ url: services.featurePhotoUrl })
          .from(services)
          .where(inArray(services.featurePhotoUrl, list)),
        db
          .select({ url: services.comparisonPdfUrl })
          .from(services)
          .where(inArray(services.comparisonPdfUrl, list)),
        db
          .select({ url: serviceGalleryImages.url })
          .from(serviceGalleryImages)
          .where(inArray(serviceGalleryImages.url, list)),
        db
          .select({ url: serviceFeatureVideos.url })
          .from(serviceFeatureVideos)
          .where(inArray(serviceFeatureVideos.url, list)),
        db
          .select({ url: serviceFeatureVideos.thumbnailUrl })
          .from(serviceFeatureVideos)
          .where(inArray(serviceFeatureVideos.thumbnailUrl, list)),
        db
          .select({ url: pageItems.featurePhotoUrl })
          .from(pageItems)
          .where(inArray(pageItems.featurePhotoUrl, list)),
        db
          .select({ url: industries.featurePhotoUrl })
          .from(industries)
          .where(inArray(industries.featurePhotoUrl, list)),
        db
          .select({ url: projects.serviceFeaturePhotoUrl })
          .from(projects)
          .where(inArray(projects.serviceFeaturePhotoUrl, list)),
        db
          .select({ url: users.profilePhotoUrl })
          .from(users)
          .where(inArray(users.profilePhotoUrl, list)),
      ];
      const rows = (await Promise.all(lookups)).flat();
      return new Set(rows.map((r) => r.url));
    },

    /** The name staff see for a colleague in the audit log. */
    async staffName(userId: string): Promise<string> {
      const [row] = await db
        .select({
          first: users.firstName,
          last: users.lastName,
          display: users.displayName,
          email: users.email,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) return '';
      return row.display || `${row.first} ${row.last}`.trim() || row.email;
    },
  };
}

export type CatalogueManageRepository = ReturnType<typeof createCatalogueManageRepository>;
