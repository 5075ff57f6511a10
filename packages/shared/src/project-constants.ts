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
 * What a project shows as its status (docs/product.md#project-status), on every screen of the
 * customer and the team: its own status, except that an active project whose brief has not come
 * waits for it. The words are the same for both, each addressed to its reader.
 */
export type ProjectStage = ProjectStatus | 'awaiting-brief';
const stageWords = {
  customer: { ...projectStatusLabels, 'awaiting-brief': 'Waiting for your brief' },
  staff: { ...projectStatusLabels, 'awaiting-brief': 'Waiting for the brief' },
} as const;

export function projectStageOf(project: {
  status: string;
  briefSubmitted?: boolean;
}): ProjectStage | null {
  if (!(projectStatuses as readonly string[]).includes(project.status)) return null;
  if (project.status === 'active' && project.briefSubmitted === false) return 'awaiting-brief';
  return project.status as ProjectStatus;
}

/** The status as its reader sees it; an unknown status shows as its own text. */
export function projectStageLabel(
  project: { status: string; briefSubmitted?: boolean },
  reader: 'customer' | 'staff',
): string {
  const stage = projectStageOf(project);
  return stage ? stageWords[reader][stage] : project.status;
}

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
