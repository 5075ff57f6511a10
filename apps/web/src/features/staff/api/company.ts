import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { teamSchema, type InviteTeammateRequest } from '@noise/shared/company';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

const path = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}` as const;

/** GET /api/companies/{id}: a client company, its people and open invitations. */
export const companyQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['staff', 'companies', companyId],
    queryFn: ({ signal }) => apiRequest(path(companyId), { signal, check: checkWith(teamSchema) }),
  });

export function useCompany(companyId: string | null | undefined) {
  return useQuery({ ...companyQuery(companyId ?? ''), enabled: Boolean(companyId) });
}

/** POST /api/companies/{id}/invitations: 'Add a person', by an invitation from us. */
export function useAddPerson(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteTeammateRequest) =>
      apiRequest(`${path(companyId)}/invitations`, {
        method: 'POST',
        body: { ...body },
        check: checkWith(teamSchema),
      }),
    onSuccess: (team) => queryClient.setQueryData(companyQuery(companyId).queryKey, team),
  });
}
