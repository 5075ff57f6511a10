import { ArrowUpRight } from 'lucide-react';
import { useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { useSiteConfig } from '@/lib/site-config';
import { usePageMeta } from '@/lib/use-page-meta';
import { Breadcrumb } from '../components/breadcrumb';
import { ExternalLink } from '../components/external-link';
import { useCompanyPage } from '../api/get-company-page';
import { PrivacyPolicy, TermsOfService } from '../components/legal-documents';
import { PageText } from '../components/page-text';
import { builtInCompanyText } from '../company-info-texts';
import { companyPageLeads } from '@noise/shared/company-page-leads';
import { companyPages } from '@noise/shared/company-page-list';
import { NotFoundView } from './not-found';

const documents: Partial<Record<string, typeof TermsOfService>> = {
  'terms-of-service': TermsOfService,
  'privacy-policy': PrivacyPolicy,
};

/** About Us, Our Team, Careers and the legal pages of the footer's About column. */
export function CompanyInfoRoute() {
  const { pathname } = useLocation();
  const page = companyPages.find((p) => `/${p.slug}` === pathname);
  if (!page) return <NotFoundView />;
  return <CompanyInfoPage page={page} />;
}

function CompanyInfoPage({ page }: { page: (typeof companyPages)[number] }) {
  const config = useSiteConfig().data;
  usePageMeta(page.title, companyPageLeads[page.slug]);
  const own = useCompanyPage(page.slug);
  // The shop's own text once written; until then the built-in one (a failed read shows it too).
  const Document = documents[page.slug];
  const contact = config?.contactUrl ? (
    <ExternalLink href={config.contactUrl} className={buttonVariants({ className: 'mt-6' })}>
      Contact Us
      <ArrowUpRight aria-hidden="true" />
    </ExternalLink>
  ) : null;
  const companyName = config?.companyName ?? 'This agency';
  const text = own.data?.body || builtInCompanyText(page.slug, companyName);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <Breadcrumb />
      <h1 className="mt-8 text-5xl font-extrabold break-words sm:text-6xl">{page.title}</h1>
      <p className="mt-5 text-xl text-muted">{companyPageLeads[page.slug]}</p>
      {own.isPending ? (
        <div aria-hidden="true" className="mt-10 h-64 animate-pulse rounded-card bg-canvas" />
      ) : (
        <div className="mt-10 rounded-card border-2 border-ink bg-paper p-6 sm:p-8">
          {own.data?.body || !Document ? (
            <PageText text={text ?? ''} />
          ) : (
            <Document companyName={companyName} />
          )}
        </div>
      )}
      <div className="mt-8 rounded-card bg-ink p-6 text-paper sm:p-8">
        <h2 className="text-2xl font-extrabold">Questions?</h2>
        <p className="mt-2 text-lg">Our team is happy to explain anything on this page.</p>
        {contact}
      </div>
    </div>
  );
}
