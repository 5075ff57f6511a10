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
import { uploadForm } from '@/lib/upload';

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
        site
          ? {
              ...site,
              companyName: saved.companyName,
              contactUrl: contactLinkOf(saved),
              abn: saved.abn,
              privacyUrl: saved.privacyUrl,
              termsUrl: saved.termsUrl,
            }
          : site,
      );
    },
  });
}

/** After a logo upload or removal: the screen's details and the site's header follow at once. */
function useLogoSaved() {
  const queryClient = useQueryClient();
  return (saved: BusinessDetailsAnswer) => {
    queryClient.setQueryData(businessDetailsKey, saved);
    queryClient.setQueryData(siteConfigQuery.queryKey, (site) =>
      site ? { ...site, logoUrl: saved.logoUrl } : site,
    );
  };
}

/** PUT /api/settings/business-details/logo: one image file, `logo`. */
export function useUploadLogo() {
  const saved = useLogoSaved();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      return uploadForm(`${URL}/logo`, form, {
        method: 'PUT',
        check: checkWith(businessDetailsSchema),
      });
    },
    onSuccess: saved,
  });
}

/** DELETE /api/settings/business-details/logo. */
export function useRemoveLogo() {
  const saved = useLogoSaved();
  return useMutation({
    mutationFn: () =>
      apiRequest(`${URL}/logo`, { method: 'DELETE', check: checkWith(businessDetailsSchema) }),
    onSuccess: saved,
  });
}
