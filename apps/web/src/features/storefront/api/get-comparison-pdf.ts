import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** GET /api/pdf?url=: the comparison PDF of a service, from our own file store. */
export async function getComparisonPdf(url: string, signal?: AbortSignal): Promise<Blob> {
  return (await apiFetch(`/api/pdf?url=${encodeURIComponent(url)}`, { signal })).blob();
}

export function comparisonPdfQuery(url: string) {
  return queryOptions({
    queryKey: ['pdf', url],
    queryFn: ({ signal }) => getComparisonPdf(url, signal),
    staleTime: Infinity,
  });
}

export function useComparisonPdf(url: string) {
  return useQuery(comparisonPdfQuery(url));
}
