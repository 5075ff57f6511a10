import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageSummary } from '@noise/shared/catalogue';
import { apiRequest } from '@/lib/api-client';
import { managePagesKey } from './get-pages';

/** DELETE /api/pages/{id}. */
export function deletePage(id: string): Promise<void> {
  return apiRequest<void>(`/api/pages/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePage,
    onSuccess: (_, id) => {
      queryClient.setQueryData<PageSummary[]>([...managePagesKey, 'list'], (list) =>
        list?.filter((page) => page._id !== id),
      );
      queryClient.removeQueries({ queryKey: [...managePagesKey, 'detail', id] });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...managePagesKey, 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['pages'] }),
      ]);
    },
  });
}
