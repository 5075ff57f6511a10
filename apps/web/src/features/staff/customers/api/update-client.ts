import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateClientRequest } from '@noise/shared/customers';
import type { User } from '@noise/shared/user';
import { api } from '@/lib/api-client';
import { clientAuditKey } from './get-client-audit';
import { clientsKey } from './search-clients';

/** PUT /api/users/clients/{id}: the Edit Customer form. */
export function updateClient(id: string, body: UpdateClientRequest): Promise<User> {
  return api.put<User>(`/api/users/clients/${encodeURIComponent(id)}`, body);
}

export function useUpdateClient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClientRequest) => updateClient(id, body),
    onSuccess: (user) => {
      queryClient.setQueryData([...clientsKey, 'detail', id], user);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...clientsKey, 'search'] }),
        queryClient.invalidateQueries({ queryKey: clientAuditKey(id) }),
      ]);
    },
  });
}
