import {
  clientActionPermission,
  type ClientAction,
  type ClientActionsResponse,
} from '@noise/shared/client-actions';
import { companyCan } from '@noise/shared/company';
import type { AuthUser } from '../../plugins/auth.ts';
import type { ClientActionRepository, ClientActionRow } from './repository.ts';

/** At most this many: a dashboard lists what to do now, not a backlog. */
export const CLIENT_ACTIONS_MAX = 50;

function hrefOf(row: ClientActionRow): string {
  switch (row.kind) {
    case 'brief':
      return `/dashboard/projects/${row.project_id}#brief`;
    case 'proposal':
    case 'balance':
      return `/custom-quote/${row.quote_id}`;
    case 'renewal':
      return '/dashboard/profile#profile-card';
    case 'deliverable':
      return `/dashboard/projects/${row.project_id}#deliverables`;
  }
}

/**
 * What needs the caller now (docs/product.md#needs-your-action): their company's waiting things
 * that their role may do. Staff belong to no company and get none.
 */
export async function needsAction(
  repo: ClientActionRepository,
  caller: AuthUser,
): Promise<ClientActionsResponse> {
  if (!caller.companyId) return { items: [] };
  const rows = await repo.openFor(caller.companyId, CLIENT_ACTIONS_MAX);
  const items: ClientAction[] = rows
    .filter((row) => companyCan(caller.companyRole, clientActionPermission[row.kind]))
    .map((row) => ({
      kind: row.kind,
      title: row.title,
      orderNumber: row.order_number === null ? null : Number(row.order_number),
      href: hrefOf(row),
      since: new Date(row.since).toISOString(),
    }));
  return { items };
}
