import { addWorkingDays } from '@noise/shared/due-dates';

/**
 * When each queued request of a plan should start (docs/product.md#request-plans): each of the
 * plan's active places frees on the due date of the request in it (today for a free place, or
 * for one past its due date); the first queued request takes the first place to free, starts
 * that day and, by the due-date rule a starting request follows (its delivery days in working
 * days from its start, docs/decisions/054), frees it again on its own due date for the next. So
 * the k-th queued request starts when the k-th place frees. Days are YYYY-MM-DD in the business
 * time zone.
 *
 * Nothing is told (an empty map) when a place's due date is not known: a guess would be a wrong
 * date. The caller leaves out plans whose queue does not move (paused, cancelled).
 */
export function estimateStarts(plan: {
  /** The plan's active requests at once. */
  activeLimit: number;
  /** The plan's delivery days: what each request's due date counts from its start. */
  deliveryDays: number;
  /** The due date (YYYY-MM-DD) of each active request, null for one without. */
  activeDueDates: readonly (string | null)[];
  /** The queued requests' ids, first to start first. */
  queue: readonly string[];
  /** Today in the business time zone. */
  today: string;
}): Map<string, string> {
  const starts = new Map<string, string>();
  const { activeDueDates, today } = plan;
  if (plan.queue.length === 0 || activeDueDates.some((due) => due === null)) return starts;
  const frees = [
    ...(activeDueDates as string[]).map((due) => (due < today ? today : due)),
    ...Array.from({ length: Math.max(0, plan.activeLimit - activeDueDates.length) }, () => today),
  ];
  for (const id of plan.queue) {
    if (frees.length === 0) break;
    frees.sort();
    const start = frees.shift()!;
    starts.set(id, start);
    frees.push(addWorkingDays(start, plan.deliveryDays));
  }
  return starts;
}
