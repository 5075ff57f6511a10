import { and, eq, inArray, sql } from 'drizzle-orm';
import { staffRoles } from '@noise/shared/roles';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  deliverables,
  messageReads,
  projectBriefs,
  projectMessageCounts,
  projects,
  users,
} from '../../db/schema.ts';

export interface WorkRow {
  id: string;
  type: string;
  order_number: number;
  service_title: string;
  status: string;
  expected_delivery_date: string | Date | null;
  contact_first_name: string;
  contact_last_name: string;
  contact_email: string;
  assignee_first_name: string | null;
  assignee_last_name: string | null;
  assignee_display_name: string | null;
  assignee_email: string | null;
  briefed: boolean;
  awaiting_approval: boolean;
  unread: number;
}

/** Open projects (not completed or cancelled) as the team works them. */
export function createWorkRepository(db: Db) {
  return {
    /**
     * One member's open projects (or everyone's, `member` null), soonest due first, with what
     * the list needs: the brief sent or not, a deliverable waiting for the customer's word, and
     * the customer messages `viewerId` has not read.
     */
    async openProjects(member: string | null, viewerId: string, limit: number) {
      return rowsOf<WorkRow>(
        await db.execute(sql`
          select p.id, p.type, p.order_number, p.service_title, p.status,
                 p.expected_delivery_date, p.contact_first_name, p.contact_last_name,
                 p.contact_email, a.first_name as assignee_first_name,
                 a.last_name as assignee_last_name, a.display_name as assignee_display_name,
                 a.email as assignee_email,
                 exists (select 1 from ${projectBriefs} b where b.project_id = p.id) as briefed,
                 exists (
                   select 1 from ${deliverables} d
                   where d.project_id = p.id and d.decision is null
                     and not exists (select 1 from ${deliverables} newer
                       where newer.project_id = d.project_id and newer.name_key = d.name_key
                         and newer.version > d.version)
                 ) as awaiting_approval,
                 coalesce((select (c.customer_messages - coalesce(r.seen_customer, 0))::int
                    from ${projectMessageCounts} c
                    left join ${messageReads} r
                      on r.project_id = c.project_id and r.user_id = ${viewerId}
                  where c.project_id = p.id), 0) as unread
          from ${projects} p
          left join ${users} a on a.id = p.coordinator_id
          where p.status not in ('completed', 'cancelled')
            and (${member}::text is null or p.coordinator_id = ${member})
          order by p.expected_delivery_date asc nulls last, p.created_at asc, p.id asc
          limit ${limit}`),
      );
    },

    /** Team members who asked for the daily summary. */
    async dailySummaryMembers(): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.dailySummary, true), inArray(users.role, [...staffRoles])));
      return rows.map((r) => r.id);
    },

    async member(id: string) {
      const [row] = await db
        .select({
          id: users.id,
          role: users.role,
          email: users.email,
          dailySummary: users.dailySummary,
        })
        .from(users)
        .where(and(eq(users.id, id), inArray(users.role, [...staffRoles])));
      return row;
    },
  };
}
export type WorkRepository = ReturnType<typeof createWorkRepository>;
