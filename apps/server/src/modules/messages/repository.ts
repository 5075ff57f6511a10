import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { anyOf, anyOfPlaceholder } from '../../db/any-of.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  deliverables,
  messageAttachments,
  messageReads,
  projectMessageCounts,
  projectMessages,
  projects,
  users,
  type DeliverableDecision,
  type MessageSide,
} from '../../db/schema.ts';

export type MessageRow = typeof projectMessages.$inferSelect;
export type MessageAttachmentRow = typeof messageAttachments.$inferSelect;
export type DeliverableRow = typeof deliverables.$inferSelect;

export interface NewMessage {
  projectId: string;
  authorId: string;
  authorName: string;
  side: MessageSide;
  text: string;
  internal: boolean;
  via: 'web' | 'email';
}

/** The name a deliverable's versions share: 'Logo', 'logo' and ' Logo ' are one. */
export const deliverableKey = (name: string) => name.trim().toLocaleLowerCase('en-AU');

export interface NewMessageFile {
  fileKey: string;
  originalName: string;
  contentType: string;
  size: number;
}

/**
 * `userId`'s read mark on a project's thread moved to `at` (never back), with the thread's counts
 * now as what they saw: their unread count is the counts less these (migration 0035).
 */
function readMark(userId: string, projectId: string, at: SQL) {
  return sql`
    insert into ${messageReads} (user_id, project_id, read_at, seen_customer, seen_team)
    select ${userId}, ${projectId}, ${at}, c.customer_messages, c.team_messages
    from ${projectMessageCounts} c where c.project_id = ${projectId}
    on conflict (user_id, project_id) do update
      set read_at = greatest(${messageReads}.read_at, excluded.read_at),
          seen_customer = greatest(${messageReads}.seen_customer, excluded.seen_customer),
          seen_team = greatest(${messageReads}.seen_team, excluded.seen_team)`;
}

/** A message, its files and its author's read mark (writing counts as reading). */
async function insertMessage(tx: Db, message: NewMessage, files: NewMessageFile[]) {
  const [row] = await tx.insert(projectMessages).values(message).returning();
  const saved = row!;
  const stored = files.length
    ? await tx
        .insert(messageAttachments)
        .values(files.map((f, position) => ({ ...f, messageId: saved.id, position })))
        .returning()
    : [];
  // The message's own time, to the microsecond (a JS Date would drop them).
  await tx.execute(
    readMark(
      message.authorId,
      message.projectId,
      sql`(select created_at from ${projectMessages} where id = ${saved.id})`,
    ),
  );
  return { message: saved, files: stored };
}

/** The most messages a page of a thread holds. */
export const THREAD_PAGE_MAX = 100;

/**
 * A thread's page and what its messages refer to, each statement built once per database handle
 * and prepared once per connection: reading a thread is the most frequent request of a project
 * page, and building these was most of the server's time on it (docs/performance.md).
 */
function threadQueries(db: Db) {
  const pages = new Map<string, ReturnType<typeof pageQuery>>();
  function pageQuery(of: 'project' | 'question', withInternal: boolean, before: boolean) {
    return db
      .select({
        message: projectMessages,
        cursorAt: sql<string>`to_char(${projectMessages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(projectMessages)
      .where(
        and(
          of === 'project'
            ? eq(projectMessages.projectId, sql.placeholder('thread'))
            : eq(projectMessages.questionId, sql.placeholder('thread')),
          withInternal ? undefined : eq(projectMessages.internal, false),
          before
            ? sql`(${projectMessages.createdAt}, ${projectMessages.id}) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')})`
            : undefined,
        ),
      )
      .orderBy(desc(projectMessages.createdAt), desc(projectMessages.id))
      .limit(sql.placeholder('limit'))
      .prepare(
        `thread_page_${of}_${withInternal ? 'all' : 'public'}_${before ? 'before' : 'newest'}`,
      );
  }
  return {
    /** The page query of this shape (eight at most), made on first use. */
    page(of: 'project' | 'question', withInternal: boolean, before: boolean) {
      const key = `${of}:${withInternal}:${before}`;
      let query = pages.get(key);
      if (!query) pages.set(key, (query = pageQuery(of, withInternal, before)));
      return query;
    },
    deliverables: db
      .select()
      .from(deliverables)
      .where(eq(deliverables.projectId, sql.placeholder('projectId')))
      .orderBy(asc(deliverables.createdAt), asc(deliverables.version))
      .prepare('thread_deliverables'),
    files: db
      .select()
      .from(messageAttachments)
      .where(anyOfPlaceholder(messageAttachments.messageId, 'ids'))
      .orderBy(asc(messageAttachments.position))
      .prepare('thread_files'),
    photos: db
      .select({ id: users.id, photo: users.profilePhotoUrl })
      .from(users)
      .where(anyOfPlaceholder(users.id, 'ids'))
      .prepare('thread_photos'),
  };
}

