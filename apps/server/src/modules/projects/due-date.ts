import { localDate } from '@noise/shared/dates';
import { addWorkingDays, workingDaysBetween } from '@noise/shared/due-dates';
import type { NewProject, ProjectRow } from './repository.ts';

/**
 * A project's due date (docs/decisions/054): its delivery time in working days, counted in the
 * business time zone from the day its brief arrived, paused while it is on hold. Dates are stored
 * as the day's UTC midnight, like every delivery date staff type.
 */

const dayOf = (date: Date, timeZone: string) => localDate(date, timeZone);
const asStored = (day: string) => new Date(`${day}T00:00:00Z`);
const storedDay = (date: Date) => date.toISOString().slice(0, 10);

/** The due date of work that starts at `start` and takes `deliveryDays` working days. */
export function dueDateFrom(start: Date, deliveryDays: number, timeZone: string): Date {
  return asStored(addWorkingDays(dayOf(start, timeZone), deliveryDays));
}

/**
 * What a change of status does to the clock: going on hold notes when; coming back moves the due
 * date on by the working days the pause took. Delivery ends the count (nothing to move).
 */
export function holdChanges(
  project: Pick<ProjectRow, 'status' | 'heldSince' | 'expectedDeliveryDate' | 'deliveryDate'>,
  nextStatus: string,
  at: Date,
  timeZone: string,
): Partial<NewProject> {
  if (nextStatus === project.status) return {};
  if (nextStatus === 'on-hold') return { heldSince: at };
  if (project.status !== 'on-hold') return {};
  const due = project.expectedDeliveryDate;
  const paused = project.heldSince
    ? workingDaysBetween(dayOf(project.heldSince, timeZone), dayOf(at, timeZone))
    : 0;
  const moves = nextStatus === 'active' && due && !project.deliveryDate && paused > 0;
  return {
    heldSince: null,
    ...(moves ? { expectedDeliveryDate: asStored(addWorkingDays(storedDay(due), paused)) } : {}),
  };
}
