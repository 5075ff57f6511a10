import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  businessDetailsSchema,
  contactLinkOf,
  type BusinessDetailsAnswer,
  type BusinessDetailsRequest,
} from '@noise/shared/business-details';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { siteConfigQuery } from '@/lib/site-config';

const URL = '/api/settings/business-details';

export const businessDetailsKey = ['staff', 'settings', 'business-details'] as const;

/** GET /api/settings/business-details: the environment's values until first saved. */
export function getBusinessDetails(signal?: AbortSignal): Promise<BusinessDetailsAnswer> {
  return apiRequest(URL, { signal, check: checkWith(businessDetailsSchema) });
}

export const businessDetailsQuery = queryOptions({
  queryKey: businessDetailsKey,
  queryFn: ({ signal }) => getBusinessDetails(signal),
});

export function useBusinessDetails() {
  return useQuery(businessDetailsQuery);
}

/** PUT /api/settings/business-details: every field again; they apply at once. */
export function saveBusinessDetails(body: BusinessDetailsRequest): Promise<BusinessDetailsAnswer> {
  return apiRequest(URL, {
    method: 'PUT',
    body: { ...body },
    check: checkWith(businessDetailsSchema),
  });
}

export function useSaveBusinessDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessDetails,
    onSuccess: (saved) => {
      queryClient.setQueryData(businessDetailsKey, saved);
      // The site's own name and contact link change with them. Set here rather than fetched
      // again: the browser may hold GET /api/config for a minute (its max-age).
      queryClient.setQueryData(siteConfigQuery.queryKey, (site) =>
        site ? { ...site, companyName: saved.companyName, contactUrl: contactLinkOf(saved) } : site,
      );
    },
  });
}
