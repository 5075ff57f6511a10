import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  teamSchema,
  type CompanyRole,
  type InviteTeammateRequest,
  type Team,
} from '@noise/shared/company';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { currentUserKey } from '@/lib/current-user';

/** GET /api/company: the owner's team, its people and open invitations. */
export const teamQuery = queryOptions({
  queryKey: ['company', 'team'],
  queryFn: ({ signal }) => apiRequest('/api/company', { signal, check: checkWith(teamSchema) }),
});

export function useTeam() {
  return useQuery(teamQuery);
}

/** Every change answers the team as it is now: the cache takes it as is. */
function useTeamChange<V>(send: (variables: V) => Promise<Team>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (team) => {
      queryClient.setQueryData(teamQuery.queryKey, team);
      // The company's name and the caller's own role show in the header and dashboard.
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

const check = checkWith(teamSchema);
const id = (value: string) => encodeURIComponent(value);

/** POST /api/company/invitations. */
export const useInviteTeammate = () =>
  useTeamChange((body: InviteTeammateRequest) =>
    apiRequest('/api/company/invitations', { method: 'POST', body: { ...body }, check }),
  );

/** POST /api/company/invitations/{id}/resend: a new link, valid for another week. */
export const useResendInvitation = () =>
  useTeamChange((invitationId: string) =>
    apiRequest(`/api/company/invitations/${id(invitationId)}/resend`, { method: 'POST', check }),
  );

/** DELETE /api/company/invitations/{id}. */
export const useWithdrawInvitation = () =>
  useTeamChange((invitationId: string) =>
    apiRequest(`/api/company/invitations/${id(invitationId)}`, { method: 'DELETE', check }),
  );

/** PUT /api/company/members/{userId}. */
export const useChangeRole = () =>
  useTeamChange(({ userId, role }: { userId: string; role: CompanyRole }) =>
    apiRequest(`/api/company/members/${id(userId)}`, { method: 'PUT', body: { role }, check }),
  );

/** DELETE /api/company/members/{userId}. */
export const useRemoveTeammate = () =>
  useTeamChange((userId: string) =>
    apiRequest(`/api/company/members/${id(userId)}`, { method: 'DELETE', check }),
  );

/** PUT /api/company: the company's name. */
export const useRenameCompany = () =>
  useTeamChange((name: string) =>
    apiRequest('/api/company', { method: 'PUT', body: { name }, check }),
  );
