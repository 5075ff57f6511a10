import type { CompanyPageSlug } from '@noise/shared/company-page-list';

/**
 * The demo's own text for the About column's other pages, in the format staff write theirs in
 * (components/page-text.tsx). A shop replaces any of them from Company Pages in the staff area.
 */
export function builtInCompanyText(slug: CompanyPageSlug, companyName: string): string | undefined {
  switch (slug) {
    case 'about-us':
      return `${companyName} is an Australian marketing agency for small and growing businesses. We plan, make and run the marketing that brings customers through the door: design, video, photography, websites, search, social media and advertising.

## How we work
- Every service has clear packages and prices before GST, so you know what you are buying.
- Each order becomes a project in your dashboard: send your brief and files, and follow every stage.
- A co-ordinator looks after your project from the first brief to delivery.

## Why businesses choose us
We are a small team of specialists, not a call centre. The people who plan your work are the people who make it, and we report in plain English on what it achieved.`;
    case 'our-team':
      return `Strategists, designers, filmmakers, writers and media buyers work side by side here, so your project never waits on a hand-over.

## Co-ordinators
Your co-ordinator is your single point of contact. They read your brief, line up the right specialists, keep the dates and tell you how things are going.
- Mia Chen: brand, design and web projects.
- Liam O'Connor: video, social media and advertising.

## Specialists
Behind them are our designers, editors, copywriters, photographers and media buyers, each with years of agency and in-house experience.`;
    case 'careers':
      return `We are always keen to meet bold, curious people who like making work that gets noticed.

## What we look for
- Craft: you care about the details, whether that is a frame of video or a line of copy.
- Clarity: you explain your thinking to clients in plain words.
- Ownership: you see a project through to the result.

## How to apply
There are no open roles listed right now. Send a short note about yourself and a few pieces of work you are proud of through our contact page, and we will be in touch when something fits.`;
    case 'intellectual-property-claims':
      return `We respect the rights of creators and expect our clients and suppliers to do the same.

## Tell us about content you believe infringes your rights
Send us, through our contact page:
- your name and how to reach you;
- the work you own, and where it appears on this site;
- why you believe its use here is not authorised;
- a statement that the information you give is accurate and that you own the rights or may act for the owner.

## What happens next
We acknowledge each claim within two business days, look into it, and remove or replace the content while we do if the claim appears valid. We will tell you what we decided and why.`;
    default:
      return undefined;
  }
}
