import { z } from 'zod';
import { MESSAGE_TEXT_MAX, messageSchema } from './messages.ts';

/**
 * 'Ask us anything' (docs/product.md#ask-us-anything, docs/decisions/083-general-questions.md): a
 * conversation of a client company with the team that belongs to no order. Its messages are
 * project messages in every other way (files, notes, reply by email); staff assign it, close it
 * and may turn it into a proposal.
 */
export const questionStatuses = ['open', 'closed'] as const;
export type QuestionStatus = (typeof questionStatuses)[number];
export const questionStatusLabels: Record<QuestionStatus, string> = {
  open: 'Open',
  closed: 'Closed',
};

export const QUESTION_SUBJECT_MAX = 120;
export const EMPTY_QUESTION = 'Write your question';

/** The subject a question is listed by: its first line with words in it, shortened. */
export function subjectOf(text: string): string {
  const line =
    text
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? '';
  return line.length > QUESTION_SUBJECT_MAX ? `${line.slice(0, QUESTION_SUBJECT_MAX - 1)}…` : line;
}

/** The text of a new question, as the form and the server check it (files travel beside it). */
export const questionText = z
  .string()
  .trim()
  .min(1, EMPTY_QUESTION)
  .max(
    MESSAGE_TEXT_MAX,
    `A question can be at most ${MESSAGE_TEXT_MAX.toLocaleString('en-AU')} characters`,
  );

/** One question as a list shows it (the customer's dashboard, the staff Inbox's 'General'). */
export const questionSummarySchema = z.object({
  _id: z.string(),
  subject: z.string(),
  status: z.enum(questionStatuses),
  /** Who asked, and the client company it belongs to (for staff). */
  askedBy: z.string(),
  companyName: z.string(),
  assignee: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The newest message the reader may see (never a note, for a customer). */
  lastMessage: z
    .object({ excerpt: z.string(), createdAt: z.string(), side: z.enum(['team', 'customer']) })
    .nullable(),
  /** Messages from the other side since the reader last opened it. */
  unread: z.number().int(),
  createdAt: z.string(),
});
export type QuestionSummary = z.infer<typeof questionSummarySchema>;

/** GET /api/questions/{id}: the question and its thread as the caller may read them. */
export const questionSchema = questionSummarySchema.extend({
  /** The customer who asked (staff: the quote form's 'For'). */
  askedById: z.string().nullable(),
  askedByEmail: z.string(),
  /** A page of the thread, oldest first (see messageThreadSchema). */
  messages: z.array(messageSchema),
  /** Ask with `before=` this for older messages; null when this page starts the thread. */
  olderCursor: z.string().nullable(),
  /** The proposal it was turned into (staff always; the customer once it was sent to them). */
  quote: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Why it takes no new messages (closed), or null. */
  closedReason: z.string().nullable(),
});
export type Question = z.infer<typeof questionSchema>;

/** PATCH /api/questions/{id} (staff): assign it (null: nobody), close or reopen it. */
export const updateQuestionRequest = z
  .object({
    assigneeId: z.string().trim().min(1).max(64).nullable().optional(),
    status: z.enum(questionStatuses, { message: 'Choose Open or Closed' }).optional(),
  })
  .strict();
export type UpdateQuestionRequest = z.infer<typeof updateQuestionRequest>;

export const CLOSED_QUESTION =
  'This question was closed, so it takes no new messages. Ask a new question if you need anything.';
