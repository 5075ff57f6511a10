// A project's names and list constants, without zod, for pages that only display projects.

/** docs/product.md#project-status. */
export const statusUpdateTitles = [
  'Project Started',
  'Expected Delivery Date',
  'Project In Progress',
  'Project Delivered',
  'Project Completed',
] as const;
export type StatusUpdateTitle = (typeof statusUpdateTitles)[number];

/** How an order is named to people, in mails, invoices and lists: 'Order 1001'. */
export function orderName(orderNumber: number): string {
  return `Order ${orderNumber}`;
}

/** A project's own status (docs/decisions/030-project-status.md). */
export const projectStatuses = ['active', 'on-hold', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];
export const projectStatusLabels: Record<ProjectStatus, string> = {
  active: 'In Progress',
  'on-hold': 'On Hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * GET /api/projects?userId=: the customer's projects, newest first, a page at a time. The answer
 * stays the JSON list of projects (docs/product.md#data-shapes); the page's facts travel in
 * headers: the customer's whole count (the page's '{n} results found') and, when more follow, the
 * cursor of the next page.
 * Without `limit` the first page of PROJECTS_PAGE_SIZE comes back.
 */
export const PROJECTS_PAGE_SIZE = 20;
export const PROJECTS_TOTAL_HEADER = 'x-total-count';
export const PROJECTS_NEXT_CURSOR_HEADER = 'x-next-cursor';

/**
 * The date a project was delivered, when it has one on or after its start (a same-day delivery
 * counts; a date before the start is a slip and is not shown). The customer's project card and
 * the staff sale page read it the same way.
 */
export function deliveredDate(project: {
  deliveryDate?: string | null;
  startDate: string;
}): string | null {
  const { deliveryDate, startDate } = project;
  return deliveryDate && Date.parse(deliveryDate) >= Date.parse(startDate) ? deliveryDate : null;
}
