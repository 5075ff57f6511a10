import { addLocalDays, endOfLocalDay, localDate } from '@noise/shared/dates';
import { formatCalendarDay } from '@noise/shared/format-day';
import { PAUSE_MAX_DAYS } from '@noise/shared/payments';
import { orderName } from '@noise/shared/project';
import { isStaffRole } from '@noise/shared/roles';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import { holdChanges } from '../projects/due-date.ts';
import type { ProjectRow } from '../projects/repository.ts';
import { emitWebhookEvent } from '../webhooks/deliver-webhook.ts';
import type { SubscriptionRow } from './repository.ts';
import { currentPackageOf } from './current-package.ts';
import { emitSubscriptionEvent } from './webhook-events.ts';

/*
 * Pausing a plan (docs/product.md#pausing-a-plan, docs/decisions/106): no charge while paused,
 * the project on hold so its due dates wait too, and on resuming the next charge moves on by the
 * time paused, so the part of the period paid before the pause is kept.
 */

export interface PauseDeps {
  repos: Repositories;
  /** BUSINESS_TIMEZONE: the 'until' day is the business's. */
  timeZone: string;
  now: () => Date;
}

type Caller = Pick<AuthUser, 'id' | 'ip' | 'apiKey' | 'role'>;

/** Whether the project's package lets its client pause it (staff always may). */
export async function clientsMayPauseOf(
  repos: Pick<Repositories, 'orderSources'>,
  project: Pick<ProjectRow, 'serviceId' | 'packageTitle'>,
): Promise<boolean> {
  return (await currentPackageOf(repos, project))?.clientsMayPause ?? false;
}

const untilRefused = (message: string) => badRequest(message, [{ path: 'until', message }]);

function pauseRefusal(subscription: SubscriptionRow): string | null {
  if (subscription.status === 'cancelled') {
    return 'This subscription is cancelled, so it cannot be paused.';
  }
  if (subscription.status === 'paused') {
    return subscription.pausedUntil
      ? `This subscription is paused already, until ${formatCalendarDay(subscription.pausedUntil)}.`
      : 'This subscription is paused already.';
  }
  if (subscription.status === 'past_due' || subscription.failureCount > 0) {
    return 'This subscription has a declined payment: it must be paid before the plan is paused.';
  }
  if (subscription.pendingChange) {
    return 'A change of plan waits for the next renewal: cancel it before pausing.';
  }
  return null;
}

export async function pauseSubscription(
  deps: PauseDeps,
  caller: Caller,
  project: ProjectRow,
  body: { until: string | null },
): Promise<SubscriptionRow> {
  const byStaff = isStaffRole(caller.role);
  if (!byStaff && !(await clientsMayPauseOf(deps.repos, project))) {
    throw forbidden('This plan cannot be paused from your account: please ask us to pause it.');
  }
  const now = deps.now();
  const today = localDate(now, deps.timeZone);
  if (body.until !== null) {
    if (body.until <= today) throw untilRefused('The day to resume must be after today.');
    if (body.until > addLocalDays(today, PAUSE_MAX_DAYS)) {
      throw untilRefused('A plan can be paused for at most six months: choose an earlier day.');
    }
  }
  const found = await deps.repos.payments.findSubscriptionOfProject(project.id);
  if (!found) throw notFound('This project has no subscription');
  const actorName = await deps.repos.users.actorName(caller.id);
  return deps.repos.transaction(async (r) => {
    // Locked: two pauses at once make one, and a renewal or plan change cannot slip between.
    const subscription = await r.payments.lockSubscription(found.id);
    const refusal = subscription ? pauseRefusal(subscription) : 'This project has no subscription';
    if (!subscription || refusal) throw conflict(refusal!);
    // The project waits too: on hold, its due date stops (docs/decisions/054).
    const holds = project.status === 'active';
    if (holds) {
      await r.projects.update(project.id, {
        status: 'on-hold',
        ...holdChanges(project, 'on-hold', now, deps.timeZone),
      });
      await emitWebhookEvent(r, 'project.status_changed', {
        projectId: project.id,
        orderNumber: project.orderNumber,
        from: project.status,
        to: 'on-hold',
      });
    }
    const paused = await r.payments.setSubscriptionPause(subscription.id, {
      pausedAt: now,
      pausedUntil: body.until,
      pauseHeldProject: holds,
    });
    const until = body.until ? `until ${formatCalendarDay(body.until)}` : 'until resumed';
    await r.audit.record({
      actorId: caller.id,
      ip: caller.ip,
      apiKey: caller.apiKey,
      actorName,
      action: 'subscription.paused',
      entityType: 'project',
      entityId: project.id,
      subjectUserId: project.userId,
      summary: `Subscription of ${orderName(project.orderNumber)} paused ${until} by ${byStaff ? actorName : 'the customer'}`,
      data: { until: body.until },
    });
    await emitSubscriptionEvent(r, 'subscription.paused', project, paused, {
      pausedUntil: body.until,
      pausedBy: byStaff ? 'staff' : 'customer',
    });
    return paused;
  });
}

