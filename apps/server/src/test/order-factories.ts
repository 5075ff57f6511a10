import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { newIdempotencyKey, type HandlePaymentRequest } from '@noise/shared/payments';
import { priceOrder, priceQuote, type PackageType } from '@noise/shared/pricing';
import { tokenizeSandboxCard } from '@noise/shared/sandbox-card';
import { customQuotes, discountRedemptions } from '../db/schema.ts';
import { createService } from './catalogue-factories.ts';
import { bearer, createUser } from './factories.ts';

/**
 * A service to order, made by the one service factory with the defaults the payment tests count
 * on: one $500 package and a 'Rush delivery' extra at $99.50 unless told otherwise (in cents).
 */
export function createServiceToOrder(
  app: FastifyInstance,
  overrides: {
    title?: string;
    packages?: {
      title?: string;
      type?: PackageType;
      baseCostCents?: number;
      recurringCostCents?: number;
      features?: string[];
      activeRequestLimit?: number | null;
      requestsPerPeriod?: number | null;
      extraRequestPriceCents?: number | null;
      clientsMayPause?: boolean;
      minimumTermPeriods?: number | null;
    }[];
    extras?: { title?: string; priceCents?: number }[];
  } = {},
) {
  return createService(app, {
    title: overrides.title ?? 'Social Media Management',
    description: 'We post for you.',
    featurePhotoUrl: '/uploads/social.webp',
    initialInvestmentDescription: '',
    initialInvestmentPriceCents: 0,
    packages: (overrides.packages ?? [{}]).map((p) => ({
      ...p,
      baseCostCents: p.baseCostCents ?? 50_000,
      priceSuffix: 'excluding GST',
      features: p.features ?? ['Strategy', 'Reporting'],
    })),
    extras: (overrides.extras ?? [{ title: 'Rush delivery', priceCents: 9_950 }]).map(
      (e, position) => ({
        title: e.title ?? `Extra ${position + 1}`,
        description: 'An extra',
        priceCents: e.priceCents ?? 1_000,
      }),
    ),
  });
}

export async function createQuote(
  app: FastifyInstance,
  overrides: {
    name?: string;
    valueCents?: number;
    depositPercent?: number;
    customerId?: string;
    /** Signed by its customer (the default), so it can be paid; false for an open proposal. */
    accepted?: boolean;
    /** Sent to its customer (an open proposal waits for their answer). */
    sent?: boolean;
  } = {},
) {
  const [quote] = await app.database.db
    .insert(customQuotes)
    .values({
      name: overrides.name ?? 'Launch campaign',
      summary: 'A launch campaign for the new store',
      internalNotes: 'Internal: keen on video, budget flexible',
      deliverables: 'Strategy, Four videos, Launch event',
      extras: 'Photographer, Catering',
      valueCents: overrides.valueCents ?? 250_000,
      depositPercent: overrides.depositPercent ?? null,
      customerId: overrides.customerId ?? null,
      acceptedAt: overrides.accepted === false ? null : new Date(),
      sentAt: overrides.sent ? new Date() : null,
    })
    .returning();
  return quote!;
}

/**
 * 'Accept and sign' through the API, as the proposal page does, for the version the quote is at:
 * a quote is paid once signed (docs/decisions/077-proposals.md).
 */
export async function signQuote(app: FastifyInstance, quoteId: string, token?: string) {
  const page = await app.inject({
    url: `/api/quotes/${quoteId}`,
    headers: token ? bearer(token) : {},
  });
  const res = await app.inject({
    method: 'POST',
    url: `/api/quotes/${quoteId}/accept`,
    headers: token ? bearer(token) : {},
    payload: {
      version: page.json<{ version: number }>().version,
      name: 'Sam Signer',
      agreeToTerms: true,
    },
  });
  await app.afterAnswer.drain();
  return res;
}

export const coordinator = (app: FastifyInstance) =>
  createUser(app, { role: 'co-ordinator', firstName: 'Cora', lastName: 'Ordinator' });

/** A test card turned into a sandbox payment method, as the browser's card form does. */
export function sandboxCard(kind: 'success' | 'declined' | '3ds' = 'success'): string {
  const number = {
    success: '4242424242424242',
    declined: '4000000000000002',
    '3ds': '4000002500003155',
  }[kind];
  const result = tokenizeSandboxCard({ number, expiry: '12/40', cvc: '123' });
  if (!('paymentMethodId' in result)) throw new Error(result.error);
  return result.paymentMethodId;
}

type ServiceFixture = Awaited<ReturnType<typeof createServiceToOrder>>;

/** The body the payment page sends for a service order, priced as the page prices it. */
export function orderBody(
  fixture: ServiceFixture,
  options: {
    coordinatorId: string;
    packageIndex?: number;
    extras?: number[];
    paymentMethod?: string;
    amount?: number;
    idempotencyKey?: string;
    companyName?: string;
    contactNumber?: string;
  },
): HandlePaymentRequest & { idempotencyKey: string } {
  const pkg = fixture.packages[options.packageIndex ?? 0]!;
  const extras = (options.extras ?? []).map((i) => fixture.extras[i]!);
  const price = priceOrder(
    pkg,
    extras.map((e) => e.priceCents),
  );
  return {
    amount: options.amount ?? price.grandTotalCents,
    customer: { name: 'Test Client', email: 'client@example.com' },
    payment_method: options.paymentMethod ?? sandboxCard(),
    type: 'normal',
    idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
    projectDetails: {
      serviceId: fixture.service.id,
      service: { _id: fixture.service.id, title: fixture.service.title },
      packageTitle: pkg.title,
      package: { title: pkg.title },
      extras: extras.map((e) => ({ _id: e.id, title: e.title, price: e.priceCents / 100 })),
      coordinator: options.coordinatorId,
      companyName: options.companyName ?? 'Acme Pty Ltd',
      contactNumber: options.contactNumber ?? '0412 345 678',
      totalPrice: price.displayTotalCents / 100,
    },
  };
}

export function quoteBody(
  quote: { id: string; name: string; valueCents: number },
  options: {
    coordinatorId: string;
    paymentMethod?: string;
    idempotencyKey?: string;
    amount?: number;
  },
): HandlePaymentRequest & { idempotencyKey: string } {
  const price = priceQuote(quote.valueCents);
  return {
    amount: options.amount ?? price.totalWithGstCents,
    customer: { name: 'Test Client', email: 'client@example.com' },
    payment_method: options.paymentMethod ?? sandboxCard(),
    type: 'customQuote',
    idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
    projectDetails: {
      quoteId: quote.id,
      quoteName: quote.name,
      amountWithGST: price.totalWithGstCents / 100,
      coordinatorId: options.coordinatorId,
      companyName: 'Acme Pty Ltd',
      contactNumber: '0412345678',
    },
  };
}

/**
 * Pays and waits for what the checkout starts after its answer (the order's notifications), so a
 * test that reads the bell or the mail next sees them on any machine.
 */
export async function pay(app: FastifyInstance, token: string, payload: object) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/handle-payment',
    headers: bearer(token),
    payload,
  });
  await app.afterAnswer.drain();
  return res;
}

/**
 * Every use of a discount code taken so far was taken `ms` earlier, as if that time had passed:
 * a test of how long a waiting payment holds a use sets the clock as the database holds it,
 * rather than waiting.
 */
export async function ageDiscountUses(app: FastifyInstance, ms: number) {
  await app.database.db.update(discountRedemptions).set({
    createdAt: sql`${discountRedemptions.createdAt} - make_interval(secs => ${ms / 1000})`,
  });
}
