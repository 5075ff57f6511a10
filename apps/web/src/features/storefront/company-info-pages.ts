/** The About column's own pages (SPEC.md section 2, footer). Contact Us leaves for contactUrl. */
export const companyInfoPages = [
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
