import type { QueryClient } from '@tanstack/react-query';
import type { Project } from '@noise/shared/project';
import { saleKey } from './get-sale';
import { salesKey } from './get-sales';

/**
 * The server's answer replaces the local copy of the sale; the lists that show it (sales, the
 * customer's projects and activity, the overview, the request board) are refreshed.
 */
export function refreshAfterSaleChange(queryClient: QueryClient, project: Project) {
  queryClient.setQueryData(saleKey(project._id), project);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...salesKey, 'list'] }),
    queryClient.invalidateQueries({ queryKey: [...salesKey, 'filters'] }),
    queryClient.invalidateQueries({ queryKey: ['staff', 'clients'] }),
    queryClient.invalidateQueries({ queryKey: ['staff', 'overview'] }),
    // A request's assignee and due date show on the board and its page.
    queryClient.invalidateQueries({ queryKey: ['staff', 'requests'] }),
  ]);
}
