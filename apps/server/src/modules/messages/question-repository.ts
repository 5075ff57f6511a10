import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { QuestionStatus } from '@noise/shared/questions';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  companies,
  customQuotes,
  messageAttachments,
  projectMessages,
  questionMessageCounts,
  questionReads,
  questions,
  users,
  type MessageSide,
} from '../../db/schema.ts';
import type { NewMessageFile } from './repository.ts';

export type QuestionRow = typeof questions.$inferSelect;

export interface NewQuestionMessage {
  authorId: string;
  authorName: string;
  side: MessageSide;
  text: string;
  internal: boolean;
  via: 'web' | 'email';
}

/** A question with what its pages name: its company, assignee and the proposal it became. */
export interface QuestionWithNames extends QuestionRow {
  companyName: string;
  assigneeName: string | null;
  /** The asker's address now (the quote form's 'For'); '' once their account is gone. */
  askedByEmail: string;
  quoteName: string | null;
  quoteSentAt: Date | null;
}

/** One line of a list of questions, read for one person. */
export interface QuestionListRow {
  id: string;
  subject: string;
  status: QuestionStatus;
  created_by_name: string;
  company_name: string;
  assignee_id: string | null;
  assignee_name: string | null;
  last_text: string | null;
  last_side: MessageSide | null;
  last_at: string | Date | null;
  unread: number;
  created_at: string | Date;
}

const personName = (alias: string) =>
  sql.raw(
    `coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email)`,
  );

/** `userId`'s read mark on a question moved to `at`, as messages' `readMark` for projects. */
function questionReadMark(userId: string, questionId: string, at: SQL) {
  return sql`
    insert into ${questionReads} (user_id, question_id, read_at, seen_customer, seen_team)
    select ${userId}, ${questionId}, ${at}, c.customer_messages, c.team_messages
    from ${questionMessageCounts} c where c.question_id = ${questionId}
    on conflict (user_id, question_id) do update
      set read_at = greatest(${questionReads}.read_at, excluded.read_at),
          seen_customer = greatest(${questionReads}.seen_customer, excluded.seen_customer),
          seen_team = greatest(${questionReads}.seen_team, excluded.seen_team)`;
}

/** A message on a question, its files and its author's read mark (writing counts as reading). */
async function insertQuestionMessage(
  tx: Db,
  questionId: string,
  message: NewQuestionMessage,
  files: NewMessageFile[],
) {
  const [row] = await tx
    .insert(projectMessages)
    .values({ ...message, questionId })
    .returning();
  const saved = row!;
  const stored = files.length
    ? await tx
        .insert(messageAttachments)
        .values(files.map((f, position) => ({ ...f, messageId: saved.id, position })))
        .returning()
    : [];
  await tx.execute(
    questionReadMark(
      message.authorId,
      questionId,
      sql`(select created_at from ${projectMessages} where id = ${saved.id})`,
    ),
  );
  await tx
    .update(questions)
    .set({ lastMessageAt: sql`greatest(${questions.lastMessageAt}, ${saved.createdAt})` })
    .where(eq(questions.id, questionId));
  return { message: saved, files: stored };
}

/**
 * General questions ('Ask us anything', docs/decisions/083-general-questions.md): the question
 * rows, their messages (in `project_messages`, with `question_id`) and read marks.
 */
