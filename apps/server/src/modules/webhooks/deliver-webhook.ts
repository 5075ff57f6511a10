import { WEBHOOK_PAYLOAD_VERSION, type WebhookEventType } from '@noise/shared/webhooks';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import type { Repositories } from '../../repositories.ts';
import { createJobRepository, type JobRepository } from '../jobs/repository.ts';
import type { Config } from '../../config.ts';
import { defineJobs, type JobHandler } from '../jobs/lanes.ts';
import { RetryJobAt } from '../jobs/runner.ts';
import { mailAdminsAboutDisabledEndpoint } from './mail-admins.ts';
import { createWebhookRepository } from './repository.ts';
import { sendWebhook, type ResolveHost } from './send-webhook.ts';

export const WEBHOOK_JOB = 'webhook-delivery';

/**
 * After a failed attempt, the wait before the next: Standard Webhooks' schedule, stretched to
 * three days (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, then a day twice). A delivery that fails
 * them all disables its endpoint.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  24 * 3_600_000,
  24 * 3_600_000,
];

/**
 * Tells every enabled endpoint that asked for `type` about it: a delivery each, and its job, in
 * the caller's transaction (pass the repositories `transaction` binds to it), so an event is sent
 * if and only if the change it tells of was saved. Sending happens later, in the job: never in
 * the request.
 */
export async function emitWebhookEvent(
  repos: Pick<Repositories, 'webhooks' | 'jobs'>,
  type: WebhookEventType,
  data: Record<string, unknown>,
  at = new Date(),
): Promise<void> {
  const repo = repos.webhooks;
  const endpoints = await repo.listSubscribed(type);
  if (endpoints.length === 0) return;
  const messageId = `msg_${newId()}`;
  const payload = { type, timestamp: at.toISOString(), version: WEBHOOK_PAYLOAD_VERSION, data };
  for (const endpoint of endpoints) {
    const delivery = await repo.insertDelivery({
      endpointId: endpoint.id,
      messageId,
      eventType: type,
      payload,
    });
    await enqueueDelivery(repos.jobs, delivery.id);
  }
}

/**
 * `emitWebhookEvent` from a repository's `alsoInTransaction` hook, which is handed its
 * transaction's handle rather than repositories (docs/decisions/076).
 */
export function emitWebhookEventIn(
  tx: Db,
  type: WebhookEventType,
  data: Record<string, unknown>,
  at = new Date(),
): Promise<void> {
  return emitWebhookEvent(
    { webhooks: createWebhookRepository(tx), jobs: createJobRepository(tx) },
    type,
    data,
    at,
  );
}

/** Queues one delivery's sending (again, for 'Resend'). */
export async function enqueueDelivery(jobs: JobRepository, deliveryId: string) {
  await jobs.enqueue({
    kind: WEBHOOK_JOB,
    payload: { deliveryId },
    // The schedule is ours (RetryJobAt); the runner's own count only stops a loop.
    maxAttempts: WEBHOOK_RETRY_DELAYS_MS.length + 5,
  });
}

export interface WebhookDeliveryDeps {
  repos: Pick<Repositories, 'webhooks'>;
  /** Loopback and private addresses, and plain http: outside production only (tests, a laptop). */
  allowPrivate: boolean;
  /** Tells the admins an endpoint was disabled (an email). */
  onDisabled: (endpoint: { id: string; url: string; reason: string }) => Promise<void>;
  now?: () => Date;
  /** The system's resolver unless a test gives fixed answers (send-webhook.ts). */
  resolve?: ResolveHost;
}

/** Deliveries run in the bulk lane: an endpoint that hangs holds its slots, not anyone's mail. */
export function webhookJobs(deps: {
  repos: Repositories;
  config: Pick<Config, 'webhooksAllowPrivate' | 'publicUrl' | 'companyName'>;
}) {
  return defineJobs({
    kinds: {
      [WEBHOOK_JOB]: {
        lane: 'bulk',
        run: createWebhookDeliveryHandler({
          repos: deps.repos,
          allowPrivate: deps.config.webhooksAllowPrivate,
          onDisabled: mailAdminsAboutDisabledEndpoint(deps.repos, deps.config),
        }),
      },
    },
  });
}

/** The job that sends a delivery, retries it on the schedule, and disables a dead endpoint. */
export function createWebhookDeliveryHandler(deps: WebhookDeliveryDeps): JobHandler {
  return async (payload, _job, context) => {
    const repo = deps.repos.webhooks;
    const found = await repo.findDelivery(String(payload.deliveryId));
    if (!found || found.delivery.status === 'succeeded') return;
    const { delivery, endpoint } = found;
    if (endpoint.disabledAt) {
      await repo.updateDelivery(delivery.id, {
        status: 'failed',
        lastError: 'The endpoint is disabled',
      });
      return;
    }
    const now = deps.now?.() ?? new Date();
    const result = await sendWebhook({
      url: endpoint.url,
      secret: endpoint.secret,
      messageId: delivery.messageId,
      payload: delivery.payload,
      allowPrivate: deps.allowPrivate,
      now,
      resolve: deps.resolve,
      signal: context?.signal,
    });
    // Cut short by a shutdown: the endpoint did nothing wrong, so nothing is recorded against it,
    // and the next process sends it again at once.
    if (!result.ok && result.cutShort) throw new RetryJobAt(result.error, new Date());
    const attempts = delivery.attempts + 1;
    const retryIn = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
    const failed = !result.ok && retryIn === undefined;
    await repo.updateDelivery(delivery.id, {
      attempts,
      status: result.ok ? 'succeeded' : failed ? 'failed' : 'pending',
      lastStatusCode: result.status,
      lastError: result.ok ? '' : result.error,
      lastAttemptAt: now,
    });
    if (result.ok) return;
    if (retryIn !== undefined)
      throw new RetryJobAt(result.error, new Date(now.getTime() + retryIn));
    const reason = `Deliveries failed for three days. The last answer: ${result.error}`;
    await repo.updateEndpoint(endpoint.id, { disabledAt: now, disabledReason: reason });
    await deps.onDisabled({ id: endpoint.id, url: endpoint.url, reason });
  };
}
