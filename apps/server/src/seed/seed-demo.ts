import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { toCents } from '@noise/shared/pricing';
import type { Db } from '../db/client.ts';
import {
  industries,
  pageItems,
  pages,
  serviceExtras,
  serviceFaqs,
  serviceGalleryImages,
  servicePackages,
  services,
  users,
} from '../db/schema.ts';
import {
  demoDeliveryDays,
  demoImage,
  demoIndustries,
  demoPages,
  demoServices,
} from './demo-catalogue.ts';
import { demoCoordinators } from './demo-team.ts';

/** Any constant: it only has to be the same in every process that seeds. */
const SEED_LOCK_KEY = 7_311_042_001;

export interface SeedResult {
  seeded: boolean;
  services: number;
  pages: number;
  industries: number;
  coordinators: number;
  ms: number;
}

/**
 * Seeds the demo catalogue (demo-catalogue.ts) and the demo co-ordinators (demo-team.ts, no
 * password) on the first start of an empty database, so the shop can sell at once.
 *
 * Everything happens in one transaction under an advisory lock, so two processes starting at
 * once against one PostgreSQL cannot both seed: the second waits, then sees the rows and skips.
 * A catalogue with any service, page or industry is never touched, so an operator's edits and
 * deletions survive restarts.
 */
export async function seedDemo(db: Db, log?: FastifyBaseLogger): Promise<SeedResult> {
  const started = performance.now();
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx
      .select({ any: sql<boolean>`true` })
      .from(
        sql`(select 1 from ${services} union all select 1 from ${pages}
                 union all select 1 from ${industries}) as catalogue`,
      )
      .limit(1);
    if (existing) return false;

    await tx.insert(services).values(
      demoServices.map((s) => ({
        id: s.id,
        title: s.title,
        description: s.description.join('\n\n'),
        initialInvestmentDescription: s.initialInvestmentDescription,
        initialInvestmentPriceCents: toCents(s.initialInvestmentPrice),
        ...(demoDeliveryDays[s.id] ? { deliveryDays: demoDeliveryDays[s.id] } : {}),
        featurePhotoUrl: demoImage.serviceFeature(s.id),
        comparisonPdfUrl: s.comparisonPdf ? demoImage.comparisonPdf(s.id) : '',
      })),
    );
    await tx.insert(servicePackages).values(
      demoServices.flatMap((s) =>
        s.packages.map((p, position) => ({
          serviceId: s.id,
          position,
          title: p.title,
          type: p.type,
          baseCostCents: toCents(p.baseCost),
          recurringCostCents: toCents(p.recurringCost),
          priceSuffix: p.priceSuffix,
          features: p.features,
          recommended: p.recommended ?? false,
        })),
      ),
    );
    await tx.insert(serviceExtras).values(
      demoServices.flatMap((s) =>
        s.extras.map((e, position) => ({
          serviceId: s.id,
          position,
          title: e.title,
          description: e.description,
          priceCents: toCents(e.price),
        })),
      ),
    );
    await tx
      .insert(serviceFaqs)
      .values(
        demoServices.flatMap((s) =>
          s.faqs.map((f, position) => ({ serviceId: s.id, position, ...f })),
        ),
      );
    await tx.insert(serviceGalleryImages).values(
      demoServices.flatMap((s) =>
        Array.from({ length: s.galleryCount }, (_, position) => ({
          serviceId: s.id,
          position,
          url: demoImage.serviceGallery(s.id, position + 1),
        })),
      ),
    );
    await tx.insert(pages).values(demoPages.map((p) => ({ id: p.id, title: p.title })));
    await tx.insert(pageItems).values(
      demoPages.flatMap((p) =>
        p.items.map((item, position) => ({
          pageId: p.id,
          position,
          title: item.title,
          link: item.link,
          featurePhotoUrl: demoImage.pageItem(p.id, position + 1),
        })),
      ),
    );
    await tx.insert(industries).values(
      demoIndustries.map((industry, position) => ({
        id: industry.id,
        title: industry.title,
        link: industry.link,
        featurePhotoUrl: demoImage.industry(industry.id),
        position,
      })),
    );
    // An address already taken (an operator's own account) is left as it is.
    await tx
      .insert(users)
      .values(
        demoCoordinators.map((c) => ({ ...c, role: 'co-ordinator' as const, passwordHash: null })),
      )
      .onConflictDoNothing();
    return true;
  });

  const result: SeedResult = {
    seeded,
    services: seeded ? demoServices.length : 0,
    pages: seeded ? demoPages.length : 0,
    industries: seeded ? demoIndustries.length : 0,
    coordinators: seeded ? demoCoordinators.length : 0,
    ms: Math.round(performance.now() - started),
  };
  if (seeded) log?.info(result, 'demo catalogue seeded');
  else log?.debug('demo catalogue present; seed skipped');
  return result;
}
