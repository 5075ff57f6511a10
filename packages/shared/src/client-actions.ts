import { z } from 'zod';
import type { CompanyPermission } from './company.ts';

/**
 * What waits for the client (docs/product.md#needs-your-action): the dashboard opens with these,
 * each linking straight to where it is done.
 */
export const clientActionKinds = [
  'brief',
  'proposal',
  'balance',
  'renewal',
  'deliverable',
] as const;
export type ClientActionKind = (typeof clientActionKinds)[number];

/** The button of each kind: what the client does there. */
export const clientActionLabels: Record<ClientActionKind, string> = {
  brief: 'Send your brief',
  proposal: 'Sign the proposal',
  balance: 'Pay the balance',
  renewal: 'Update your card',
  deliverable: 'Review the deliverable',
};

/** Who of a company is asked: the company permission each kind needs (docs/decisions/074). */
export const clientActionPermission: Record<ClientActionKind, CompanyPermission> = {
  brief: 'work',
  proposal: 'projects',
  balance: 'billing',
  renewal: 'billing',
  deliverable: 'work',
};

export const clientActionSchema = z.object({
  kind: z.enum(clientActionKinds),
  /** What it is about: the service or quote, and for a deliverable its name. */
  title: z.string(),
  orderNumber: z.number().int().nullable(),
  /** Where it is done, in the web app. */
  href: z.string(),
  /** Since when it waits (ISO). */
  since: z.string(),
});
export type ClientAction = z.infer<typeof clientActionSchema>;

export const clientActionsResponse = z.object({ items: z.array(clientActionSchema) });
export type ClientActionsResponse = z.infer<typeof clientActionsResponse>;
