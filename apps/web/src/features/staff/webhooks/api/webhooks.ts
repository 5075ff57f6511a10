import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  type WebhookEndpointWithSecret,
  type WebhookEndpoint,
  type WebhookEndpointRequest,
} from '@noise/shared/webhooks';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export const webhooksKey = ['staff', 'webhooks'] as const;
const deliveriesKey = (id: string) => [...webhooksKey, id, 'deliveries'] as const;

const endpointList = checkWith(z.array(webhookEndpointSchema));
const endpoint = checkWith(webhookEndpointSchema);
const endpointWithSecret = checkWith(webhookEndpointWithSecretSchema);

/** GET /api/webhooks: the endpoints, newest first (never their secrets). */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhooksKey,
    queryFn: ({ signal }) => apiRequest('/api/webhooks', { signal, check: endpointList }),
  });
}

/** GET /api/webhooks/{id}/deliveries: the latest 50, newest first. */
export function useWebhookDeliveries(id: string, enabled: boolean) {
  return useQuery({
    queryKey: deliveriesKey(id),
    enabled,
    queryFn: ({ signal }) =>
      apiRequest(`/api/webhooks/${encodeURIComponent(id)}/deliveries`, {
        signal,
        check: checkWith(z.array(webhookDeliverySchema)),
      }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhooksKey });
}

/** POST /api/webhooks, or PUT /api/webhooks/{id}: the answer to a new one carries its secret. */
export function useSaveWebhookEndpoint(id: string | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (
      body: WebhookEndpointRequest,
    ): Promise<WebhookEndpoint | WebhookEndpointWithSecret> =>
      id
        ? apiRequest(`/api/webhooks/${encodeURIComponent(id)}`, {
            method: 'PUT',
            body,
            check: endpoint,
          })
        : apiRequest('/api/webhooks', { method: 'POST', body, check: endpointWithSecret }),
    onSuccess: refresh,
  });
}

/** POST /api/webhooks/{id}/secret: a new signing secret, answered once. */
export function useRotateWebhookSecret() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/webhooks/${encodeURIComponent(id)}/secret`, {
        method: 'POST',
        check: endpointWithSecret,
      }),
    onSuccess: refresh,
  });
}

/** PUT /api/webhooks/{id}/enabled */
export function useSetWebhookEnabled() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      apiRequest(`/api/webhooks/${encodeURIComponent(id)}/enabled`, {
        method: 'PUT',
        body: { enabled },
        check: endpoint,
      }),
    onSuccess: refresh,
  });
}

/** DELETE /api/webhooks/{id} (204). */
export function useDeleteWebhookEndpoint() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** POST /api/webhooks/deliveries/{id}/resend: the same message, queued again. */
export function useResendWebhookDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiRequest(`/api/webhooks/deliveries/${encodeURIComponent(deliveryId)}/resend`, {
        method: 'POST',
        check: checkWith(webhookDeliverySchema),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
}
