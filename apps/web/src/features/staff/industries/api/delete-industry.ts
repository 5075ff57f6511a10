import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Industry } from '@noise/shared/catalogue';
import { apiRequest } from '@/lib/api-client';
import { manageIndustriesKey } from './get-industries';

/** DELETE /api/industries/{id}. */
export function deleteIndustry(id: string): Promise<void> {
  return apiRequest<void>(`/api/industries/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteIndustry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIndustry,
    onSuccess: (_, id) => {
      queryClient.setQueryData<Industry[]>([...manageIndustriesKey, 'list'], (list) =>
        list?.filter((industry) => industry._id !== id),
      );
      queryClient.removeQueries({ queryKey: [...manageIndustriesKey, 'detail', id] });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...manageIndustriesKey, 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['industries'] }),
      ]);
    },
  });
}
