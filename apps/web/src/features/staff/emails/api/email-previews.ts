import { queryOptions, useQuery } from '@tanstack/react-query';
import { emailPreviewListResponse } from '@noise/shared/emails';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

const previewList = checkWith(emailPreviewListResponse);

/** GET /api/email-previews: every kind of email, rendered with demo data by the server. */
export const emailPreviewsQuery = queryOptions({
  queryKey: ['staff', 'email-previews'],
  queryFn: ({ signal }) => apiRequest('/api/email-previews', { signal, check: previewList }),
  // The layout changes with a release, not while the page is open.
  staleTime: Infinity,
});

export function useEmailPreviews() {
  return useQuery(emailPreviewsQuery);
}
