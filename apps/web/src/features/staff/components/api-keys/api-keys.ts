import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  apiKeySchema,
  createdApiKeySchema,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@noise/shared/api-keys';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/**
 * Whose keys a list shows: 'mine' on the account page (GET /api/users/api-keys), 'all' on the
 * Webhooks and API keys screen (GET /api/api-keys, for those who manage webhooks).
 */
export type ApiKeyScope = 'mine' | 'all';

export const apiKeysKey = ['staff', 'api-keys'] as const;
const listUrl = {
  mine: '/api/users/api-keys',
  all: '/api/api-keys',
} as const satisfies Record<ApiKeyScope, string>;

const keyList = checkWith(z.array(apiKeySchema));
const oneKey = checkWith(apiKeySchema);
const madeKey = checkWith(createdApiKeySchema);

/** The keys, newest first (never the keys themselves: only their prefixes). */
export function useApiKeys(scope: ApiKeyScope) {
  return useQuery({
    queryKey: [...apiKeysKey, scope],
    queryFn: ({ signal }) => apiRequest(listUrl[scope], { signal, check: keyList }),
  });
}

/** POST /api/users/api-keys: a key for the signed-in member; the answer carries it, once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest): Promise<CreatedApiKey> =>
      apiRequest('/api/users/api-keys', { method: 'POST', body, check: madeKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** POST …/{id}/revoke: one's own key, or (scope 'all') anyone's. */
export function useRevokeApiKey(scope: ApiKeyScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${listUrl[scope]}/${encodeURIComponent(id)}/revoke`, {
        method: 'POST',
        check: oneKey,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
