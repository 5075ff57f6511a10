import { localDate } from '@noise/shared/dates';
import { displayNameOf } from '@noise/shared/display-name';
import type { MyWork, WorkGroup, WorkItem } from '@noise/shared/my-work';
import { callerCan, type Permission } from '@noise/shared/permissions';
import type { Role } from '@noise/shared/roles';
import { forbidden } from '../../lib/errors.ts';
import type { WorkRepository, WorkRow } from './repository.ts';

export const MY_WORK_LIMIT = 500;
const DAY_MS = 86_400_000;

/** Whole days from `today` to `day`, both YYYY-MM-DD. */
const daysBetween = (today: string, day: string) =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);

/**
 * Where a project goes: waiting for the customer (their brief, or their word on a deliverable)
 * comes first, since the team cannot move it; then by its due date against today.
 */
function groupOf(
  row: WorkRow,
  dueInDays: number | null,
): { group: WorkGroup; waitingFor: WorkItem['waitingFor'] } {
  if (!row.briefed) return { group: 'waiting', waitingFor: 'brief' };
  // On hold, its clock stops (docs/decisions/054): nothing is due until it resumes.
  if (row.status === 'on-hold') return { group: 'later', waitingFor: null };
  if (row.awaiting_approval) return { group: 'waiting', waitingFor: 'approval' };
  if (dueInDays === null) return { group: 'later', waitingFor: null };
  if (dueInDays < 0) return { group: 'overdue', waitingFor: null };
  if (dueInDays <= 6) return { group: 'due-this-week', waitingFor: null };
  return { group: 'later', waitingFor: null };
}

/**
 * My Work: the open projects assigned to a team member (the caller unless they ask for another,
 * which only those who manage site users may; 'everyone' for all), each with its due date as
 * days from today in the business time zone, its group and the caller's unread messages.
 */
export async function readMyWork(
  deps: { work: WorkRepository; timeZone: string; now: () => Date },
  caller: { id: string; role: Role; permissions?: readonly Permission[] },
  asked: string | undefined,
): Promise<MyWork> {
  const member = asked ?? caller.id;
  if (member !== caller.id && !callerCan(caller, 'site-users:manage')) {
    throw forbidden('You can see your own work only');
  }
  const rows = await deps.work.openProjects(
    member === 'everyone' ? null : member,
    caller.id,
    MY_WORK_LIMIT,
  );
  const today = localDate(deps.now(), deps.timeZone);
  return {
    member,
    items: rows.map((row) => {
      const due = row.expected_delivery_date
        ? new Date(row.expected_delivery_date).toISOString().slice(0, 10)
        : null;
      const dueInDays = due && row.status !== 'on-hold' ? daysBetween(today, due) : null;
      const assignee = row.assignee_email
        ? displayNameOf({
            displayName: row.assignee_display_name ?? '',
            firstName: row.assignee_first_name ?? '',
            lastName: row.assignee_last_name ?? '',
          }) || row.assignee_email
        : '';
      return {
        projectId: row.id,
        type: row.type,
        orderNumber: Number(row.order_number),
        serviceTitle: row.service_title,
        customerName:
          `${row.contact_first_name} ${row.contact_last_name}`.trim() || row.contact_email,
        status: row.status,
        dueDate: due,
        dueInDays,
        ...groupOf(row, dueInDays),
        assigneeName: assignee,
        unread: Number(row.unread),
      };
    }),
  };
}
