import { sql } from 'drizzle-orm';
import type { ClientActionKind } from '@noise/shared/client-actions';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  companyMembers,
  customQuotes,
  deliverables,
  projectBriefs,
  projects,
  subscriptions,
} from '../../db/schema.ts';

export interface ClientActionRow {
  kind: ClientActionKind;
  title: string;
  order_number: number | null;
  project_id: string | null;
  quote_id: string | null;
  since: Date | string;
}

/** What waits for a client company (docs/product.md#needs-your-action), in one read. */
export function createClientActionRepository(db: Db) {
  return {
    /**
     * Everything of the company that waits for one of its people, oldest first within a kind:
     * briefs not sent of open projects, proposals sent and not answered (nor expired), balances
     * asked for and unpaid, renewals declined, and each deliverable's newest version with no
     * decision. A guest's order waiting to be claimed is nobody's yet (docs/decisions/043).
     */
    async openFor(companyId: string, limit: number) {
      return rowsOf<ClientActionRow>(
        await db.execute(sql`
          select * from (
            select 'brief' as kind, p.service_title as title, p.order_number, p.id as project_id,
                   null::text as quote_id, p.created_at as since, 1 as rank
              from ${projects} p
             where p.company_id = ${companyId} and p.claim_token_hash is null
               and p.status in ('active', 'on-hold')
               and not exists (select 1 from ${projectBriefs} b where b.project_id = p.id)
            union all
            select 'proposal', q.name, null, null, q.id, q.sent_at, 2
              from ${customQuotes} q
              join ${companyMembers} m on m.user_id = q.customer_id and m.company_id = ${companyId}
             where q.sent_at is not null and q.accepted_at is null and q.declined_at is null
               and q.paid_at is null and q.deposit_paid_at is null
               and (q.valid_until is null or q.valid_until > now())
            union all
            select 'balance', q.name, p.order_number, p.id, q.id, q.balance_requested_at, 3
              from ${customQuotes} q
              join ${projects} p on p.quote_id = q.id and p.company_id = ${companyId}
             where q.deposit_paid_at is not null and q.balance_requested_at is not null
               and q.paid_at is null and p.status <> 'cancelled'
            union all
            select 'renewal', p.service_title, p.order_number, p.id, null, s.updated_at, 4
              from ${subscriptions} s
              join ${projects} p on p.id = s.project_id and p.company_id = ${companyId}
             where s.status <> 'cancelled' and s.failure_count > 0
            union all
            select 'deliverable', d.name, p.order_number, p.id, null, d.created_at, 5
              from ${deliverables} d
              join ${projects} p on p.id = d.project_id and p.company_id = ${companyId}
             where d.decision is null and p.claim_token_hash is null
               and p.status not in ('completed', 'cancelled')
               and not exists (select 1 from ${deliverables} newer
                 where newer.project_id = d.project_id and newer.name_key = d.name_key
                   and newer.version > d.version)
          ) waiting
          order by rank, since, title
          limit ${limit}`),
      );
    },

    /**
     * The company's quotes that wait for a payment: signed and not yet paid at all (a deposit,
     * or the whole), and paid in part (a deposit) with the balance still to pay, with the order
     * each became and whether we asked for the balance.
     */
    async unpaidQuotes(companyId: string) {
      return rowsOf<{
        id: string;
        name: string;
        value_cents: number;
        deposit_percent: number | null;
        deposit_cents: number | null;
        deposit_paid: boolean;
        balance_requested: boolean;
        project_id: string | null;
        order_number: number | null;
      }>(
        await db.execute(sql`
          select q.id, q.name, q.value_cents, q.deposit_percent, q.deposit_cents,
                 q.deposit_paid_at is not null as deposit_paid,
                 q.balance_requested_at is not null as balance_requested,
                 p.id as project_id, p.order_number
            from ${customQuotes} q
            join ${companyMembers} m on m.user_id = q.customer_id and m.company_id = ${companyId}
            left join ${projects} p on p.quote_id = q.id
           where q.paid_at is null and q.declined_at is null
             and ((q.accepted_at is not null and q.deposit_paid_at is null and p.id is null
                   and (q.valid_until is null or q.valid_until > now()))
               or (q.deposit_paid_at is not null and p.status is distinct from 'cancelled'))
           order by q.created_at`),
      );
    },
  };
}
export type ClientActionRepository = ReturnType<typeof createClientActionRepository>;
