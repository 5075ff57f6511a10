import type { MoneyOf } from '../payments/order-money-of.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OVERVIEW_LATEST_SALES,
  OVERVIEW_NEW_CLIENTS,
  overviewSchema,
  setupChecklistSchema,
  type Overview,
  type RevenuePeriod,
} from '@noise/shared/overview';
import { toDollars } from '@noise/shared/pricing';
import { displayNameOf } from '@noise/shared/user';
import type { Config } from '../../config.ts';
import { requireUser } from '../../plugins/auth.ts';
import { assignedScope } from '../projects/visibility.ts';
import type { OverviewRepository, RevenueWindow } from './repository.ts';
import { setupChecklist, type SetupFacts } from './setup-checklist.ts';

export interface OverviewDeps {
  overview: OverviewRepository;
  /** Orders' figures from their payments (payments/order-money-of.ts). */
  moneyOf: MoneyOf;
  config: Config;
  /** What the setup checklist reads besides the settings. */
  setupFacts: () => Promise<SetupFacts>;
  /** IANA time zone of the business (BUSINESS_TIMEZONE). */
  timeZone: string;
  /** The clock; tests pass a fixed one. */
  now: () => Date;
}

/**
 * The staff overview: latest sales, newest customers, revenue today, this week, this month. A
 * co-ordinator's (`assignedTo`) counts only the projects assigned to them, and the orders waiting
 * for a co-ordinator are for admins, who assign them.
 */
export async function loadOverview(
  deps: OverviewDeps,
  assignedTo: string | null = null,
): Promise<Overview> {
  const [sales, waiting, clients, revenue] = await Promise.all([
    deps.overview.latestSales(OVERVIEW_LATEST_SALES, assignedTo),
    assignedTo ? [] : deps.overview.salesWithoutCoordinator(OVERVIEW_LATEST_SALES),
    deps.overview.newestClients(OVERVIEW_NEW_CLIENTS, assignedTo),
    deps.overview.revenue(deps.now(), deps.timeZone, assignedTo),
  ]);
  const period = (w: RevenueWindow): RevenuePeriod => ({
    totalSales: toDollars(w.salesCents),
    totalOrders: w.orders,
    from: w.from.toISOString(),
    to: w.to.toISOString(),
  });
  const money = await deps.moneyOf([...sales, ...waiting]);
  const toSale = (s: (typeof sales)[number]) => ({
    id: s.id,
    title: s.title,
    type: s.type,
    date: s.createdAt.toISOString(),
    totalPrice: toDollars(s.totalPriceCents),
    money: money.get(s.id)!,
  });
  return {
    salesData: sales.map(toSale),
    needsCoordinator: waiting.map(toSale),
    clients: clients.map((c) => {
      const profile = { displayName: c.displayName, firstName: c.firstName, lastName: c.lastName };
      return {
        _id: c.id,
        profile,
        name: displayNameOf(profile),
        createdAt: c.createdAt.toISOString(),
      };
    }),
    revenue: {
      today: period(revenue.today),
      week: period(revenue.week),
      month: period(revenue.month),
      timeZone: deps.timeZone,
    },
  };
}

export function registerOverviewRoutes(app: FastifyInstance, deps: OverviewDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/overview/setup',
    {
      // Admins and super-admins: the ones who can change what it lists.
      config: { access: 'site-users:manage' },
      schema: {
        tags: ['overview'],
        summary: 'What the shop still needs before it trades for real',
        response: { 200: setupChecklistSchema },
      },
    },
    async () => setupChecklist(deps.config, await deps.setupFacts()),
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/overview',
    {
      config: { access: 'overview:read' },
      schema: {
        tags: ['overview'],
        summary: 'Latest sales, newest customers and revenue for the staff dashboard',
        description:
          'Revenue periods are the local day, the week from Monday and the calendar month in ' +
          'BUSINESS_TIMEZONE. totalSales is money received (succeeded payments, GST included); ' +
          'totalOrders is orders placed (docs/decisions/020-overview-revenue.md).',
        response: { 200: overviewSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return loadOverview(deps, assignedScope(requireUser(request)));
    },
  );
}
