import type { MoneyOf } from '../payments/order-money-of.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { localDate } from '@noise/shared/dates';
import { salesQuery } from '@noise/shared/project';
import {
  gstReportSchema,
  recurringReportSchema,
  REPORT_MAX_POINTS,
  revenueReportQuery,
  revenueReportSchema,
} from '@noise/shared/reports';
import type { Config } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';
import type { ProjectRepository } from '../projects/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import type { Repositories } from '../../repositories.ts';
import { recurringReport } from './recurring-report.ts';
import type { ReportRepository } from './repository.ts';
import { salesCsv } from './sales-csv.ts';

const DAY_MS = 24 * 3600_000;
const DEFAULT_SPAN_DAYS = { day: 30, week: 7 * 12, month: 365 } as const;

const QUARTER_MONTHS = ['Jan–Mar', 'Apr–Jun', 'Jul–Sep', 'Oct–Dec'];

export function registerReportRoutes(
  app: FastifyInstance,
  deps: {
    config: Config;
    reports: ReportRepository;
    projects: ProjectRepository;
    users: UserRepository;
    /** Orders' figures from their payments (payments/order-money-of.ts). */
    moneyOf: MoneyOf;
    /** The recurring figures read plans and invoices (recurring-report.ts). */
    repos: Repositories;
    now: () => Date;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'reporting:read' as const;
  const tags = ['reports'];
  const tz = deps.config.businessTimeZone;

  r.get(
    '/api/reports/revenue',
    {
      config: { access },
      schema: {
        summary: 'Money received by day, week or month',
        tags,
        querystring: revenueReportQuery,
        response: { 200: revenueReportSchema },
      },
    },
    async (request) => {
      const { granularity } = request.query;
      const to = request.query.to ?? localDate(deps.now(), tz);
      const from =
        request.query.from ??
        new Date(Date.parse(`${to}T00:00:00Z`) - DEFAULT_SPAN_DAYS[granularity] * DAY_MS)
          .toISOString()
          .slice(0, 10);
      if (from > to) throw badRequest('The start date must be before the end date');
      const spanDays = (Date.parse(to) - Date.parse(from)) / DAY_MS;
      const points = spanDays / { day: 1, week: 7, month: 28 }[granularity];
      if (points > REPORT_MAX_POINTS) {
        throw badRequest(
          'That range is too long for this view: choose weeks or months, or a shorter range',
        );
      }
      const [series, byService, discountsGivenCents] = await Promise.all([
        deps.reports.series(granularity, from, to, tz),
        deps.reports.byService(from, to, tz),
        deps.reports.discountsGiven(from, to, tz),
      ]);
      return { timeZone: tz, granularity, from, to, series, byService, discountsGivenCents };
    },
  );

  r.get(
    '/api/reports/gst',
    {
      config: { access },
      schema: { summary: 'GST collected by quarter', tags, response: { 200: gstReportSchema } },
    },
    async () => {
      const quarters = await deps.reports.gstByQuarter(deps.now(), 8, tz);
      return {
        timeZone: tz,
        quarters: quarters.map((q) => ({
          ...q,
          label: `${QUARTER_MONTHS[Math.floor((Number(q.from.slice(5, 7)) - 1) / 3)]} ${q.from.slice(0, 4)}`,
        })),
      };
    },
  );

  r.get(
    '/api/reports/recurring',
    {
      config: { access },
      schema: {
        summary:
          "The plans' monthly amount, the renewals of the next 30 days, unpaid invoices by age",
        tags,
        response: { 200: recurringReportSchema },
      },
    },
    async () => recurringReport({ repos: deps.repos, timeZone: tz }, deps.now()),
  );

  /** The Sales list as CSV, with the same filters as the list. */
  r.get(
    '/api/reports/sales.csv',
    {
      config: { access },
      schema: {
        summary: 'Download sales as CSV',
        tags,
        querystring: salesQuery.omit({ cursor: true, limit: true }),
      },
    },
    async (request, reply) => {
      const csv = await salesCsv(
        {
          projects: deps.projects,
          users: deps.users,
          moneyOf: deps.moneyOf,
          timeZone: tz,
          now: deps.now(),
        },
        request.query,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv.body);
    },
  );
}
