import { z } from 'zod';

/** The groups of My Work, in the order the screen shows them. */
export const workGroups = ['overdue', 'due-this-week', 'waiting', 'later'] as const;
export type WorkGroup = (typeof workGroups)[number];

export const workGroupLabels: Record<WorkGroup, string> = {
  overdue: 'Overdue',
  'due-this-week': 'Due this week',
  waiting: 'Waiting for the customer',
  later: 'Later',
};

/** One open project on a team member's list (GET /api/my-work). */
export const workItemSchema = z.object({
  projectId: z.string(),
  type: z.string(),
  orderNumber: z.number().int(),
  serviceTitle: z.string(),
  customerName: z.string(),
  status: z.string(),
  /** The expected delivery date (YYYY-MM-DD), or null when none is set. */
  dueDate: z.string().nullable(),
  /** Days from today in the business time zone: negative when overdue. Null without a date. */
  dueInDays: z.number().int().nullable(),
  group: z.enum(workGroups),
  /** Why it waits for the customer: their brief, or their word on a deliverable. */
  waitingFor: z.enum(['brief', 'approval']).nullable(),
  assigneeName: z.string(),
  /** Customer messages the signed-in member has not read. */
  unread: z.number().int(),
});
export type WorkItem = z.infer<typeof workItemSchema>;

export const myWorkSchema = z.object({
  /** Whose work: a team member's id, or 'everyone'. */
  member: z.string(),
  items: z.array(workItemSchema),
});
export type MyWork = z.infer<typeof myWorkSchema>;

export const myWorkQuery = z.object({
  member: z.string().min(1).max(64).optional(),
});

/** 'Due in 3 days', 'Due today', 'Overdue by 2 days', or 'No due date'. */
export function dueLabel(dueInDays: number | null): string {
  if (dueInDays === null) return 'No due date';
  if (dueInDays === 0) return 'Due today';
  if (dueInDays === 1) return 'Due tomorrow';
  if (dueInDays > 0) return `Due in ${dueInDays} days`;
  const late = -dueInDays;
  return `Overdue by ${late} ${late === 1 ? 'day' : 'days'}`;
}
