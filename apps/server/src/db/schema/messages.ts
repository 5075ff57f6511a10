import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { QuestionStatus } from '@noise/shared/questions';
import { id, createdAt, updatedAt, position } from './columns.ts';
import { companies } from './companies.ts';
import { projects } from './projects.ts';
import { customQuotes } from './quotes.ts';
import { users } from './users.ts';

/**
 * The project's conversation and general questions (modules/messages,
 * docs/decisions/052-project-messages.md, docs/decisions/083-general-questions.md).
 */

/** Who wrote a message, as the thread shows it: the agency's team or the project's customer. */
export type MessageSide = 'team' | 'customer';

/**
 * 'Ask us anything' (docs/decisions/083-general-questions.md): a conversation of a client company
 * with the team that belongs to no order. Its messages are `project_messages` rows with
 * `question_id` set instead of `project_id`.
 */
export const questions = pgTable(
  'questions',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** The first line of the question, as lists show it. */
    subject: text('subject').notNull(),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull().default(''),
    /** The team member it is assigned to; a co-ordinator sees only theirs (decision 056). */
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<QuestionStatus>().notNull().default('open'),
    /** The proposal staff turned it into. */
    quoteId: text('quote_id').references(() => customQuotes.id, { onDelete: 'set null' }),
    /** The newest message's time: lists are ordered by it. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_company_idx').on(t.companyId, t.lastMessageAt),
    index('questions_assignee_idx').on(t.assigneeId, t.lastMessageAt),
    index('questions_status_idx').on(t.status, t.lastMessageAt),
    check('questions_status', sql`${t.status} in ('open', 'closed')`),
  ],
);

/**
 * A message on a project, or on a general question (exactly one of the two). `internal` notes
 * are the team's only: no route a customer may call returns them. The author's name is kept as
 * it was when they wrote.
 */
export const projectMessages = pgTable(
  'project_messages',
  {
    id: id(),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    questionId: text('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull().default(''),
    side: text('side').$type<MessageSide>().notNull(),
    text: text('text').notNull().default(''),
    internal: boolean('internal').notNull().default(false),
    /** 'email' when it came as a reply to a message email. */
    via: text('via').$type<'web' | 'email'>().notNull().default('web'),
    createdAt: createdAt(),
  },
  (t) => [
    // A page of a thread, newest first, is one range of these (docs/decisions/084).
    index('project_messages_project_idx').on(t.projectId, t.createdAt, t.id),
    index('project_messages_question_idx').on(t.questionId, t.createdAt, t.id),
    check(
      'project_messages_one_thread',
      sql`(${t.projectId} is null) <> (${t.questionId} is null)`,
    ),
  ],
);

/** Files of a message: private, served only to the project's customer and the team. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: id(),
    messageId: text('message_id')
      .notNull()
      .references(() => projectMessages.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    position: position(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId, t.position)],
);

/**
 * How far a person has read a project's thread: messages after this time are unread. `seen_*` are
 * the thread's counts (`projectMessageCounts`) when they read it, so that what is unread is a
 * subtraction, not a count of messages (docs/decisions/084-flat-reads-at-scale.md).
 */
export const messageReads = pgTable(
  'message_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    seenCustomer: integer('seen_customer').notNull().default(0),
    seenTeam: integer('seen_team').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/** How far a person has read a general question's thread, as `message_reads` for projects. */
export const questionReads = pgTable(
  'question_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    seenCustomer: integer('seen_customer').notNull().default(0),
    seenTeam: integer('seen_team').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

/**
 * A project's messages counted by a trigger on `project_messages` (migration 0035): the
 * customer's, the team's that the customer sees (not notes), and when the customer last wrote.
 * A reader's unread count is these less what their read mark saw.
 */
export const projectMessageCounts = pgTable(
  'project_message_counts',
  {
    projectId: text('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    customerMessages: integer('customer_messages').notNull().default(0),
    teamMessages: integer('team_messages').notNull().default(0),
    lastCustomerAt: timestamp('last_customer_at', { withTimezone: true }),
  },
  (t) => [index('project_message_counts_last_customer_idx').on(t.lastCustomerAt)],
);

/** A general question's messages counted, as `projectMessageCounts` for projects. */
export const questionMessageCounts = pgTable('question_message_counts', {
  questionId: text('question_id')
    .primaryKey()
    .references(() => questions.id, { onDelete: 'cascade' }),
  customerMessages: integer('customer_messages').notNull().default(0),
  teamMessages: integer('team_messages').notNull().default(0),
  lastCustomerAt: timestamp('last_customer_at', { withTimezone: true }),
});

/** What the customer said of a deliverable version; null while it waits for them. */
export type DeliverableDecision = 'approved' | 'changes-requested';

/**
 * A message the team sent as a deliverable: one version of a named piece of work (a logo, an
 * audit). Versions of one name count 1, 2, 3 per project; the newest is the one the customer
 * approves or sends back, the older ones are superseded. Who decided and when is kept here.
 */
export const deliverables = pgTable(
  'deliverables',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    messageId: text('message_id')
      .notNull()
      .unique()
      .references(() => projectMessages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The name folded (trimmed, lower case): versions of 'Logo' and 'logo ' are one deliverable. */
    nameKey: text('name_key').notNull(),
    version: integer('version').notNull(),
    decision: text('decision').$type<DeliverableDecision>(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('deliverables_version_idx').on(t.projectId, t.nameKey, t.version)],
);
