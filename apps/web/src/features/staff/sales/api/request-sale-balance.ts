import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse, type MessageResponse } from '@noise/shared/auth';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/**
 * POST /api/projects/{id}/balance-request: a quote paid with a deposit asks its customer for the
 * balance by email (docs/decisions/070-quote-deposits.md); answers 202 with a message to show.
 */
export function requestSaleBalance(projectId: string): Promise<MessageResponse> {
  return apiRequest(`/api/projects/${encodeURIComponent(projectId)}/balance-request`, {
    method: 'POST',
    check: checkWith(messageResponse),
  });
}

export function useRequestSaleBalance(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestSaleBalance(projectId),
    // The quote's list shows where it stands; the activity lists the request.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['staff', 'quotes'] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'clients'] }),
      ]),
  });
}
