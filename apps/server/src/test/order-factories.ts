import type { FastifyInstance } from 'fastify';
import { newIdempotencyKey, type HandlePaymentRequest } from '@noise/shared/payments';
import { priceOrder, priceQuote, type PackageType } from '@noise/shared/pricing';
import { tokenizeSandboxCard } from '@noise/shared/sandbox-card';
import { customQuotes, serviceExtras, servicePackages, services } from '../db/schema.ts';
import { bearer, createUser } from './factories.ts';

/** A service with packages and extras, inserted directly (prices in cents). */
export async function createService(
  app: FastifyInstance,
  overrides: {
    title?: string;
    packages?: {
      title?: string;
      type?: PackageType;
      baseCostCents?: number;
      recurringCostCents?: number;
      features?: string[];
    }[];
    extras?: { title?: string; priceCents?: number }[];
  } = {},
) {
  const db = app.database.db;
  const [service] = await db
    .insert(services)
    .values({
      title: overrides.title ?? 'Social Media Management',
      description: 'We post for you.',
      featurePhotoUrl: '/uploads/social.webp',
    })
    .returning();
  const packages = await db
    .insert(servicePackages)
    .values(
      (overrides.packages ?? [{}]).map((p, position) => ({
        serviceId: service!.id,
        position,
        title: p.title ?? `Package ${position + 1}`,
        type: p.type ?? 'one-time',
        baseCostCents: p.baseCostCents ?? 50_000,
        recurringCostCents: p.recurringCostCents ?? 0,
        priceSuffix: 'excluding GST',
        features: p.features ?? ['Strategy', 'Reporting'],
      })),
    )
    .returning();
  const extrasIn = overrides.extras ?? [{ title: 'Rush delivery', priceCents: 9_950 }];
  const extras =
    extrasIn.length === 0
      ? []
      : await db
          .insert(serviceExtras)
          .values(
            extrasIn.map((e, position) => ({
              serviceId: service!.id,
              position,
              title: e.title ?? `Extra ${position + 1}`,
              description: 'An extra',
              priceCents: e.priceCents ?? 1_000,
            })),
          )
          .returning();
  return { service: service!, packages, extras };
}

export async function createQuote(
  app: FastifyInstance,
  overrides: { name?: string; valueCents?: number } = {},
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
    })
    .returning();
  return quote!;
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

type ServiceFixture = Awaited<ReturnType<typeof createService>>;

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
