import { salesDateRanges, type Project } from '@noise/shared/project';

export const dateRangeLabels: Record<(typeof salesDateRanges)[number], string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7days: 'Last 7 days',
  last30days: 'Last 30 days',
  last90days: 'Last 90 days',
  last365days: 'Last 365 days',
};

/**
 * The edit page of a sale: service orders and paid custom quotes have their own paths, and a
 * request of a plan its page under Requests (docs/decisions/097).
 */
export function saleEditPath(sale: Pick<Project, '_id' | 'type' | 'request'>): string {
  if (sale.request) return `/wkm-dashboard/requests/${sale._id}`;
  return sale.type === 'Project'
    ? `/wkm-dashboard/sales/edit/${sale._id}`
    : `/wkm-dashboard/custom-sales/edit/${sale._id}`;
}
