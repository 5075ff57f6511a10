import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { projectMessages } from '../db/schema.ts';

type ThreadColumn = 'project_id' | 'question_id';

/** `count` messages on a project straight into the table, a second apart, four at each time. */
export async function fillThread(db: Db, projectId: string, count: number) {
  await db.execute(sql`
    insert into project_messages (id, project_id, author_name, side, text, internal, created_at)
    select 'fill-' || g || '-' || ${projectId}, ${projectId}, 'Someone',
           case when g % 3 = 0 then 'customer' else 'team' end, 'Message ' || g, g % 5 = 0,
           timestamptz '2026-01-01 00:00:00Z' + (g / 4) * interval '1 second'
    from generate_series(1, ${count}) g`);
}

/** A thread's message ids as a reader may see them, oldest first, by plain SQL. */
export async function recountThread(db: Db, column: ThreadColumn, id: string, team: boolean) {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from project_messages
      where ${sql.identifier(column)} = ${id} and (${team} or not internal)
      order by created_at, id`),
  );
  return rows.map((r) => r.id);
}

/**
 * Messages of the other side (never notes, for a customer) after the reader's read mark, per
 * thread, by a scan of the messages: what the unread counters must equal.
 */
export async function recountUnread(db: Db, userId: string, team: boolean, column: ThreadColumn) {
  const reads = column === 'project_id' ? sql`message_reads` : sql`question_reads`;
  const rows = rowsOf<{ thread: string; n: number }>(
    await db.execute(sql`
      select m.${sql.identifier(column)} as thread, count(*)::int as n
      from project_messages m
      left join ${reads} r on r.${sql.identifier(column)} = m.${sql.identifier(column)}
        and r.user_id = ${userId}
      where m.${sql.identifier(column)} is not null
        and m.side = ${team ? 'customer' : 'team'} and (${team} or not m.internal)
        and (r.read_at is null or m.created_at > r.read_at)
      group by 1`),
  );
  return Object.fromEntries(rows.map((r) => [r.thread, Number(r.n)]));
}

/** What a console might do: nothing in the product edits or deletes a message. */
export async function deleteMessageByText(db: Db, text: string) {
  await db.delete(projectMessages).where(eq(projectMessages.text, text));
}

export async function changeMessageByText(
  db: Db,
  text: string,
  changes: { internal?: boolean; projectId?: string },
) {
  await db.update(projectMessages).set(changes).where(eq(projectMessages.text, text));
}
