import { z } from 'zod';

/** What the bells tell people about (docs/product.md#notifications). */
export const customerNotificationKinds = [
  'status-update',
  'payment',
  'renewal-failed',
  'quote-link',
  'new-message',
] as const;
export type CustomerNotificationKind = (typeof customerNotificationKinds)[number];
export const staffNotificationKinds = [
  'new-order',
  'new-customer',
  'quote-paid',
  'proposal-answered',
  'new-brief',
  'customer-message',
  'deliverable-review',
  'project-assigned',
] as const;
export const notificationKinds = [...customerNotificationKinds, ...staffNotificationKinds] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export const notificationKindSchema = z.enum(notificationKinds);

export const notificationKindLabels: Record<NotificationKind, string> = {
  'status-update': 'Updates on my projects',
  payment: 'Payments and receipts',
  'renewal-failed': 'Failed subscription payments',
  'quote-link': 'Custom quotes sent to me',
  'new-order': 'New orders',
  'new-customer': 'New customers',
  'quote-paid': 'Paid custom quotes',
  'proposal-answered': 'Proposals accepted or declined',
  'new-brief': 'New project briefs',
  'new-message': 'Messages from my team',
  'customer-message': 'Messages from customers',
  'deliverable-review': 'Approvals and change requests',
  'project-assigned': 'Projects and questions assigned to me',
};

/**
 * The team's morning email of overdue and due-today work (docs/decisions/054): a setting beside
 * the email copies of the bells, but no bell of its own, and off until a member turns it on.
 */
export const DAILY_SUMMARY_SETTING = 'daily-summary';

/** The lines of the email settings: each kind's copies, and the daily summary for staff. */
export const emailSettingLabels: Record<string, string> = {
  ...notificationKindLabels,
  [DAILY_SUMMARY_SETTING]: 'Daily summary of my overdue and due-today work',
};

/**
 * Kinds whose email copies of one project are sent together: the first waits a minute, and what
 * follows in that minute goes in the same email (modules/notifications/message-mail.ts).
 */
export const batchedNotificationKinds: readonly NotificationKind[] = [
  'new-message',
  'customer-message',
  'deliverable-review',
];

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListResponse = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListResponse>;

/** Which kinds a user gets an email copy of. Kinds not listed are not theirs to receive. */
export const notificationSettingsSchema = z.object({
  email: z.record(z.string(), z.boolean()),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const NOTIFICATION_LIST_LIMIT = 30;
