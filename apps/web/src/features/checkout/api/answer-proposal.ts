import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@noise/shared/auth';
import type { AcceptProposalRequest, DeclineProposalRequest } from '@noise/shared/quote';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { quoteQuery } from './get-quote';

/** POST /api/quotes/{id}/accept: 'Accept and sign' (docs/product.md#proposal-page). */
export function acceptProposal(id: string, body: AcceptProposalRequest) {
  return apiRequest(`/api/quotes/${encodeURIComponent(id)}/accept`, {
    method: 'POST',
    body: { ...body },
    check: checkWith(messageResponse),
  });
}

/** POST /api/quotes/{id}/decline: 'Decline', with an optional reason. */
export function declineProposal(id: string, body: DeclineProposalRequest) {
  return apiRequest(`/api/quotes/${encodeURIComponent(id)}/decline`, {
    method: 'POST',
    body: { ...body },
    check: checkWith(messageResponse),
  });
}

/** Either answer reloads the proposal: accepted leads to paying it, declined closes it. */
export function useAcceptProposal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptProposalRequest) => acceptProposal(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteQuery(id).queryKey }),
  });
}

export function useDeclineProposal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeclineProposalRequest) => declineProposal(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteQuery(id).queryKey }),
  });
}
