import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManageServiceSummary } from '@noise/shared/catalogue-admin';
import { apiRequest } from '@/lib/api-client';
import { manageServicesKey } from '../../api/get-manage-services';
import { invalidateServices } from './invalidate-catalogue';

/** DELETE /api/services/{id}: erased, or archived when orders refer to it. */
export function deleteService(id: string): Promise<void> {
  return apiRequest<void>(`/api/services/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: (_, id) => {
      queryClient.setQueryData<ManageServiceSummary[]>([...manageServicesKey, 'list'], (list) =>
        list?.filter((service) => service._id !== id),
      );
      return invalidateServices(queryClient);
    },
  });
}
