import { localDate } from '@noise/shared/dates';
import { projectStatusLabels, salesQuery, type ProjectStatus } from '@noise/shared/project';
import type { z } from 'zod';
import type { ProjectRepository } from '../projects/repository.ts';

const CSV_MAX_ROWS = 50_000;

/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The Sales list as CSV, with the list's filters: a byte-order mark so spreadsheets read UTF-8,
 * CRLF lines, amounts as plain numbers (they sum) and the currency in its own column.
 */
export async function salesCsv(
  deps: { projects: ProjectRepository; timeZone: string; now: Date },
  query: Omit<z.infer<typeof salesQuery>, 'cursor' | 'limit'>,
): Promise<{ filename: string; body: string }> {
  const rows = await deps.projects.listPage(
    { ...query, timeZone: deps.timeZone, now: deps.now },
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
  const day = localDate(deps.now, deps.timeZone);
  return {
    filename: `sales-${day}.csv`,
    body: `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`,
  };
}
