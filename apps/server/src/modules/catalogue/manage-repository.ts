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
import { basePriceCentsSql, type ServiceRow } from './repository.ts';

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
 * The catalogue's writes and staff-only reads (the public reads are in repository.ts). Every
 * function takes the handle to run on, so a whole save runs in one transaction.
 */
export const manageRepository = {
  async findService(db: Db, id: string): Promise<ServiceRow | undefined> {
    const [row] = await db.select().from(services).where(eq(services.id, id)).limit(1);
    return row;
  },

  /** The service row, locked until the transaction ends: saves of one service queue. */
  async lockService(tx: Db, id: string): Promise<ServiceRow | undefined> {
    const [row] = await tx.select().from(services).where(eq(services.id, id)).for('update');
    return row;
  },

  async insertService(tx: Db, values: NewServiceValues): Promise<ServiceRow> {
    const [row] = await tx.insert(services).values(values).returning();
    return row!;
  },

  async updateService(tx: Db, id: string, values: Partial<NewServiceValues>): Promise<ServiceRow> {
    const [row] = await tx
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
  async replacePackages(tx: Db, serviceId: string, list: readonly PackageValues[]) {
    const keep = list.flatMap((p) => (p.id ? [p.id] : []));
    await tx
      .delete(servicePackages)
      .where(
        and(
          eq(servicePackages.serviceId, serviceId),
          keep.length ? notInArray(servicePackages.id, keep) : undefined,
        ),
      );
    for (const [position, { id, ...values }] of list.entries()) {
      if (id) {
        await tx
          .update(servicePackages)
          .set({ ...values, position })
          .where(and(eq(servicePackages.id, id), eq(servicePackages.serviceId, serviceId)));
      } else {
        await tx.insert(servicePackages).values({ ...values, serviceId, position });
      }
    }
  },

  /** As replacePackages, for the extras. */
  async replaceExtras(tx: Db, serviceId: string, list: readonly ExtraValues[]) {
    const keep = list.flatMap((e) => (e.id ? [e.id] : []));
    await tx
      .delete(serviceExtras)
      .where(
        and(
          eq(serviceExtras.serviceId, serviceId),
          keep.length ? notInArray(serviceExtras.id, keep) : undefined,
        ),
      );
    for (const [position, { id, ...values }] of list.entries()) {
      if (id) {
        await tx
          .update(serviceExtras)
          .set({ ...values, position })
          .where(and(eq(serviceExtras.id, id), eq(serviceExtras.serviceId, serviceId)));
      } else {
        await tx.insert(serviceExtras).values({ ...values, serviceId, position });
      }
    }
  },

  async replaceFaqs(
    tx: Db,
    serviceId: string,
    list: readonly { question: string; answer: string }[],
  ) {
    await tx.delete(serviceFaqs).where(eq(serviceFaqs.serviceId, serviceId));
    if (list.length === 0) return;
    await tx
      .insert(serviceFaqs)
      .values(list.map((faq, position) => ({ ...faq, serviceId, position })));
  },

  async replaceGallery(tx: Db, serviceId: string, urls: readonly string[]) {
    await tx.delete(serviceGalleryImages).where(eq(serviceGalleryImages.serviceId, serviceId));
    if (urls.length === 0) return;
    await tx
      .insert(serviceGalleryImages)
      .values(urls.map((url, position) => ({ url, serviceId, position })));
  },

  async replaceVideos(
    tx: Db,
    serviceId: string,
    list: readonly { url: string; thumbnailUrl: string }[],
  ) {
    await tx.delete(serviceFeatureVideos).where(eq(serviceFeatureVideos.serviceId, serviceId));
    if (list.length === 0) return;
    await tx
      .insert(serviceFeatureVideos)
      .values(list.map((video, position) => ({ ...video, serviceId, position })));
  },

  /**
   * Whether anything outside the catalogue refers to the service: an order (a project) or a
   * checkout that has started or succeeded. Such a service is archived, never erased.
   */
  async isServiceReferenced(tx: Db, serviceId: string): Promise<boolean> {
    const [ordered] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.serviceId, serviceId))
      .limit(1);
    if (ordered) return true;
    const [checkout] = await tx
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

  async archiveService(tx: Db, id: string) {
    await tx
      .update(services)
      .set({ archivedAt: sql`coalesce(${services.archivedAt}, now())`, updatedAt: new Date() })
      .where(eq(services.id, id));
  },

  /** Erases the service; its children and recently-viewed rows go with it (cascade). */
  async deleteService(tx: Db, id: string) {
    await tx.delete(services).where(eq(services.id, id));
  },

  /** Every service, archived ones included, by title, with its order count. */
  async listServicesForStaff(db: Db) {
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

  async lockPage(tx: Db, id: string): Promise<PageRow | undefined> {
    const [row] = await tx.select().from(pages).where(eq(pages.id, id)).for('update');
    return row;
  },

  async listPageItems(tx: Db, pageId: string): Promise<PageItemRow[]> {
    return tx
      .select()
      .from(pageItems)
      .where(eq(pageItems.pageId, pageId))
      .orderBy(asc(pageItems.position), asc(pageItems.id));
  },

  async insertPage(tx: Db, title: string): Promise<PageRow> {
    const [row] = await tx.insert(pages).values({ title }).returning();
    return row!;
  },

  async updatePage(tx: Db, id: string, title: string): Promise<PageRow> {
    const [row] = await tx
      .update(pages)
      .set({ title, updatedAt: new Date() })
      .where(eq(pages.id, id))
      .returning();
    return row!;
  },

  async replacePageItems(
    tx: Db,
    pageId: string,
    items: readonly { title: string; link: string; featurePhotoUrl: string }[],
  ): Promise<PageItemRow[]> {
    await tx.delete(pageItems).where(eq(pageItems.pageId, pageId));
    if (items.length === 0) return [];
    return tx
      .insert(pageItems)
      .values(items.map((item, position) => ({ ...item, pageId, position })))
      .returning();
  },

  async deletePage(tx: Db, id: string) {
    await tx.delete(pages).where(eq(pages.id, id));
  },

  // --- Industries -------------------------------------------------------------------------------

  // --- Site navigation ----------------------------------------------------------------------

  /** The header's and footer's links, in order. */
  async listSiteLinks(db: Db) {
    return db.select().from(siteLinks).orderBy(desc(siteLinks.area), asc(siteLinks.position));
  },

  /** Replaces every link of the header and footer; locks them so two saves queue. */
  async replaceSiteLinks(
    tx: Db,
    rows: {
      area: 'header' | 'footer';
      label: string;
      kind: 'service' | 'page';
      targetId: string;
    }[],
  ) {
    await tx.execute(sql`lock table ${siteLinks} in share row exclusive mode`);
    await tx.delete(siteLinks);
    if (rows.length === 0) return;
    await tx.insert(siteLinks).values(rows.map((row, i) => ({ ...row, position: i })));
  },

  /** Of these ids, the services that exist and are on the site, and the pages that exist. */
  async liveTargets(db: Db, serviceIds: string[], pageIds: string[]) {
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
  async listCatalogueLinks(tx: Db): Promise<{ place: string; link: string }[]> {
    const tiles = await tx
      .select({ title: industries.title, link: industries.link })
      .from(industries)
      .where(sql`${industries.link} <> ''`);
    const items = await tx
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

  async lockIndustry(tx: Db, id: string): Promise<IndustryRow | undefined> {
    const [row] = await tx.select().from(industries).where(eq(industries.id, id)).for('update');
    return row;
  },

  /** A new industry goes to the end of the home page grid. */
  async insertIndustry(
    tx: Db,
    values: { title: string; link: string; featurePhotoUrl: string },
  ): Promise<IndustryRow> {
    const [row] = await tx
      .insert(industries)
      .values({
        ...values,
        position: sql`(select coalesce(max(${industries.position}) + 1, 0) from ${industries})`,
      })
      .returning();
    return row!;
  },

  async updateIndustry(
    tx: Db,
    id: string,
    values: { title: string; link: string; featurePhotoUrl: string },
  ): Promise<IndustryRow> {
    const [row] = await tx
      .update(industries)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(industries.id, id))
      .returning();
    return row!;
  },

  async deleteIndustry(tx: Db, id: string) {
    await tx.delete(industries).where(eq(industries.id, id));
  },

  // --- Files ------------------------------------------------------------------------------------

  /**
   * Which of these file URLs something still shows: a service, page item or industry, an order's
   * copy of a service photo, or a profile photo. Those files must stay.
   */
  async findUsedUrls(db: Db, urls: readonly string[]): Promise<Set<string>> {
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
  async staffName(db: Db, userId: string): Promise<string> {
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
