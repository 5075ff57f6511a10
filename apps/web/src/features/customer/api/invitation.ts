import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acceptInvitationResponse,
  invitationViewSchema,
  type AcceptInvitationRequest,
} from '@noise/shared/company';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

const path = (token: string) => `/api/invitations/${encodeURIComponent(token)}` as const;

/** GET /api/invitations/{token}: whose team, which role, for which email, and whether it is open. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      apiRequest(path(token), { signal, check: checkWith(invitationViewSchema) }),
    retry: false,
  });

export function useInvitation(token: string) {
  return useQuery(invitationQuery(token));
}

/**
 * POST /api/invitations/{token}/accept: signed in as the invited email, or with the new
 * account's details; everything the caller sees changes with their company.
 */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInvitationRequest) =>
      apiRequest(`${path(token)}/accept`, {
        method: 'POST',
        body: { ...body },
        check: checkWith(acceptInvitationResponse),
      }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
