import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.ts';
import { questions } from './messages.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * Notifications: the header bells (modules/notifications).
 */

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** Where clicking it goes, a path of our site. */
    link: text('link').notNull().default(''),
    /** The project it is about, if any: message emails of one project are sent together. */
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    /** The general question it is about, if any: batched like a project's messages. */
    questionId: text('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
