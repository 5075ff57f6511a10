import type { CompanyPageSlug } from './company-page-list.ts';

/** The line under each company page's title, and its meta description. */
export const companyPageLeads: Record<CompanyPageSlug, string> = {
  'about-us': 'We are a marketing agency that makes brands impossible to ignore.',
  'our-team': 'Strategists, designers, filmmakers, writers and media buyers under one roof.',
  careers: 'Want to make noise with us? We are always keen to meet bold, curious people.',
  'privacy-policy': 'How we collect, use and protect the personal information you share with us.',
  'terms-of-service': 'The terms that apply when you use this site and order our services.',
  'intellectual-property-claims':
    'How to tell us about content on this site that you believe infringes your rights.',
};
