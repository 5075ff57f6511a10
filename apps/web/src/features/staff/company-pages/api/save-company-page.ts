import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyPage, CompanyPageSlug } from '@noise/shared/company-pages';
import { api } from '@/lib/api-client';
import { manageCompanyPagesKey } from './get-company-pages';

/** PUT /api/company-pages/{slug}: the page's new text; empty shows the built-in text again. */
export function saveCompanyPage(slug: CompanyPageSlug, body: string) {
  return api.put<CompanyPage>(`/api/company-pages/${slug}`, { body });
}

export function useSaveCompanyPage(slug: CompanyPageSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => saveCompanyPage(slug, body),
    onSuccess: (page) => {
      queryClient.setQueryData(['company-pages', page.slug], page);
      return queryClient.invalidateQueries({ queryKey: manageCompanyPagesKey });
    },
  });
}
