import { localDate } from '@noise/shared/dates';
import { dueLabel } from '@noise/shared/my-work';
import { orderName } from '@noise/shared/project-constants';
import type { Config } from '../../config.ts';
import type { Repositories } from '../../repositories.ts';
import { enqueueEmail } from '../jobs/email.ts';
import type { JobHandler } from '../jobs/runner.ts';
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

/**
 * Queues today's summary for each member who wants one, once (a job per member and day: the
 * unique key holds across processes). The job runner calls it before each poll; it does nothing
 * before 07:00 or on a weekend, and remembers whom it queued today so a poll costs one query.
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
    const today = due.length - overdue;
    const line = (i: (typeof due)[number]) =>
      `- ${dueLabel(i.dueInDays)}: ${orderName(i.orderNumber)}, ${i.serviceTitle}` +
      (i.customerName ? ` for ${i.customerName}` : '') +
      `\n  ${deps.config.publicUrl}/wkm-dashboard/${i.type === 'Project' ? 'sales' : 'custom-sales'}/edit/${i.projectId}`;
    const counts = [overdue ? `${overdue} overdue` : '', today ? `${today} due today` : ''].filter(
      Boolean,
    );
    await enqueueEmail(
      deps.repos.jobs,
      {
        to: member.email,
        subject: `Your work today: ${counts.join(', ')}`,
        text:
          `${due.map(line).join('\n')}\n\nEverything assigned to you: ${deps.config.publicUrl}/wkm-dashboard/my-work` +
          `\n\n— ${deps.config.companyName}\n\nYou can turn this email off in your notification settings.`,
      },
      `daily-summary-mail:${memberId}:${localDate(new Date(at), deps.config.businessTimeZone)}`,
    );
  };
}
