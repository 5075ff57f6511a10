import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { companyPageSchema, type CompanyPage } from '@noise/shared/company-pages';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export const manageCompanyPagesKey = ['staff', 'company-pages'] as const;

/** GET /api/company-pages: every About column page with the shop's text ('' if unwritten). */
export function getCompanyPages(signal?: AbortSignal): Promise<CompanyPage[]> {
  return apiRequest('/api/company-pages', {
    signal,
    cache: 'no-cache',
    check: checkWith(z.array(companyPageSchema)),
  });
}

export const companyPagesQuery = queryOptions({
  queryKey: [...manageCompanyPagesKey, 'list'],
  queryFn: ({ signal }) => getCompanyPages(signal),
  staleTime: 0,
});

export function useCompanyPages() {
  return useQuery(companyPagesQuery);
}
