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
  side: z.enum(['team', 'customer']),
  text: z.string(),
  /** A team-only note; never sent to the customer. */
  internal: z.boolean(),
  /** 'email' when it was a reply to a message email. */
  via: z.enum(['web', 'email']),
  createdAt: z.string(),
  attachments: z.array(messageAttachmentSchema),
});
export type Message = z.infer<typeof messageSchema>;

export const messageThreadSchema = z.object({
  messages: z.array(messageSchema),
  /** Why the thread takes no new messages (a cancelled project), or null when it does. */
  closedReason: z.string().nullable(),
});
export type MessageThread = z.infer<typeof messageThreadSchema>;

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
