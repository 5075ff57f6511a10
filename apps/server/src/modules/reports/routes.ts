import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { projectStatusLabels, salesQuery, type ProjectStatus } from '@noise/shared/project';
import {
  gstReportSchema,
  REPORT_MAX_POINTS,
  revenueReportQuery,
  revenueReportSchema,
} from '@noise/shared/reports';
import type { Config } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';
import { salesFilters } from '../projects/sales-filters.ts';
import type { ProjectRepository } from '../projects/repository.ts';
import type { ReportRepository } from './repository.ts';

const DAY_MS = 24 * 3600_000;
const DEFAULT_SPAN_DAYS = { day: 30, week: 7 * 12, month: 365 } as const;
const CSV_MAX_ROWS = 50_000;

/** Today's date in the business time zone, as YYYY-MM-DD. */
function localToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const QUARTER_MONTHS = ['Jan–Mar', 'Apr–Jun', 'Jul–Sep', 'Oct–Dec'];

/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function registerReportRoutes(
  app: FastifyInstance,
  deps: { config: Config; reports: ReportRepository; projects: ProjectRepository; now: () => Date },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'reporting:read' as const;
  const tags = ['reports'];
  const tz = deps.config.businessTimeZone;

  r.get(
    '/api/reports/revenue',
    {
      config: { access },
      schema: { tags, querystring: revenueReportQuery, response: { 200: revenueReportSchema } },
    },
    async (request) => {
      const { granularity } = request.query;
      const to = request.query.to ?? localToday(deps.now(), tz);
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
      const [series, byService] = await Promise.all([
        deps.reports.series(granularity, from, to, tz),
        deps.reports.byService(from, to, tz),
      ]);
      return { timeZone: tz, granularity, from, to, series, byService };
    },
  );

  r.get(
    '/api/reports/gst',
    { config: { access }, schema: { tags, response: { 200: gstReportSchema } } },
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

  /** The Sales list as CSV, with the same filters as the list. */
  r.get(
    '/api/reports/sales.csv',
    {
      config: { access },
      schema: { tags, querystring: salesQuery.omit({ cursor: true, limit: true }) },
    },
    async (request, reply) => {
      const rows = await deps.projects.listPage(
        salesFilters(request.query, tz, deps.now()),
        CSV_MAX_ROWS,
      );
      const header = [
        'Order number',
        'Date',
        'Type',
        'Company',
        'Customer',
        'Email',
        'Service',
        'Package',
        'Status',
        'Total (exc. GST)',
        'Charged first (inc. GST)',
        'Recurring (inc. GST)',
        'Currency',
      ];
      const lines = rows.map(({ project: p }) =>
        [
          p.orderNumber,
          p.createdAt.toISOString(),
          p.type === 'Project' ? 'Project' : 'Custom quote',
          p.contactCompanyName,
          `${p.contactFirstName} ${p.contactLastName}`.trim(),
          p.contactEmail,
          p.serviceTitle,
          p.packageTitle,
          projectStatusLabels[p.status as ProjectStatus] ?? p.status,
          (p.totalPriceCents / 100).toFixed(2),
          (p.oneTimeTotalWithGstCents / 100).toFixed(2),
          (p.recurringTotalWithGstCents / 100).toFixed(2),
          p.currency,
        ]
          .map(csvCell)
          .join(','),
      );
      const day = localToday(deps.now(), tz);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sales-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(`\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`);
    },
  );
}
