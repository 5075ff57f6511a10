import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyPage, CompanyPageSlug } from '@noise/shared/company-pages';
import { api } from '@/lib/api-client';

export const companyPageKey = ['company-pages'] as const;

/** GET /api/company-pages/{slug}: the shop's own text of an About column page ('' if unwritten). */
export function getCompanyPage(slug: CompanyPageSlug, signal?: AbortSignal) {
  return api.get<CompanyPage>(`/api/company-pages/${slug}`, signal);
}

export function companyPageQuery(slug: CompanyPageSlug) {
  return queryOptions({
    queryKey: [...companyPageKey, slug],
    queryFn: ({ signal }) => getCompanyPage(slug, signal),
    staleTime: 60_000,
  });
}

export function useCompanyPage(slug: CompanyPageSlug) {
  return useQuery(companyPageQuery(slug));
}
