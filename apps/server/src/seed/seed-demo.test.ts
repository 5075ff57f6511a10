import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { servicesMap } from '@noise/shared/home-links';
import { headerNavigation } from '@noise/shared/navigation';
import {
  industries,
  pageItems,
  pages,
  serviceExtras,
  serviceFaqs,
  serviceGalleryImages,
  servicePackages,
  services,
} from '../db/schema.ts';
import { createTestDatabase } from '../test/app.ts';
import { seedDemo } from './seed-demo.ts';

const database = await createTestDatabase();
afterAll(() => database.close());
const { db } = database;

const webPublic = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public');

async function snapshot() {
  return {
    services: await db.select().from(services).orderBy(asc(services.id)),
    packages: await db.select().from(servicePackages).orderBy(asc(servicePackages.id)),
    pages: await db.select().from(pages).orderBy(asc(pages.id)),
    items: await db.select().from(pageItems).orderBy(asc(pageItems.id)),
    industries: await db.select().from(industries).orderBy(asc(industries.id)),
  };
}

describe('seedDemo', () => {
  it('fills an empty database with the services map, the navigation targets and industries', async () => {
    const result = await seedDemo(db);
    expect(result.seeded).toBe(true);

    const serviceIds = (await db.select({ id: services.id }).from(services)).map((s) => s.id);
    for (const entry of servicesMap) expect(serviceIds).toContain(entry.serviceId);

    const pageIds = (await db.select({ id: pages.id }).from(pages)).map((p) => p.id);
    for (const entry of headerNavigation) {
      expect(entry.kind === 'page' ? pageIds : serviceIds).toContain(entry.id);
    }
    const [{ n: industryCount } = { n: 0 }] = await db.select({ n: count() }).from(industries);
    expect(industryCount).toBeGreaterThanOrEqual(8);
  });

  it('gives every service 2-3 packages, extras, FAQs, a gallery and a feature photo', async () => {
    const all = await db.select().from(services);
    expect(all.length).toBeGreaterThanOrEqual(20);
    const countBy = async (
      table:
        | typeof servicePackages
        | typeof serviceExtras
        | typeof serviceFaqs
        | typeof serviceGalleryImages,
    ) => {
      const rows = await db
        .select({ serviceId: table.serviceId, n: count() })
        .from(table)
        .groupBy(table.serviceId);
      return new Map(rows.map((r) => [r.serviceId, r.n]));
    };
    const packages = await countBy(servicePackages);
    const extras = await countBy(serviceExtras);
    const faqs = await countBy(serviceFaqs);
    const gallery = await countBy(serviceGalleryImages);
    for (const s of all) {
      expect(packages.get(s.id), s.id).toBeGreaterThanOrEqual(2);
      expect(packages.get(s.id), s.id).toBeLessThanOrEqual(3);
      expect(extras.get(s.id), s.id).toBeGreaterThanOrEqual(2);
      expect(faqs.get(s.id), s.id).toBeGreaterThanOrEqual(3);
      expect(gallery.get(s.id), s.id).toBeGreaterThanOrEqual(2);
      expect(s.featurePhotoUrl).not.toBe('');
      expect(s.description.split('\n\n').length).toBeGreaterThanOrEqual(2);
    }
    const items = await db
      .select({ pageId: pageItems.pageId, n: count() })
      .from(pageItems)
      .groupBy(pageItems.pageId);
    for (const { n } of items) expect(n).toBeGreaterThanOrEqual(4);
  });

  it('stores prices as whole cents, including prices with cents', async () => {
    const rows = await db.select().from(servicePackages);
    const cents = rows.flatMap((p) => [p.baseCostCents, p.recurringCostCents]);
    for (const c of cents) expect(Number.isInteger(c)).toBe(true);
    expect(cents).toContain(149_995);
    const types = new Set(rows.map((p) => p.type));
    expect(types).toEqual(new Set(['one-time', 'weekly', 'monthly', 'quarterly', 'yearly']));
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot();
    const again = await seedDemo(db);
    expect(again.seeded).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('seeds once when two processes start at the same moment', async () => {
    const other = await createTestDatabase();
    try {
      const results = await Promise.all([seedDemo(other.db), seedDemo(other.db)]);
      expect(results.filter((r) => r.seeded)).toHaveLength(1);
      const [{ n } = { n: 0 }] = await other.db.select({ n: count() }).from(services);
      expect(n).toBe((await db.select({ n: count() }).from(services))[0]!.n);
    } finally {
      await other.close();
    }
  });

  it('points every picture and PDF at a file shipped in the web app', async () => {
    const urls = [
      ...(await db.select({ url: services.featurePhotoUrl }).from(services)),
      ...(await db.select({ url: services.comparisonPdfUrl }).from(services)),
      ...(await db.select({ url: serviceGalleryImages.url }).from(serviceGalleryImages)),
      ...(await db.select({ url: pageItems.featurePhotoUrl }).from(pageItems)),
      ...(await db.select({ url: industries.featurePhotoUrl }).from(industries)),
    ]
      .map((r) => r.url)
      .filter(Boolean);
    expect(urls.length).toBeGreaterThan(100);
    for (const url of urls) {
      expect(url).toMatch(/^\/demo\//);
      const file = path.join(webPublic, url);
      expect(existsSync(file), url).toBe(true);
      const head = readFileSync(file).subarray(0, 5).toString('latin1');
      expect(head, url).toBe(url.endsWith('.pdf') ? '%PDF-' : '<svg ');
    }
  });

  it('links page items and industries to pages and services that exist', async () => {
    const serviceIds = new Set(
      (await db.select({ id: services.id }).from(services)).map((s) => s.id),
    );
    const pageIds = new Set((await db.select({ id: pages.id }).from(pages)).map((p) => p.id));
    const links = [
      ...(await db.select({ link: pageItems.link }).from(pageItems)),
      ...(await db.select({ link: industries.link }).from(industries)),
    ].map((r) => r.link);
    for (const link of links) {
      const [, kind, id] = /^\/(services|pages)\/([a-z0-9-]+)$/.exec(link) ?? [];
      expect(kind, link).toBeDefined();
      expect((kind === 'services' ? serviceIds : pageIds).has(id!), link).toBe(true);
    }
  });

  it('opens each industry on a page about that industry, listing services for it', async () => {
    const allPages = await db.select().from(pages);
    const allItems = await db.select().from(pageItems);
    for (const industry of await db.select().from(industries)) {
      const id = /^\/pages\/([a-z0-9-]+)$/.exec(industry.link)?.[1];
      const page = allPages.find((p) => p.id === id);
      expect(page?.title.toLowerCase(), industry.title).toContain(industry.title.toLowerCase());
      const links = allItems.filter((item) => item.pageId === id).map((item) => item.link);
      expect(links.length, industry.title).toBeGreaterThanOrEqual(4);
      for (const link of links) expect(link, industry.title).toMatch(/^\/services\//);
    }
  });
});
