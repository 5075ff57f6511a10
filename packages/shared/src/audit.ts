import { z } from 'zod';
import { localDateSchema } from './dates.ts';

/**
 * The kinds of the audit log screen (docs/decisions/055): each a named group of actions, so the
 * filter, the list and the CSV say 'Prices and packages' rather than action names. An action in
 * no group is 'Other'.
 */
export const auditKinds = [
  'sign-ins',
  'roles',
  'prices',
  'subscriptions',
  'deletions',
  'assignments',
  'statuses',
  'customers',
  'quotes',
  'other',
] as const;
export type AuditKind = (typeof auditKinds)[number];

export const auditKindLabels: Record<AuditKind, string> = {
  'sign-ins': 'Sign-ins',
  roles: 'Roles and permissions',
  prices: 'Prices and packages',
  subscriptions: 'Refunds and subscriptions',
  deletions: 'Deletions and archives',
  assignments: 'Assignments and due dates',
  statuses: 'Statuses and projects',
  customers: 'Customers and notes',
  quotes: 'Quotes',
  other: 'Other',
};

/** The actions of each kind; the server filters by these names. */
export const auditKindActions: Record<Exclude<AuditKind, 'other'>, readonly string[]> = {
  'sign-ins': [
    'auth.staff_signed_in',
    'auth.staff_sign_in_refused',
    'auth.two_factor_enabled',
    'auth.two_factor_disabled',
    'auth.two_factor_reset',
    'auth.two_factor_required',
  ],
  roles: [
    'user.created',
    'user.role_changed',
    'user.password_set',
    'user.reset_link_sent',
    'api_key.created',
    'api_key.revoked',
  ],
  prices: [
    'service.price_changed',
    'service.package_price_changed',
    'service.package_added',
    'service.package_removed',
    'service.extra_price_changed',
    'service.extra_added',
    'service.extra_removed',
  ],
  subscriptions: [
    'subscription.cancelled',
    'subscription.plan_changed',
    'subscription.plan_change_scheduled',
    'subscription.plan_change_cancelled',
    'payment.refunded',
  ],
  deletions: [
    'service.archived',
    'service.deleted',
    'page.deleted',
    'industry.deleted',
    'user.deleted',
    'quote.deleted',
  ],
  assignments: ['project.reassigned', 'project.due_date_overridden'],
  statuses: [
    'project.status_update',
    'project.status_changed',
    'project.updated',
    'deliverable.approved',
    'deliverable.changes_requested',
  ],
  customers: ['note.added', 'card.replaced'],
  quotes: [
    'quote.created',
    'quote.updated',
    'quote.price_changed',
    'quote.sent',
    'quote.acceptance_recorded',
  ],
};

const kindOfAction = new Map(
  Object.entries(auditKindActions).flatMap(([kind, actions]) =>
    actions.map((action) => [action, kind as AuditKind]),
  ),
);

export function auditKindOf(action: string): AuditKind {
  return kindOfAction.get(action) ?? 'other';
}

/** Every action some kind names: 'Other' is everything else. */
export const groupedAuditActions: readonly string[] = [...kindOfAction.keys()];

/** GET /api/audit and /api/audit.csv: newest first, filtered; days are the business's. */
export const auditQuery = z.object({
  /** Who did it: a person's id from GET /api/audit/people. */
  person: z.string().trim().max(64).optional(),
  kind: z.enum(auditKinds).optional(),
  /** Local dates (YYYY-MM-DD, inclusive) in the business time zone. */
  from: localDateSchema.optional(),
  to: localDateSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditItemSchema = z.object({
  _id: z.string(),
  /** Null when nobody was signed in (a refused sign-in) or the person was deleted since. */
  actorId: z.string().nullable(),
  /** The name at the time; empty when nobody was signed in. */
  actorName: z.string(),
  action: z.string(),
  kind: z.enum(auditKinds),
  summary: z.string(),
  /** What it was and what it became, as text, when the entry records both. */
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** The address the request came from; empty for work no request started. */
  ip: z.string(),
  /** The API key the person's integration called with (its name then); null when none was. */
  apiKey: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** The staff screen of the thing changed (under /wkm-dashboard), when there is one. */
  link: z.string().nullable(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

export const auditPageSchema = z.object({
  items: z.array(auditItemSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /api/audit/people: everyone the log names as having done something, by name. */
export const auditPeopleSchema = z.array(z.object({ _id: z.string(), name: z.string() }));
export type AuditPerson = z.infer<typeof auditPeopleSchema>[number];