/** Messages with their files (in order) and their authors' photos. */
async function withFiles(queries: ReturnType<typeof threadQueries>, messages: MessageRow[]) {
  const files = messages.length
    ? await queries.files.execute({ ids: messages.map((m) => m.id) })
    : [];
  const authorIds = [...new Set(messages.flatMap((m) => (m.authorId ? [m.authorId] : [])))];
  const photos = authorIds.length ? await queries.photos.execute({ ids: authorIds }) : [];
  return {
    messages,
    files,
    photos: new Map(photos.filter((p) => p.photo).map((p) => [p.id, p.photo])),
  };
}

/** Project threads: messages, their files and each person's read mark. */
export function createMessageRepository(db: Db) {
  let prepared: ReturnType<typeof threadQueries> | undefined;
  const queries = () => (prepared ??= threadQueries(db));
  return {
    /**
     * A page of a project's thread (or a general question's): the `limit` newest messages before
     * the cursor `before` (all of them up to the newest when absent), oldest first, with their
     * files and authors' photos; team-only notes only when asked. `olderAt` is the position of
     * the page's oldest message when older ones remain (the next page's cursor), else null. Each
     * page is one range of the (thread, created_at, id) index.
     */
    async listThread(
      thread: string | { questionId: string },
      {
        withInternal,
        before,
        limit = THREAD_PAGE_MAX,
      }: { withInternal: boolean; before?: { createdAt: string; id: string }; limit?: number },
    ) {
      const newestFirst = await queries()
        .page(
          typeof thread === 'string' ? 'project' : 'question',
          withInternal,
          before !== undefined,
        )
        .execute({
          thread: typeof thread === 'string' ? thread : thread.questionId,
          beforeAt: before?.createdAt,
          beforeId: before?.id,
          limit: limit + 1,
        });
      const page = newestFirst.slice(0, limit).reverse();
      const oldest = page[0];
      const olderAt =
        newestFirst.length > limit && oldest
          ? { createdAt: oldest.cursorAt, id: oldest.message.id }
          : null;
      return {
        ...(await withFiles(
          queries(),
          page.map((r) => r.message),
        )),
        olderAt,
      };
    },

    /** Messages by id (those a page's deliverables were sent in), with their files. */
    async findMessages(ids: string[], { withInternal }: { withInternal: boolean }) {
      const messages = ids.length
        ? await db
            .select()
            .from(projectMessages)
            .where(
              and(
                anyOf(projectMessages.id, ids),
                withInternal ? undefined : eq(projectMessages.internal, false),
              ),
            )
        : [];
      return withFiles(queries(), messages);
    },

    /**
     * A message and its files, in one transaction; as the next version of a deliverable when
     * `deliverable` names one (two versions sent at once: one of them fails on the unique index).
     */
    async add(
      message: NewMessage,
      files: NewMessageFile[],
      deliverable?: { name: string },
      /** Runs in the same transaction once saved (the webhook events of the message). */
      alsoInTransaction?: (
        tx: Db,
        saved: { message: MessageRow; deliverable: DeliverableRow | null },
      ) => Promise<void>,
    ): Promise<{
      message: MessageRow;
      files: MessageAttachmentRow[];
      deliverable: DeliverableRow | null;
    }> {
      return db.transaction(async (tx) => {
        const saved = await insertMessage(tx, message, files);
        if (!deliverable) {
          await alsoInTransaction?.(tx, { message: saved.message, deliverable: null });
          return { ...saved, deliverable: null };
        }
        const nameKey = deliverableKey(deliverable.name);
        // A new version keeps the name the first one was given ('logo' adds to 'Logo').
        const [previous] = await tx
          .select({ name: deliverables.name, version: deliverables.version })
          .from(deliverables)
          .where(
            and(eq(deliverables.projectId, message.projectId), eq(deliverables.nameKey, nameKey)),
          )
          .orderBy(desc(deliverables.version))
          .limit(1);
        const [row] = await tx
          .insert(deliverables)
          .values({
            projectId: message.projectId,
            messageId: saved.message.id,
            name: previous?.name ?? deliverable.name.trim(),
            nameKey,
            version: (previous?.version ?? 0) + 1,
          })
          .returning();
        await alsoInTransaction?.(tx, { message: saved.message, deliverable: row! });
        return { ...saved, deliverable: row! };
      });
    },

    /** A project's deliverable versions, oldest first. */
    async listDeliverables(projectId: string): Promise<DeliverableRow[]> {
      return queries().deliverables.execute({ projectId });
    },

    async findDeliverable(projectId: string, id: string) {
      const [row] = await db
        .select()
        .from(deliverables)
        .where(and(eq(deliverables.id, id), eq(deliverables.projectId, projectId)))
        .limit(1);
      return row;
    },

    /**
     * The customer's word on a version: recorded only while the version is undecided and still
     * the newest of its name (checked in the same statement, so a version sent meanwhile or a
     * second click changes nothing). With `message`, the customer's message saying what to
     * change is saved in the same transaction. Undefined when it was not recorded.
     */
    async decide(
      id: string,
      decision: { kind: DeliverableDecision; by: string; byName: string; at?: Date },
      message?: NewMessage,
      /** Runs in the same transaction once recorded (the decision's webhook event). */
      alsoInTransaction?: (tx: Db, decided: DeliverableRow) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(deliverables)
          .set({
            decision: decision.kind,
            decidedBy: decision.by,
            decidedByName: decision.byName,
            decidedAt: decision.at ?? new Date(),
          })
          .where(
            and(
              eq(deliverables.id, id),
              isNull(deliverables.decision),
              sql`not exists (select 1 from ${deliverables} newer
                where newer.project_id = ${deliverables.projectId}
                  and newer.name_key = ${deliverables.nameKey}
                  and newer.version > ${deliverables.version})`,
            ),
          )
          .returning();
        if (!row) return undefined;
        const saved = message ? await insertMessage(tx, message, []) : null;
        await alsoInTransaction?.(tx, row);
        return { deliverable: row, message: saved?.message ?? null };
      });
    },

    /** A file of a message on this project; team-only notes' files only when asked. */
    async findFile(
      projectId: string,
      attachmentId: string,
      { withInternal }: { withInternal: boolean },
    ) {
      const [row] = await db
        .select({ file: messageAttachments, internal: projectMessages.internal })
        .from(messageAttachments)
        .innerJoin(projectMessages, eq(projectMessages.id, messageAttachments.messageId))
        .where(
          and(eq(messageAttachments.id, attachmentId), eq(projectMessages.projectId, projectId)),
        )
        .limit(1);
      if (!row || (row.internal && !withInternal)) return undefined;
      return row.file;
    },

    /**
     * Everything in the thread so far is read by `userId`: the mark is the newest message's own
     * time, taken in SQL (a JS Date would drop its microseconds and leave that message unread).
     */
    async markRead(userId: string, projectId: string) {
      await db.execute(
        readMark(
          userId,
          projectId,
          sql`(select max(created_at) from ${projectMessages} where project_id = ${projectId})`,
        ),
      );
    },

    /**
     * A customer's unread messages per project: the team's (never notes), since their read mark;
     * a subtraction per project (the thread's counts less what the mark saw).
     */
    async unreadForCustomer(userId: string): Promise<Record<string, number>> {
      const rows = rowsOf<{ project_id: string; n: number }>(
        await db.execute(sql`
          select c.project_id, (c.team_messages - coalesce(r.seen_team, 0))::int as n
          from ${projects} p
          join ${projectMessageCounts} c on c.project_id = p.id
          left join ${messageReads} r on r.project_id = p.id and r.user_id = ${userId}
          where p.user_id = ${userId} and p.claim_token_hash is null
            and c.team_messages > coalesce(r.seen_team, 0)`),
      );
      return Object.fromEntries(rows.map((r) => [r.project_id, Number(r.n)]));
    },

    /**
     * The team's inbox for one staff member: projects with customer messages after their read
     * mark (the thread's count less what the mark saw), the newest message first; a co-ordinator's (`assignedTo`) only their own projects.
     */
    async inboxFor(userId: string, limit: number, assignedTo: string | null = null) {
      return rowsOf<{
        project_id: string;
        order_number: number;
        service_title: string;
        first_name: string;
        last_name: string;
        email: string;
        unread: number;
        last_text: string;
        last_at: string | Date;
      }>(
        await db.execute(sql`
          select p.id as project_id, p.order_number, p.service_title,
                 p.contact_first_name as first_name, p.contact_last_name as last_name,
                 p.contact_email as email, u.unread, last.text as last_text,
                 last.created_at as last_at
          from (
            select c.project_id, (c.customer_messages - coalesce(r.seen_customer, 0))::int as unread,
                   c.last_customer_at as newest
            from ${projectMessageCounts} c
            left join ${messageReads} r on r.project_id = c.project_id and r.user_id = ${userId}
            where c.customer_messages > coalesce(r.seen_customer, 0)
          ) u
          join ${projects} p on p.id = u.project_id
            ${assignedTo ? sql`and p.coordinator_id = ${assignedTo}` : sql``}
          join lateral (
            select text, created_at from ${projectMessages} lm
            where lm.project_id = u.project_id and lm.side = 'customer'
            order by lm.created_at desc, lm.id desc limit 1
          ) last on true
          order by u.newest desc
          limit ${limit}`),
      );
    },
  };
}

export type MessageRepository = ReturnType<typeof createMessageRepository>;
