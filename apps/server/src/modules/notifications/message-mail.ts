import { z } from 'zod';
import {
  batchedNotificationKinds,
  notificationKindLabels,
  type NotificationKind,
} from '@noise/shared/notifications';
import type { Config } from '../../config.ts';
import { unsubscribeUrl } from '../../lib/unsubscribe-link.ts';
import type { Repositories } from '../../repositories.ts';
import { messageDigest } from '../emails/notifications.ts';
import { questionDigest } from '../emails/questions.ts';
import { enqueueEmail } from '../jobs/email.ts';
import type { JobRepository } from '../jobs/repository.ts';
import { defineJobs, type JobHandler } from '../jobs/lanes.ts';

/**
 * Email copies of a project's messages are sent together. The first message to a person about a
 * project queues this job a minute ahead (MESSAGE_MAIL_DELAY_SECONDS); messages that follow
 * while it waits queue nothing. When it runs it mails everything of those kinds since its first,
 * in one email: five messages in a minute make one email, not five.
 */
export const MESSAGE_MAIL_JOB = 'message-mail';

const payloadSchema = z.object({
  userId: z.string(),
  /** The project the messages are on, or the general question (one of the two). */
  projectId: z.string().optional(),
  questionId: z.string().optional(),
  to: z.string(),
  replyTo: z.string().optional(),
  /** The first notification's time: the email carries it and what came after. */
  since: z.string(),
});
export type MessageMailPayload = z.infer<typeof payloadSchema>;

const keyPrefix = (p: { userId: string; projectId?: string; questionId?: string }) =>
  `${MESSAGE_MAIL_JOB}:${p.userId}:${p.projectId ?? `question-${p.questionId}`}:`;

/** Queues the email for this notification unless one for the same person and project waits. */
export async function queueMessageMail(
  jobs: JobRepository,
  payload: MessageMailPayload,
  notificationId: string,
  delayMs: number,
) {
  await jobs.enqueueUnlessPending(
    {
      kind: MESSAGE_MAIL_JOB,
      payload: { ...payload },
      uniqueKey: `${keyPrefix(payload)}${notificationId}`,
      runAt: new Date(Date.now() + delayMs),
      maxAttempts: 14,
    },
    keyPrefix(payload),
  );
}

/** Digests wait a minute by design: the bulk lane, where a busy day does not delay a reset link. */
export function notificationJobs(deps: Parameters<typeof createMessageMailHandler>[0]) {
  return defineJobs({
    kinds: { [MESSAGE_MAIL_JOB]: { lane: 'bulk', run: createMessageMailHandler(deps) } },
  });
}

/** Writes the one email; the mail itself goes through the email job (retried on its own). */
export function createMessageMailHandler(deps: {
  repos: Pick<Repositories, 'notifications' | 'jobs'>;
  config: Pick<Config, 'publicUrl' | 'companyName' | 'tokenSecret'>;
}): JobHandler {
  const notifications = deps.repos.notifications;
  return async (raw, job) => {
    const p = payloadSchema.parse(raw);
    const [recipient] = await notifications.recipients([p.userId]);
    if (!recipient) return;
    const since = new Date(p.since);
    const found = p.projectId
      ? await notifications.ofProjectSince(p.userId, p.projectId, since, batchedNotificationKinds)
      : p.questionId
        ? await notifications.ofQuestionSince(
            p.userId,
            p.questionId,
            since,
            batchedNotificationKinds,
          )
        : [];
    const items = found.filter((n) => !recipient.emailOptOut.includes(n.kind));
    const [first] = items;
    const last = items.at(-1);
    if (!first || !last) return;
    await enqueueEmail(
      deps.repos.jobs,
      {
        to: p.to,
        ...(p.questionId ? questionDigest : messageDigest)({
          companyName: deps.config.companyName,
          publicUrl: deps.config.publicUrl,
          items,
          link: last.link,
          answer: p.replyTo ? 'reply' : 'website',
          kindLabel: notificationKindLabels[first.kind as NotificationKind] ?? first.kind,
        }),
        unsubscribeUrl: unsubscribeUrl(deps.config, p.userId, first.kind),
        ...(p.replyTo ? { replyTo: p.replyTo } : {}),
      },
      `${MESSAGE_MAIL_JOB}-sent:${job.id}`,
    );
  };
}
