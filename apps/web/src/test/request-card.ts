import type { RequestItem } from '@noise/shared/requests';

/** A request as the board lists it (the board's and the request page's tests), with changes. */
export const requestCard = (over: Partial<RequestItem> = {}): RequestItem => ({
  id: 'req-1',
  orderNumber: 1012,
  title: 'Autumn menu',
  state: 'in-progress',
  queuePlace: null,
  version: 3,
  planId: 'plan-1',
  planTitle: 'Unlimited Design Requests',
  companyId: 'co-1',
  companyName: 'Lima Bakery',
  coordinatorId: 'staff-1',
  coordinatorName: 'Sam Reed',
  dueDate: '2026-12-10',
  estimatedStart: null,
  createdAt: '2026-11-28T01:00:00.000Z',
  ...over,
});