/**
 * Ends a pause: live again, the next charge moved on by the time paused, and the project off
 * hold if the pause put it there (its due date moved on by the working days it waited). By a
 * person (`caller`), or by the schedule on the day the pause ends.
 */
export async function resumeSubscription(
  deps: PauseDeps,
  caller: Caller | null,
  project: ProjectRow,
): Promise<SubscriptionRow> {
  const byStaff = caller !== null && isStaffRole(caller.role);
  if (caller && !byStaff && !(await clientsMayPauseOf(deps.repos, project))) {
    throw forbidden('This plan cannot be resumed from your account: please ask us to resume it.');
  }
  const found = await deps.repos.payments.findSubscriptionOfProject(project.id);
  if (!found) throw notFound('This project has no subscription');
  const now = deps.now();
  const actorName = caller ? await deps.repos.users.actorName(caller.id) : 'Schedule';
  return deps.repos.transaction(async (r) => {
    const subscription = await r.payments.lockSubscription(found.id);
    if (!subscription || subscription.status !== 'paused' || !subscription.pausedAt) {
      throw conflict('This subscription is not paused.');
    }
    const pausedMs = Math.max(now.getTime() - subscription.pausedAt.getTime(), 0);
    const resumed = await r.payments.endSubscriptionPause(
      subscription.id,
      new Date(subscription.nextChargeAt.getTime() + pausedMs),
    );
    const current = await r.projects.findById(project.id);
    if (subscription.pauseHeldProject && current?.status === 'on-hold') {
      await r.projects.update(project.id, {
        status: 'active',
        ...holdChanges(current, 'active', now, deps.timeZone),
      });
      await emitWebhookEvent(r, 'project.status_changed', {
        projectId: project.id,
        orderNumber: project.orderNumber,
        from: 'on-hold',
        to: 'active',
      });
    }
    await r.audit.record({
      actorId: caller?.id ?? null,
      ip: caller?.ip ?? '',
      apiKey: caller?.apiKey ?? null,
      actorName,
      action: 'subscription.resumed',
      entityType: 'project',
      entityId: project.id,
      subjectUserId: project.userId,
      summary: `Subscription of ${orderName(project.orderNumber)} resumed by ${caller === null ? 'its schedule' : byStaff ? actorName : 'the customer'}; next charge ${formatCalendarDay(localDate(resumed.nextChargeAt, deps.timeZone))}`,
    });
    await emitSubscriptionEvent(r, 'subscription.resumed', project, resumed, {
      nextChargeAt: resumed.nextChargeAt.toISOString(),
      resumedBy: caller === null ? 'schedule' : byStaff ? 'staff' : 'customer',
    });
    return resumed;
  });
}

/**
 * The sweep: each pause whose day has come resumes at the start of that day (the business's),
 * so the time counted paused ends there, whenever the sweep runs.
 */
export async function resumeEndedPauses(deps: PauseDeps): Promise<number> {
  const now = deps.now();
  const today = localDate(now, deps.timeZone);
  let resumed = 0;
  for (const subscription of await deps.repos.payments.listPausesEndingBy(today)) {
    const project = await deps.repos.projects.findById(subscription.projectId);
    if (!project || !subscription.pausedUntil) continue;
    const dayBefore = addLocalDays(subscription.pausedUntil, -1);
    const startOfDay = new Date(endOfLocalDay(dayBefore, deps.timeZone).getTime() + 1);
    try {
      await resumeSubscription({ ...deps, now: () => startOfDay }, null, project);
      resumed++;
    } catch {
      // Resumed by a person meanwhile: nothing left to do.
    }
  }
  return resumed;
}
