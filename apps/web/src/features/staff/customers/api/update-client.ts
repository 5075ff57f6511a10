import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateClientRequest } from '@noise/shared/customers';
import { userSchema, type User } from '@noise/shared/user';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { clientAuditKey } from '../../api/get-client-audit';
import { clientsKey } from '../../api/search-clients';

/** PUT /api/users/clients/{id}: the Edit Customer form. */
export function updateClient(id: string, body: UpdateClientRequest): Promise<User> {
  return apiRequest(`/api/users/clients/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    check: checkWith(userSchema),
  });
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
