import { localDate } from '@noise/shared/dates';
import { dueLabel } from '@noise/shared/my-work';
import { DAILY_SUMMARY_SETTING } from '@noise/shared/notifications';
import { orderName } from '@noise/shared/project-constants';
import type { Config } from '../../config.ts';
import { unsubscribeUrl } from '../../lib/unsubscribe-link.ts';
import type { Repositories } from '../../repositories.ts';
import { dailySummary } from '../emails/staff.ts';
import { enqueueEmail } from '../jobs/email.ts';
import { defineJobs, type JobHandler } from '../jobs/lanes.ts';
import { readMyWork } from './my-work.ts';

/**
 * The daily summary (docs/decisions/054): on working-day mornings, from 07:00 in the business
 * time zone, each team member who turned it on gets one email of their overdue and due-today
 * work. Nothing due, no email.
 */
export const DAILY_SUMMARY_JOB = 'daily-summary';
const SEND_FROM_HOUR = 7;

function localHourAndWeekday(now: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const weekday = parts.find((p) => p.type === 'weekday')?.value ?? '';
  return { hour, weekend: weekday === 'Sat' || weekday === 'Sun' };
}

/** The summaries and the sweep that queues them: the bulk lane, nobody waits on the minute. */
export function myWorkJobs(deps: { repos: Repositories; config: Config }) {
  const scheduleDailySummaries = createDailySummaryScheduler(
    deps.repos,
    deps.config.businessTimeZone,
  );
  return defineJobs({
    kinds: { [DAILY_SUMMARY_JOB]: { lane: 'bulk', run: createDailySummaryHandler(deps) } },
    schedules: [
      {
        kind: 'schedule-daily-summaries',
        lane: 'bulk',
        run: (now) => scheduleDailySummaries(now),
      },
    ],
  });
}

/**
 * Queues today's summary for each member who wants one, once (a job per member and day: the
 * unique key holds across processes). A sweep of the job runner calls it each round; it does
 * nothing before 07:00 or on a weekend, and remembers whom it queued today so a round costs one
 * query.
 */
export function createDailySummaryScheduler(
  repos: Pick<Repositories, 'jobs' | 'work'>,
  timeZone: string,
) {
  let queuedDay = '';
  const queued = new Set<string>();
  return async (now = new Date()) => {
    const { hour, weekend } = localHourAndWeekday(now, timeZone);
    if (weekend || hour < SEND_FROM_HOUR) return;
    const day = localDate(now, timeZone);
    if (day !== queuedDay) {
      queuedDay = day;
      queued.clear();
    }
    const jobs = repos.jobs;
    for (const memberId of await repos.work.dailySummaryMembers()) {
      if (queued.has(memberId)) continue;
      await jobs.enqueue({
        kind: DAILY_SUMMARY_JOB,
        payload: { memberId, at: now.toISOString() },
        uniqueKey: `daily-summary:${memberId}:${day}`,
      });
      queued.add(memberId);
    }
  };
}

/** Writes one member's summary from their My Work as it stands, and queues it as an email. */
export function createDailySummaryHandler(deps: {
  repos: Pick<Repositories, 'jobs' | 'work'>;
  config: Config;
}): JobHandler {
  return async (payload) => {
    const { memberId, at } = payload as { memberId: string; at: string };
    const work = deps.repos.work;
    const member = await work.member(memberId);
    if (!member?.dailySummary) return;
    const { items } = await readMyWork(
      { work, timeZone: deps.config.businessTimeZone, now: () => new Date(at) },
      { id: member.id, role: member.role },
      undefined,
    );
    const due = items.filter((i) => i.dueInDays !== null && i.dueInDays <= 0);
    if (due.length === 0) return;
    const overdue = due.filter((i) => i.dueInDays! < 0).length;
    await enqueueEmail(
      deps.repos.jobs,
      {
        to: member.email,
        ...dailySummary({
          companyName: deps.config.companyName,
          publicUrl: deps.config.publicUrl,
          overdue,
          dueToday: due.length - overdue,
          lines: due.map((i) => ({
            due: dueLabel(i.dueInDays),
            order: orderName(i.orderNumber),
            serviceTitle: i.serviceTitle,
            customerName: i.customerName || null,
            url: `${deps.config.publicUrl}/wkm-dashboard/${i.type === 'Project' ? 'sales' : 'custom-sales'}/edit/${i.projectId}`,
          })),
        }),
        unsubscribeUrl: unsubscribeUrl(deps.config, member.id, DAILY_SUMMARY_SETTING),
      },
      `daily-summary-mail:${memberId}:${localDate(new Date(at), deps.config.businessTimeZone)}`,
    );
  };
}
