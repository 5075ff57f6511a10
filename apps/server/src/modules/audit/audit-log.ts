import {
  auditKindActions,
  auditKindLabels,
  auditKindOf,
  groupedAuditActions,
  type AuditItem,
  type AuditPage,
  type AuditPerson,
  type auditQuery,
} from '@noise/shared/audit';
import { localDate } from '@noise/shared/dates';
import { subscriptionStatusLabels, type SubscriptionStatus } from '@noise/shared/payments';
import { formatMoney } from '@noise/shared/pricing';
import { projectStatusLabels, type ProjectStatus } from '@noise/shared/project-constants';
import { roleLabels, type Role } from '@noise/shared/roles';
import { displayNameOf } from '@noise/shared/user';
import type { z } from 'zod';
import { csvCell } from '../../lib/csv.ts';
import { badRequest } from '../../lib/errors.ts';
import { encodeCursor } from '../../lib/cursor.ts';
import type { AuditLogFilter, AuditRepository, AuditRow } from './repository.ts';

export interface AuditLogDeps {
  audit: AuditRepository;
  timeZone: string;
}

type LogQuery = z.output<typeof auditQuery>;

const CSV_MAX_ROWS = 50_000;

function filterOf(query: Omit<LogQuery, 'limit'>, timeZone: string): AuditLogFilter {
  if (query.from && query.to && query.from > query.to) {
    throw badRequest('The start date must be before the end date');
  }
  const { kind } = query;
  return {
    actorId: query.person || undefined,
    ...(kind === 'other'
      ? { exceptActions: groupedAuditActions }
      : kind
        ? { actions: auditKindActions[kind] }
        : {}),
    from: query.from,
    to: query.to,
    timeZone,
    cursor: query.cursor,
  };
}

/** A page of the log, newest first, and the cursor of the next one. */
export async function listAuditLog(deps: AuditLogDeps, query: LogQuery): Promise<AuditPage> {
  const rows = await deps.audit.listPage(filterOf(query, deps.timeZone), query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => toAuditItem(row.entry)),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor(last.cursorAt, last.entry.id) : null,
  };
}

/** The people the screen's 'Person' filter offers: whoever the log names, by name. */
export async function listAuditPeople(deps: Pick<AuditLogDeps, 'audit'>): Promise<AuditPerson[]> {
  const actors = await deps.audit.listActors();
  return actors
    .map((a) => ({ _id: a.id, name: displayNameOf(a) || a.email }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The log as CSV with the screen's filters: a byte-order mark so spreadsheets read UTF-8, CRLF
 * lines, and every cell defused (a summary quotes what staff typed).
 */
export async function auditLogCsv(
  deps: AuditLogDeps & { now: Date },
  query: Omit<LogQuery, 'cursor' | 'limit'>,
): Promise<{ filename: string; body: string }> {
  const rows = await deps.audit.listPage(filterOf(query, deps.timeZone), CSV_MAX_ROWS);
  const header = ['When', 'Who', 'Kind', 'What', 'Before', 'After', 'Address', 'Action', 'Link'];
  const lines = rows.map(({ entry }) => {
    const item = toAuditItem(entry);
    return [
      item.createdAt,
      item.apiKey ? `${item.actorName} (API key '${item.apiKey.name}')` : item.actorName,
      auditKindLabels[item.kind],
      item.summary,
      item.before,
      item.after,
      item.ip,
      item.action,
      item.link,
    ]
      .map(csvCell)
      .join(',');
  });
  return {
    filename: `audit-log-${localDate(deps.now, deps.timeZone)}.csv`,
    body: `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`,
  };
}

export function toAuditItem(row: AuditRow): AuditItem {
  const change = changeOf(row.action, row.data);
  return {
    _id: row.id,
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    kind: auditKindOf(row.action),
    summary: row.summary,
    before: change?.before ?? null,
    after: change?.after ?? null,
    ip: row.ip,
    apiKey: row.apiKeyId ? { _id: row.apiKeyId, name: row.apiKeyName } : null,
    createdAt: row.createdAt.toISOString(),
    link: linkOf(row),
  };
}

/**
 * Before and after as text, when the entry's data holds both (`from` and `to`) and they differ.
 * Entries written over the years keep their own shapes, so this reads them as they are: amounts
 * are cents, statuses and roles have labels, objects list their fields.
 */
export function changeOf(
  action: string,
  data: Record<string, unknown>,
): { before: string; after: string } | null {
  if (!('from' in data) || !('to' in data)) return null;
  if (JSON.stringify(data.from) === JSON.stringify(data.to)) return null;
  return { before: describe(action, '', data.from), after: describe(action, '', data.to) };
}

function describe(action: string, key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'number') {
    return key.endsWith('Cents') || (key === '' && action.includes('price'))
      ? formatMoney(value)
      : String(value);
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return labelOf(action, value);
  if (Array.isArray(value)) return value.map((v) => describe(action, key, v)).join(', ');
  if (typeof value === 'object') {
    const text = Object.entries(value)
      .map(([k, v]) => `${words(k)} ${describe(action, k, v)}`)
      .join(', ');
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return String(value);
}

function labelOf(action: string, value: string): string {
  if (action.startsWith('user.')) return roleLabels[value as Role] ?? value;
  if (action.startsWith('project.')) return projectStatusLabels[value as ProjectStatus] ?? value;
  if (action.startsWith('subscription.')) {
    return subscriptionStatusLabels[value as SubscriptionStatus] ?? value;
  }
  return value;
}

/** 'baseCostCents' -> 'base cost'. */
function words(key: string): string {
  return key
    .replace(/Cents$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

const SCREENS: Record<string, string> = {
  project: 'sales/edit',
  service: 'services/edit',
  page: 'pages/edit',
  industry: 'industries/edit',
  quote: 'custom-quotes/edit',
};

/** The staff screen of what the entry is about; none for what was deleted. */
export function linkOf(row: Pick<AuditRow, 'action' | 'entityType' | 'entityId' | 'data'>) {
  if (row.action.endsWith('.deleted')) return null;
  const at = (screen: string, id: unknown) =>
    typeof id === 'string' && id ? `/wkm-dashboard/${screen}/${id}` : null;
  if (row.entityType === 'service_package' || row.entityType === 'service_extra') {
    return at('services/edit', row.data.serviceId);
  }
  if (row.entityType === 'user') {
    // Notes and cards are on the customer's page; roles, passwords and sign-ins on the user's.
    return row.action.startsWith('note.') || row.action.startsWith('card.')
      ? at('customers/edit', row.entityId)
      : at('site-users/edit', row.entityId);
  }
  const screen = SCREENS[row.entityType];
  return screen ? at(screen, row.entityId) : null;
}
