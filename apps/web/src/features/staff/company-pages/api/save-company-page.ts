import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyPageSchema, type CompanyPageSlug } from '@noise/shared/company-pages';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { manageCompanyPagesKey } from './get-company-pages';

/** PUT /api/company-pages/{slug}: the page's new text; empty shows the built-in text again. */
export function saveCompanyPage(slug: CompanyPageSlug, body: string) {
  return apiRequest(`/api/company-pages/${slug}`, {
    method: 'PUT',
    body: { body },
    check: checkWith(companyPageSchema),
  });
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
