import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { legalPageSlugs } from '@noise/shared/company-pages';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { usePageMeta } from '@/lib/use-page-meta';
import { StaffPageHeader } from '../../components/page-header';
import { StaffTable, TableQueryRows, Td, Th } from '../../components/staff-table';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useCompanyPages } from '../api/get-company-pages';

const isLegal = (slug: string) => (legalPageSlugs as readonly string[]).includes(slug);

/** /wkm-dashboard/company-pages: the About column's pages and whose text each shows. */
export function CompanyPagesListRoute() {
  usePageMeta('Company Pages');
  const pages = useCompanyPages();
  useToastOnError(pages.error, 'Could not load company pages');
  return (
    <div>
      <StaffPageHeader
        title="Company Pages"
        description="About Us, your team, careers and your legal pages, linked from the site's footer."
      />
      <StaffTable caption="Company pages">
        <thead>
          <tr>
            <Th>Page</Th>
            <Th>Shows</Th>
            <Th className="text-right">Action</Th>
          </tr>
        </thead>
        <tbody>
          <TableQueryRows query={pages} columns={3} what="the company pages">
            {(rows) =>
              rows.map((page) => (
                <tr key={page.slug} className="hover:bg-canvas/50">
                  <Td className="font-semibold">{page.title}</Td>
                  <Td className="text-muted">
                    {page.body && page.updatedAt ? (
                      `Your text, updated ${formatDate(page.updatedAt)}${page.updatedBy ? ` by ${page.updatedBy}` : ''}`
                    ) : isLegal(page.slug) ? (
                      <span className="font-semibold text-danger">Demo text: replace it</span>
                    ) : (
                      'Built-in text'
                    )}
                  </Td>
                  <Td>
                    <div className="flex justify-end gap-2">
                      <Button asChild variant="ghost" size="sm">
                        <a href={`/${page.slug}`} target="_blank" rel="noreferrer">
                          View<span className="sr-only"> {page.title} (opens in a new tab)</span>
                          <ExternalLink aria-hidden="true" />
                        </a>
                      </Button>
                      <Button asChild variant="outline" size="sm">
                        <Link to={`edit/${page.slug}`}>
                          Edit<span className="sr-only"> {page.title}</span>
                        </Link>
                      </Button>
                    </div>
                  </Td>
                </tr>
              ))
            }
          </TableQueryRows>
        </tbody>
      </StaffTable>
    </div>
  );
}
