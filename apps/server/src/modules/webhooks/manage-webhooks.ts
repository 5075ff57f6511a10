import type { z } from 'zod';
import type {
  webhookEndpointRequest,
  WebhookDelivery,
  WebhookEndpoint,
} from '@noise/shared/webhooks';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import { enqueueDelivery } from './deliver-webhook.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './repository.ts';
import { checkWebhookAddress, newWebhookSecret } from './send-webhook.ts';

export interface WebhookDeps {
  repos: Repositories;
  allowPrivate: boolean;
}

type EndpointInput = z.output<typeof webhookEndpointRequest>;

/** The deliveries the screen lists for an endpoint. */
const DELIVERIES_LISTED = 50;

export function toEndpointDto(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    _id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDeliveryDto(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    _id: row.id,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Refuses an address the deliveries could not or must not go to, naming the field. */
async function checkUrl(deps: WebhookDeps, url: string) {
  const checked = await checkWebhookAddress(new URL(url), deps.allowPrivate);
  if ('problem' in checked)
    throw badRequest(checked.problem, [{ path: 'url', message: checked.problem }]);
}

async function record(
  deps: WebhookDeps,
  actor: AuthUser,
  endpointId: string,
  action: string,
  summary: string,
) {
  await deps.repos.audit.record({
    actorId: actor.id,
    actorName: await deps.repos.users.actorName(actor.id),
    ip: actor.ip,
    apiKey: actor.apiKey,
    action,
    entityType: 'webhook',
    entityId: endpointId,
    summary,
  });
}

async function findEndpoint(deps: WebhookDeps, id: string) {
  const row = await deps.repos.webhooks.findEndpoint(id);
  if (!row) throw notFound('Webhook endpoint not found');
  return row;
}

export async function listEndpoints(deps: WebhookDeps) {
  return (await deps.repos.webhooks.listEndpoints()).map((row) => toEndpointDto(row));
}

/** 'Add endpoint': the answer carries its signing secret, shown this once. */
export async function createEndpoint(deps: WebhookDeps, actor: AuthUser, input: EndpointInput) {
  await checkUrl(deps, input.url);
  const row = await deps.repos.webhooks.insertEndpoint({
    ...input,
    secret: newWebhookSecret(),
    createdById: actor.id,
  });
  await record(deps, actor, row.id, 'webhook.created', `Added the webhook endpoint ${row.url}`);
  // The signing secret is in this answer (and a rotation's) only.
  return { ...toEndpointDto(row), secret: row.secret };
}

export async function updateEndpoint(
  deps: WebhookDeps,
  actor: AuthUser,
  id: string,
  input: EndpointInput,
) {
  const current = await findEndpoint(deps, id);
  if (input.url !== current.url) await checkUrl(deps, input.url);
  const row = await deps.repos.webhooks.updateEndpoint(id, input);
  await record(deps, actor, id, 'webhook.updated', `Changed the webhook endpoint ${row!.url}`);
  return toEndpointDto(row!);
}

/** A new secret, shown once; deliveries sent from now are signed with it. */
export async function rotateSecret(deps: WebhookDeps, actor: AuthUser, id: string) {
  const current = await findEndpoint(deps, id);
  const row = await deps.repos.webhooks.updateEndpoint(id, {
    secret: newWebhookSecret(),
  });
  await record(deps, actor, id, 'webhook.secret_rotated', `New signing secret for ${current.url}`);
  return { ...toEndpointDto(row!), secret: row!.secret };
}

/** Turned off by staff, or on again (after it was disabled for failing). */
export async function setEndpointEnabled(
  deps: WebhookDeps,
  actor: AuthUser,
  id: string,
  enabled: boolean,
) {
  const current = await findEndpoint(deps, id);
  if (enabled) await checkUrl(deps, current.url);
  const row = await deps.repos.webhooks.updateEndpoint(
    id,
    enabled
      ? { disabledAt: null, disabledReason: '' }
      : { disabledAt: new Date(), disabledReason: 'Turned off by staff' },
  );
  await record(
    deps,
    actor,
    id,
    enabled ? 'webhook.enabled' : 'webhook.disabled',
    `${enabled ? 'Turned on' : 'Turned off'} the webhook endpoint ${current.url}`,
  );
  return toEndpointDto(row!);
}

export async function deleteEndpoint(deps: WebhookDeps, actor: AuthUser, id: string) {
  const current = await findEndpoint(deps, id);
  await deps.repos.webhooks.deleteEndpoint(id);
  await record(deps, actor, id, 'webhook.deleted', `Removed the webhook endpoint ${current.url}`);
}

export async function listDeliveries(deps: WebhookDeps, id: string) {
  await findEndpoint(deps, id);
  const rows = await deps.repos.webhooks.listDeliveries(id, DELIVERIES_LISTED);
  return rows.map(toDeliveryDto);
}

/** 'Resend': the same message (same id and payload) queued again, to an enabled endpoint. */
export async function resendDelivery(deps: WebhookDeps, actor: AuthUser, deliveryId: string) {
  const repo = deps.repos.webhooks;
  const found = await repo.findDelivery(deliveryId);
  if (!found) throw notFound('Delivery not found');
  if (found.endpoint.disabledAt) {
    throw conflict('This endpoint is turned off: turn it on to send to it again.');
  }
  await deps.repos.transaction(async (r) => {
    await r.webhooks.updateDelivery(deliveryId, {
      status: 'pending',
      attempts: 0,
    });
    await enqueueDelivery(r.jobs, deliveryId);
  });
  await record(
    deps,
    actor,
    found.endpoint.id,
    'webhook.resent',
    `Resent ${found.delivery.eventType} (${found.delivery.messageId}) to ${found.endpoint.url}`,
  );
  return toDeliveryDto({ ...found.delivery, status: 'pending', attempts: 0 });
}
