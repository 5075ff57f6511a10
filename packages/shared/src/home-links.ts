/**
 * The home page's links to services (docs/product.md#home-page): kept apart from the header's
 * so that only the home page's code carries them.
 */

/**
 * The 16 entries of the services map. Each is a service in the catalogue; `external` entries are
 * run by partner sites and leave ours (their URL is configurable on the server).
 */
export const servicesMap = [
  { label: 'Graphic Design', serviceId: 'graphic-design' },
  { label: 'Commercials', serviceId: 'commercials' },
  { label: 'Studio Hire', serviceId: 'studio-hire', external: 'studioHire' },
  { label: 'Content Creation', serviceId: 'content-creation' },
  { label: 'Social Media Management', serviceId: 'social-media-management' },
  { label: 'SEO', serviceId: 'seo' },
  { label: 'Events', serviceId: 'events', external: 'events' },
  { label: 'Display Screens', serviceId: 'display-screens', external: 'displayScreens' },
  { label: 'Social Advertising', serviceId: 'social-advertising' },
  { label: 'Podcasts', serviceId: 'podcasts' },
  { label: 'Search Engine Marketing', serviceId: 'search-engine-marketing' },
  { label: 'Business Profile', serviceId: 'business-profile' },
  { label: 'PR', serviceId: 'pr' },
  { label: 'Marketing Materials', serviceId: 'marketing-materials' },
  { label: 'Email Marketing', serviceId: 'email-marketing' },
  { label: 'Website Development', serviceId: 'website-development' },
] as const;

/** Where the 'Business Accelerator' button on the home page leads. */
export const BUSINESS_ACCELERATOR_SERVICE_ID = 'business-accelerator';

/**
 * The places of the home page that link to a service, by name, for staff: a service named here
 * cannot be deleted or archived while the link stands
 * (docs/product.md#services-and-pages-linked-from-the-site). The header and footer are the shop's
 * own data, checked on the server.
 */
export function homePageLinksTo(kind: 'service' | 'page', id: string): string[] {
  if (kind !== 'service') return [];
  const places: string[] = [];
  for (const entry of servicesMap) {
    if (!('external' in entry) && entry.serviceId === id) {
      places.push(`the home page's services map ('${entry.label}')`);
    }
  }
  if (id === BUSINESS_ACCELERATOR_SERVICE_ID) {
    places.push("the home page's 'Business Accelerator' button");
  }
  return places;
}
