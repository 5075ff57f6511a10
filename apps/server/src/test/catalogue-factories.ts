import type { FastifyInstance } from 'fastify';
import type { PackageType } from '@noise/shared/pricing';
import { newId } from '../lib/ids.ts';
import {
  industries,
  pageItems,
  pages,
  serviceExtras,
  serviceFaqs,
  serviceFeatureVideos,
  serviceGalleryImages,
  servicePackages,
  services,
} from '../db/schema.ts';

type ServiceRow = typeof services.$inferSelect;

export interface ServiceOverrides {
  id?: string;
  title?: string;
  description?: string;
  initialInvestmentDescription?: string;
  initialInvestmentPriceCents?: number;
  featurePhotoUrl?: string;
  comparisonPdfUrl?: string;
  archivedAt?: Date | null;
  packages?: {
    title?: string;
    type?: PackageType;
    baseCostCents?: number;
    recurringCostCents?: number;
    priceSuffix?: string;
    features?: string[];
    /** A request plan's limits and extra request price (docs/decisions/091, 101). */
    activeRequestLimit?: number | null;
    requestsPerPeriod?: number | null;
    extraRequestPriceCents?: number | null;
    /** Its clients may pause it (docs/product.md#pausing-a-plan). */
    clientsMayPause?: boolean;
    /** Periods before its plan may move to a cheaper package (docs/product.md#changing-a-plan). */
    minimumTermPeriods?: number | null;
  }[];
  extras?: { title: string; description?: string; priceCents: number }[];
  faqs?: { question: string; answer: string }[];
  gallery?: string[];
  videos?: { url: string; thumbnailUrl?: string }[];
}

/** Creates a service with its children directly in the database and returns what it made. */
export async function createService(app: FastifyInstance, overrides: ServiceOverrides = {}) {
  const { db } = app.database;
  const id = overrides.id ?? `svc-${newId(8)}`;
  const [service] = await db
    .insert(services)
    .values({
      id,
      title: overrides.title ?? `Service ${id}`,
      description: overrides.description ?? 'A test service.',
      initialInvestmentDescription: overrides.initialInvestmentDescription ?? 'Kick-off',
      initialInvestmentPriceCents: overrides.initialInvestmentPriceCents ?? 10_000,
      featurePhotoUrl: overrides.featurePhotoUrl ?? `/demo/services/${id}.svg`,
      comparisonPdfUrl: overrides.comparisonPdfUrl ?? '',
      archivedAt: overrides.archivedAt ?? null,
    })
    .returning();
  const packages = overrides.packages ?? [
    { title: 'One-off', type: 'one-time', baseCostCents: 50_000, features: ['A', 'B'] },
  ];
  const rows = {
    service: service as ServiceRow,
    packages: packages.length
      ? await db
          .insert(servicePackages)
          .values(
            packages.map((p, position) => ({
              serviceId: id,
              position,
              title: p.title ?? `Package ${position + 1}`,
              type: p.type ?? 'one-time',
              baseCostCents: p.baseCostCents ?? 0,
              recurringCostCents: p.recurringCostCents ?? 0,
              priceSuffix: p.priceSuffix ?? 'exc. GST',
              features: p.features ?? [],
              activeRequestLimit: p.activeRequestLimit ?? null,
              requestsPerPeriod: p.requestsPerPeriod ?? null,
              extraRequestPriceCents: p.extraRequestPriceCents ?? null,
              clientsMayPause: p.clientsMayPause ?? false,
              minimumTermPeriods: p.minimumTermPeriods ?? null,
            })),
          )
          .returning()
      : [],
    extras: overrides.extras?.length
      ? await db
          .insert(serviceExtras)
          .values(
            overrides.extras.map((e, position) => ({
              serviceId: id,
              position,
              title: e.title,
              description: e.description ?? '',
              priceCents: e.priceCents,
            })),
          )
          .returning()
      : [],
    faqs: overrides.faqs?.length
      ? await db
          .insert(serviceFaqs)
          .values(overrides.faqs.map((f, position) => ({ serviceId: id, position, ...f })))
          .returning()
      : [],
    gallery: overrides.gallery?.length
      ? await db
          .insert(serviceGalleryImages)
          .values(overrides.gallery.map((url, position) => ({ serviceId: id, position, url })))
          .returning()
      : [],
    videos: overrides.videos?.length
      ? await db
          .insert(serviceFeatureVideos)
          .values(overrides.videos.map((v, position) => ({ serviceId: id, position, ...v })))
          .returning()
      : [],
  };
  return rows;
}

export async function createPage(
  app: FastifyInstance,
  overrides: {
    id?: string;
    title?: string;
    items?: { title: string; link: string; featurePhotoUrl?: string }[];
  } = {},
) {
  const { db } = app.database;
  const id = overrides.id ?? `page-${newId(8)}`;
  const [page] = await db
    .insert(pages)
    .values({ id, title: overrides.title ?? `Page ${id}` })
    .returning();
  const items = overrides.items?.length
    ? await db
        .insert(pageItems)
        .values(overrides.items.map((item, position) => ({ pageId: id, position, ...item })))
        .returning()
    : [];
  return { page: page!, items };
}

export async function createIndustry(
  app: FastifyInstance,
  overrides: { id?: string; title?: string; link?: string; position?: number } = {},
) {
  const id = overrides.id ?? `industry-${newId(8)}`;
  const [industry] = await app.database.db
    .insert(industries)
    .values({
      id,
      title: overrides.title ?? `Industry ${id}`,
      link: overrides.link ?? '/services/seo',
      featurePhotoUrl: `/demo/industries/${id}.svg`,
      position: overrides.position ?? 0,
    })
    .returning();
  return industry!;
}