export function createQuestionRepository(db: Db) {
  return {
    /** A new question and its first message, together. */
    async ask(
      question: { companyId: string; subject: string; createdById: string; createdByName: string },
      message: NewQuestionMessage,
      files: NewMessageFile[],
      /** Runs in the same transaction once saved (the webhook event). */
      alsoInTransaction?: (tx: Db, saved: { question: QuestionRow }) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(questions).values(question).returning();
        const saved = await insertQuestionMessage(tx, row!.id, message, files);
        await alsoInTransaction?.(tx, { question: row! });
        return { question: row!, ...saved };
      });
    },

    /** A message on a question, with its files, in one transaction. */
    async add(
      questionId: string,
      message: NewQuestionMessage,
      files: NewMessageFile[],
      alsoInTransaction?: (tx: Db) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const saved = await insertQuestionMessage(tx, questionId, message, files);
        await alsoInTransaction?.(tx);
        return saved;
      });
    },

    async find(id: string): Promise<QuestionWithNames | undefined> {
      const [row] = await db
        .select({
          question: questions,
          // A company not yet named is called what its asker typed at checkout, else after them.
          companyName: sql<string>`coalesce(nullif(${companies.name}, ''), nullif((select u.company_name from ${users} u where u.id = ${questions.createdById}), ''), ${questions.createdByName})`,
          assigneeName: sql<
            string | null
          >`(select ${personName('a')} from ${users} a where a.id = ${questions.assigneeId})`,
          askedByEmail: sql<string>`coalesce((select u.email from ${users} u where u.id = ${questions.createdById}), '')`,
          quoteName: customQuotes.name,
          quoteSentAt: customQuotes.sentAt,
        })
        .from(questions)
        .innerJoin(companies, eq(companies.id, questions.companyId))
        .leftJoin(customQuotes, eq(customQuotes.id, questions.quoteId))
        .where(eq(questions.id, id))
        .limit(1);
      if (!row) return undefined;
      return {
        ...row.question,
        companyName: row.companyName,
        assigneeName: row.assigneeName,
        askedByEmail: row.askedByEmail,
        quoteName: row.quoteName,
        quoteSentAt: row.quoteSentAt,
      };
    },

    /**
     * Questions for one reader, the newest message first: a company's (`companyId`, as its
     * customer reads them: no notes, the team's messages count as unread), or the team's (all,
     * or a co-ordinator's assigned ones; every message counts, customers' as unread).
     */
    async list(
      reader: { userId: string; team: boolean },
      filter: {
        id?: string;
        companyId?: string;
        assignedTo?: string | null;
        status?: QuestionStatus;
      },
      limit: number,
    ): Promise<QuestionListRow[]> {
      const visible = reader.team ? sql`true` : sql`m.internal = false`;
      // What is unread: the other side's messages (never notes, for a customer) since the mark.
      const seen = reader.team
        ? { counted: 'n.customer_messages', mark: 'seen_customer' }
        : { counted: 'n.team_messages', mark: 'seen_team' };
      return rowsOf<QuestionListRow>(
        await db.execute(sql`
          select q.id, q.subject, q.status, q.created_by_name, q.created_at, q.assignee_id,
                 coalesce(nullif(c.name, ''), q.created_by_name) as company_name,
                 (select ${personName('a')} from ${users} a where a.id = q.assignee_id)
                   as assignee_name,
                 last.text as last_text, last.side as last_side, last.created_at as last_at,
                 coalesce((select (${sql.raw(seen.counted)} - coalesce(r.${sql.raw(seen.mark)}, 0))::int
                   from ${questionMessageCounts} n
                   left join ${questionReads} r on r.question_id = n.question_id
                     and r.user_id = ${reader.userId}
                   where n.question_id = q.id), 0) as unread
          from ${questions} q
          join ${companies} c on c.id = q.company_id
          left join lateral (
            select m.text, m.side, m.created_at from ${projectMessages} m
            where m.question_id = q.id and ${visible}
            order by m.created_at desc, m.id desc limit 1
          ) last on true
          where true
            ${filter.id ? sql`and q.id = ${filter.id}` : sql``}
            ${filter.companyId ? sql`and q.company_id = ${filter.companyId}` : sql``}
            ${filter.assignedTo ? sql`and q.assignee_id = ${filter.assignedTo}` : sql``}
            ${filter.status ? sql`and q.status = ${filter.status}` : sql``}
          order by q.last_message_at desc, q.id desc
          limit ${limit}`),
      );
    },

    /** A file of a message on this question; team-only notes' files only when asked. */
    async findFile(
      questionId: string,
      attachmentId: string,
      { withInternal }: { withInternal: boolean },
    ) {
      const [row] = await db
        .select({ file: messageAttachments, internal: projectMessages.internal })
        .from(messageAttachments)
        .innerJoin(projectMessages, eq(projectMessages.id, messageAttachments.messageId))
        .where(
          and(eq(messageAttachments.id, attachmentId), eq(projectMessages.questionId, questionId)),
        )
        .limit(1);
      if (!row || (row.internal && !withInternal)) return undefined;
      return row.file;
    },

    /** Everything in the question's thread so far is read by `userId` (see messages.markRead). */
    async markRead(userId: string, questionId: string) {
      await db.execute(
        questionReadMark(
          userId,
          questionId,
          sql`(select max(created_at) from ${projectMessages} where question_id = ${questionId})`,
        ),
      );
    },

    async update(
      id: string,
      changes: { assigneeId?: string | null; status?: QuestionStatus; quoteId?: string },
    ): Promise<QuestionRow | undefined> {
      const [row] = await db.update(questions).set(changes).where(eq(questions.id, id)).returning();
      return row;
    },
  };
}

export type QuestionRepository = ReturnType<typeof createQuestionRepository>;
