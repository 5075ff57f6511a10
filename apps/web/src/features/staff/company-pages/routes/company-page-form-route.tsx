import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import {
  companyPageRequest,
  companyPageSlugs,
  type CompanyPage,
  type CompanyPageRequest,
  type CompanyPageSlug,
} from '@noise/shared/company-pages';
import { Button } from '@/components/ui/button';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { PageSpinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { EmptyState, StaffPageHeader, StaffSection } from '../../components/page-header';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useCompanyPages } from '../api/get-company-pages';
import { useSaveCompanyPage } from '../api/save-company-page';

const LIST = '/wkm-dashboard/company-pages';
const back = { to: LIST, label: 'Back' };

function CompanyPageForm({ page }: { page: CompanyPage }) {
  const navigate = useNavigate();
  const save = useSaveCompanyPage(page.slug);
  const form = useForm<CompanyPageRequest>({
    resolver: zodResolver(companyPageRequest),
    defaultValues: { body: page.body },
  });

  // A failed save keeps the text in the form and says why (the alert below).
  async function onSubmit({ body }: CompanyPageRequest) {
    const saved = await save.mutateAsync(body);
    toastSuccess(saved.body ? 'Page saved' : 'Page reset to the built-in text');
    navigate(LIST);
  }

  return (
    <Form form={form} serverFields={['body']} onSubmit={onSubmit} className="flex flex-col gap-6">
      <StaffSection
        title="Text"
        description="Leave a blank line between paragraphs. Start a line with '## ' for a heading and with '- ' for a list item. Leave it empty to show the site's built-in text."
      >
        <FormField
          control={form.control}
          name="body"
          render={(field) => (
            <Textarea
              label={`${page.title} text`}
              className="min-h-[28rem] font-mono text-sm"
              {...field}
            />
          )}
        />
      </StaffSection>
      <FormAlert />
      <div className="flex flex-wrap gap-3">
        <FormSubmit variant="secondary" size="lg">
          Save
        </FormSubmit>
        <Button variant="ghost" size="lg" onClick={() => navigate(LIST)}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/** /wkm-dashboard/company-pages/edit/{slug}. */
export function CompanyPageFormRoute() {
  const { slug } = useParams();
  const known = (companyPageSlugs as readonly string[]).includes(slug ?? '');
  const pages = useCompanyPages();
  const page = pages.data?.find((p) => p.slug === (slug as CompanyPageSlug));
  usePageMeta(page ? `Edit ${page.title}` : 'Edit Company Page');
  useToastOnError(pages.error, 'Could not load the page');

  if (!known) {
    return (
      <div>
        <StaffPageHeader title="Edit Company Page" back={back} />
        <EmptyState title="Page not found" />
      </div>
    );
  }
  if (pages.isPending) return <PageSpinner label="Loading page" />;
  if (!page) {
    return (
      <div>
        <StaffPageHeader title="Edit Company Page" back={back} />
        <EmptyState title="Could not load the page">
          <p>{errorMessage(pages.error)}</p>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="max-w-4xl">
      <StaffPageHeader title={`Edit ${page.title}`} back={back} />
      <CompanyPageForm page={page} />
    </div>
  );
}
