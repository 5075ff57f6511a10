/**
 * Fixed ids of the header navigation (docs/product.md#header-and-navigation) and the home page's
 * services map (docs/product.md#home-page). The demo seed creates records with exactly these ids.
 */
export const headerNavigation = [
  { label: 'Social Media Management', kind: 'page', id: 'social-media-management' },
  { label: 'Marketing Materials', kind: 'page', id: 'marketing-materials' },
  { label: 'Content Creations', kind: 'page', id: 'content-creations' },
  { label: 'Website', kind: 'page', id: 'website' },
  { label: 'Business Accelerator', kind: 'service', id: 'business-accelerator' },
  { label: 'Branding', kind: 'service', id: 'branding' },
  { label: 'SEO', kind: 'service', id: 'seo' },
  { label: 'Meta Ads', kind: 'service', id: 'meta-ads' },
  { label: 'Google Ads', kind: 'service', id: 'google-ads' },
] as const;

export function navigationHref(entry: (typeof headerNavigation)[number]): string {
  return entry.kind === 'page' ? `/pages/${entry.id}` : `/services/${entry.id}`;
}

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

/** The footer's 'Services' column: the header's services, then these. */
export const footerExtraServices = [
  { label: 'Graphic Design', id: 'graphic-design' },
  { label: 'Content Creation', id: 'content-creation' },
  { label: 'Website Development', id: 'website-development' },
] as const;

/**
 * The fixed places of the site that link to a service or a content page, by name, for staff:
 * a record named here cannot be deleted or archived while the link stands
 * (docs/product.md#services-and-pages-linked-from-the-site).
 */
export function fixedLinksTo(kind: 'service' | 'page', id: string): string[] {
  const places: string[] = [];
  for (const entry of headerNavigation) {
    if (entry.kind === kind && entry.id === id) places.push(`the header's '${entry.label}' link`);
  }
  if (kind === 'service') {
    for (const entry of [
      ...headerNavigation.filter((e) => e.kind === 'service'),
      ...footerExtraServices,
    ]) {
      if (entry.id === id) places.push(`the footer's '${entry.label}' link`);
    }
    for (const entry of servicesMap) {
      if (!('external' in entry) && entry.serviceId === id) {
        places.push(`the home page's services map ('${entry.label}')`);
      }
    }
    if (id === BUSINESS_ACCELERATOR_SERVICE_ID) {
      places.push("the home page's 'Business Accelerator' button");
    }
  }
  return places;
}
