/** The About column's pages without zod: the public routes, footer and breadcrumb read them. */
/** The About column's own pages; Contact Us leaves for the configured contact URL. */
export const companyPages = [
  {
    slug: 'about-us',
    title: 'About Us',
    lead: 'We are a marketing agency that makes brands impossible to ignore.',
  },
  {
    slug: 'our-team',
    title: 'Our Team',
    lead: 'Strategists, designers, filmmakers, writers and media buyers under one roof.',
  },
  {
    slug: 'careers',
    title: 'Careers',
    lead: 'Want to make noise with us? We are always keen to meet bold, curious people.',
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    lead: 'How we collect, use and protect the personal information you share with us.',
  },
  {
    slug: 'terms-of-service',
    title: 'Terms of Service',
    lead: 'The terms that apply when you use this site and order our services.',
  },
  {
    slug: 'intellectual-property-claims',
    title: 'Intellectual Property Claims',
    lead: 'How to tell us about content on this site that you believe infringes your rights.',
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
