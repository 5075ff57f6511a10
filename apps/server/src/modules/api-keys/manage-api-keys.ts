import type { z } from 'zod';
import type { ApiKey, createApiKeyRequest } from '@noise/shared/api-keys';
import { localDate } from '@noise/shared/dates';
import { displayNameOf } from '@noise/shared/user';
import { newApiKey } from '../../lib/api-key-tokens.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import type { ApiKeyListed } from './repository.ts';

/** API keys (docs/product.md#api-keys, docs/decisions/075-api-keys.md). */
export interface ApiKeyDeps {
  repos: Repositories;
  /** The business time zone: a key's expiry date is its last day there. */
  timeZone: string;
  now: () => Date;
}

type CreateInput = z.output<typeof createApiKeyRequest>;

export function toApiKeyDto({ key, creator }: ApiKeyListed): ApiKey {
  return {
    _id: key.id,
    name: key.name,
    prefix: key.prefix,
    permissions: key.permissions,
    createdBy: { _id: creator.id, name: displayNameOf(creator) || creator.email },
    createdAt: key.createdAt.toISOString(),
    expiresAt: key.expiresAt?.toISOString() ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

/** The Webhooks and API keys screen: every key, newest first. */
export async function listApiKeys(deps: ApiKeyDeps) {
  return (await deps.repos.apiKeys.list()).map((row) => toApiKeyDto(row));
}

/** 'Your account': the caller's own keys. */
export async function listOwnApiKeys(deps: ApiKeyDeps, caller: AuthUser) {
  return (await deps.repos.apiKeys.list(caller.id)).map((row) => toApiKeyDto(row));
}

/**
 * 'Create API key': a key for the caller, carrying some of the caller's own permissions, shown
 * this once. Asking for more than the caller has, or an expiry before today, saves nothing.
 */
export async function createApiKey(deps: ApiKeyDeps, caller: AuthUser, input: CreateInput) {
  const lacking = input.permissions.filter((p) => !caller.permissions.includes(p));
  if (lacking.length > 0) {
    const message = `A key can carry only permissions you have. You do not have: ${lacking.join(', ')}`;
    throw new AppError('forbidden', 403, message, [{ path: 'permissions', message }]);
  }
  const today = localDate(deps.now(), deps.timeZone);
  if (input.expiresOn !== null && input.expiresOn < today) {
    const message = 'The expiry date is in the past: choose today or a later day';
    throw badRequest(message, [{ path: 'expiresOn', message }]);
  }
  const made = newApiKey();
  const permissions = [...new Set(input.permissions)];
  const id = await deps.repos.transaction(async (r) => {
    const row = await r.apiKeys.insert(
      {
        name: input.name,
        prefix: made.prefix,
        keyHash: made.hash,
        permissions,
        createdById: caller.id,
      },
      input.expiresOn ? { expiresOn: input.expiresOn, timeZone: deps.timeZone } : null,
    );
    await record(r, caller, {
      action: 'api_key.created',
      entityId: row.id,
      summary: `Made the API key '${row.name}' (${row.prefix}…) with ${permissions.join(', ')}${
        input.expiresOn ? `, until ${input.expiresOn}` : ', without expiry'
      }`,
      data: { permissions, expiresOn: input.expiresOn },
    });
    return row.id;
  });
  const listed = await deps.repos.apiKeys.find(id);
  // The whole key is in this answer only: it is kept as a hash.
  return { ...toApiKeyDto(listed!), key: made.key };
}

/**
 * Revokes a key at once: its next call is refused with 401. `own`: the caller's keys only (their
 * account page); otherwise any key (the Webhooks and API keys screen). A key revoked before
 * stays as it was.
 */
export async function revokeApiKey(
  deps: ApiKeyDeps,
  caller: AuthUser,
  id: string,
  scope: { own: boolean },
) {
  const repo = deps.repos.apiKeys;
  const found = await repo.find(id);
  if (!found || (scope.own && found.key.createdById !== caller.id)) {
    throw notFound('API key not found');
  }
  if (found.key.revokedAt) return toApiKeyDto(found);
  await deps.repos.transaction(async (r) => {
    await r.apiKeys.revoke(id, deps.now());
    const whose = found.creator.id === caller.id ? '' : ` of ${found.creator.email}`;
    await record(r, caller, {
      action: 'api_key.revoked',
      entityId: id,
      summary: `Revoked the API key '${found.key.name}' (${found.key.prefix}…)${whose}`,
    });
  });
  return toApiKeyDto((await repo.find(id))!);
}

async function record(
  r: Pick<Repositories, 'audit' | 'users'>,
  actor: AuthUser,
  entry: { action: string; entityId: string; summary: string; data?: Record<string, unknown> },
) {
  await r.audit.record({
    actorId: actor.id,
    actorName: await r.users.actorName(actor.id),
    ip: actor.ip,
    apiKey: actor.apiKey,
    entityType: 'api_key',
    ...entry,
  });
}
