import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { initialInvestmentOf, toCents } from '@noise/shared/pricing';
import type { Db } from '../db/client.ts';
import {
  demoDeliveryDays,
  demoImage,
  demoIndustries,
  demoIntakeQuestions,
  demoPages,
  demoServices,
} from './demo-catalogue.ts';
import { demoCoordinators } from './demo-team.ts';
import { insertCatalogueIfEmpty, type CatalogueRows } from './seed-repository.ts';

export interface SeedResult {
  seeded: boolean;
  services: number;
  pages: number;
  industries: number;
  coordinators: number;
  ms: number;
}

/** The demo catalogue and team as rows (demo-catalogue.ts, demo-team.ts). */
function demoRows(): CatalogueRows {
  return {
    services: demoServices.map((s) => ({
      id: s.id,
      title: s.title,
      description: s.description.join('\n\n'),
      initialInvestmentDescription: s.initialInvestmentDescription,
      initialInvestmentPriceCents: initialInvestmentOf(
        s.packages.map((p) => ({ type: p.type, baseCost: toCents(p.baseCost) })),
      ).amount,
      ...(demoDeliveryDays[s.id] ? { deliveryDays: demoDeliveryDays[s.id] } : {}),
      ...(demoIntakeQuestions[s.id] ? { intakeQuestions: demoIntakeQuestions[s.id] } : {}),
      featurePhotoUrl: demoImage.serviceFeature(s.id),
      comparisonPdfUrl: s.comparisonPdf ? demoImage.comparisonPdf(s.id) : '',
    })),
    packages: demoServices.flatMap((s) =>
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
        activeRequestLimit: p.activeRequestLimit ?? null,
        requestsPerPeriod: p.requestsPerPeriod ?? null,
      })),
    ),
    extras: demoServices.flatMap((s) =>
      s.extras.map((e, position) => ({
        serviceId: s.id,
        position,
        title: e.title,
        description: e.description,
        priceCents: toCents(e.price),
      })),
    ),
    faqs: demoServices.flatMap((s) =>
      s.faqs.map((f, position) => ({ serviceId: s.id, position, ...f })),
    ),
    gallery: demoServices.flatMap((s) =>
      Array.from({ length: s.galleryCount }, (_, position) => ({
        serviceId: s.id,
        position,
        url: demoImage.serviceGallery(s.id, position + 1),
      })),
    ),
    pages: demoPages.map((p) => ({ id: p.id, title: p.title })),
    pageItems: demoPages.flatMap((p) =>
      p.items.map((item, position) => ({
        pageId: p.id,
        position,
        title: item.title,
        link: item.link,
        featurePhotoUrl: demoImage.pageItem(p.id, position + 1),
      })),
    ),
    industries: demoIndustries.map((industry, position) => ({
      id: industry.id,
      title: industry.title,
      link: industry.link,
      featurePhotoUrl: demoImage.industry(industry.id),
      position,
    })),
    users: demoCoordinators.map((c) => ({
      ...c,
      role: 'co-ordinator' as const,
      passwordHash: null,
      emailVerifiedAt: new Date(),
    })),
  };
}

/**
 * Seeds the demo catalogue (demo-catalogue.ts) and the demo co-ordinators (demo-team.ts, no
 * password) on the first start of an empty database, so the shop can sell at once.
 *
 * Two processes starting at once against one PostgreSQL cannot both seed (seed-repository.ts).
 * A catalogue with any service, page or industry is never touched, so an operator's edits and
 * deletions survive restarts.
 */
export async function seedDemo(db: Db, log?: FastifyBaseLogger): Promise<SeedResult> {
  const started = performance.now();
  const seeded = await insertCatalogueIfEmpty(db, demoRows());

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
