/**
 * The About column's own pages without zod (Contact Us leaves for the configured contact URL):
 * the public routes, footer and breadcrumb read them, so every page's first load carries this
 * list. Their leads are in company-page-leads.ts, which only the pages themselves load.
 */
export const companyPages = [
  {
    slug: 'about-us',
    title: 'About Us',
  },
  {
    slug: 'our-team',
    title: 'Our Team',
  },
  {
    slug: 'careers',
    title: 'Careers',
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
  },
  {
    slug: 'terms-of-service',
    title: 'Terms of Service',
  },
  {
    slug: 'intellectual-property-claims',
    title: 'Intellectual Property Claims',
  },
] as const;

export type CompanyPageSlug = (typeof companyPages)[number]['slug'];
export const companyPageSlugs = companyPages.map((p) => p.slug) as [
  CompanyPageSlug,
  ...CompanyPageSlug[],
];
/** The pages a shop must write before it trades: the demo's are not its own. */
export const legalPageSlugs = ['terms-of-service', 'privacy-policy'] as const;

export const COMPANY_PAGE_MAX_LENGTH = 60_000;
