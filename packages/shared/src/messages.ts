import { z } from 'zod';

/** A message's text: plain text, links made clickable by the page; no HTML. */
export const MESSAGE_TEXT_MAX = 10_000;
export const MESSAGE_MAX_FILES = 10;
export const EMPTY_MESSAGE = 'Write a message or attach a file';

export const messageAttachmentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
});

/** One message of a project's thread (GET /api/projects/{id}/messages). */
export const messageSchema = z.object({
  _id: z.string(),
  authorName: z.string(),
  /** The author's profile photo (a public upload's address), or null: initials show instead. */
  authorPhoto: z.string().nullable(),
  side: z.enum(['team', 'customer']),
  text: z.string(),
  /** A team-only note; never sent to the customer. */
  internal: z.boolean(),
  /** 'email' when it was a reply to a message email. */
  via: z.enum(['web', 'email']),
  createdAt: z.string(),
  attachments: z.array(messageAttachmentSchema),
  /** Set when the team sent this message as a version of a deliverable. */
  deliverable: z
    .object({ _id: z.string(), name: z.string(), version: z.number().int() })
    .nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const DELIVERABLE_NAME_MAX = 80;
export const deliverableStates = [
  'awaiting',
  'approved',
  'changes-requested',
  'superseded',
] as const;
export type DeliverableState = (typeof deliverableStates)[number];

/** How each state of a deliverable version reads, on both sides. */
export const deliverableStateLabels: Record<DeliverableState, string> = {
  awaiting: 'Awaiting approval',
  approved: 'Approved',
  'changes-requested': 'Changes requested',
  superseded: 'Superseded',
};

/**
 * One version of a deliverable: the files of the message it was sent with. Only the newest
 * version of a name can be approved or sent back; older ones are 'superseded' (and keep what the
 * customer said of them in `decision`).
 */
export const deliverableSchema = z.object({
  _id: z.string(),
  messageId: z.string(),
  name: z.string(),
  version: z.number().int(),
  state: z.enum(deliverableStates),
  sentBy: z.string(),
  createdAt: z.string(),
  files: z.array(messageAttachmentSchema),
  decision: z
    .object({
      kind: z.enum(['approved', 'changes-requested']),
      byName: z.string(),
      at: z.string(),
    })
    .nullable(),
});
export type Deliverable = z.infer<typeof deliverableSchema>;

/** POST /api/projects/{id}/deliverables/{deliverableId}/approve: the version, now approved. */
export const approveDeliverableResponse = z.object({ deliverable: deliverableSchema });

/** POST /api/projects/{id}/deliverables/{deliverableId}/changes */
export const requestChangesSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Say what should change')
    .max(MESSAGE_TEXT_MAX, `At most ${MESSAGE_TEXT_MAX.toLocaleString('en-AU')} characters`),
});

/** The newest messages a thread page holds unless asked for fewer. */
export const THREAD_PAGE_SIZE = 50;

/**
 * GET /api/projects/{id}/messages and /api/questions/{id}: a page of the thread, newest messages
 * first. `before` is the `olderCursor` of the page already shown.
 */
export const threadPageQuery = z.object({
  before: z
    .string()
    .max(200)
    .optional()
    .describe('The olderCursor of a page: the messages before its oldest.'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(THREAD_PAGE_SIZE)
    .describe('How many messages, at most (the newest of those asked for).'),
});
export type ThreadPageQuery = z.infer<typeof threadPageQuery>;

export const messageThreadSchema = z.object({
  /** A page of the thread, oldest first: the newest messages, or those before `before`. */
  messages: z.array(messageSchema),
  /** Ask with `before=` this for the messages before this page's oldest; null at the first. */
  olderCursor: z.string().nullable(),
  /** Every version sent, oldest first. */
  deliverables: z.array(deliverableSchema),
  /** Why the thread takes no new messages (a cancelled project), or null when it does. */
  closedReason: z.string().nullable(),
});
export type MessageThread = z.infer<typeof messageThreadSchema>;

/** The answer to a request for changes: the version sent back and the customer's message. */
export const requestChangesResponse = z.object({
  deliverable: deliverableSchema,
  message: messageSchema.nullable(),
});

/** GET /api/messages/unread: the caller's unread messages, per project with any. */
export const unreadCountsSchema = z.record(z.string(), z.number().int());

/** GET /api/messages/inbox (staff): projects whose customer wrote since the team last read. */
export const inboxItemSchema = z.object({
  projectId: z.string(),
  orderNumber: z.number().int(),
  serviceTitle: z.string(),
  customerName: z.string(),
  unread: z.number().int(),
  lastMessage: z.object({ excerpt: z.string(), createdAt: z.string() }),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;
