import { daysFromTo } from '@noise/shared/due-dates';
import { localDate } from '@noise/shared/dates';
import { dueLabel } from '@noise/shared/my-work';
import type { Project } from '@noise/shared/project';
import { deliveredDate } from '@noise/shared/project-constants';

/**
 * Where a sale stands against its due date, as staff read it (docs/decisions/054): 'Due in 3
 * days', 'Due today', 'Overdue by 2 days'; 'Delivered', 'Paused while on hold', or, before the
 * brief, how long it will take.
 */
export function saleDueText(
  sale: Pick<
    Project,
    'status' | 'deliveryDate' | 'startDate' | 'expectedDeliveryDate' | 'deliveryDays'
  >,
  today = localDate(new Date()),
): string {
  if (deliveredDate(sale) || sale.status === 'completed') return 'Delivered';
  if (sale.status === 'cancelled') return 'Cancelled';
  if (sale.status === 'on-hold') return 'Paused while on hold';
  if (!sale.expectedDeliveryDate) {
    return `Waiting for the brief: then ${sale.deliveryDays} working days`;
  }
  return dueLabel(daysFromTo(today, sale.expectedDeliveryDate.slice(0, 10)));
}
