/** A link of the header or the footer's 'Services' column to a service or a content page. */
export type NavigationEntry = {
  label: string;
  kind: 'service' | 'page';
  id: string;
};

/** The header and the footer's 'Services' column, as staff set them (GET /api/navigation). */
export type SiteNavigation = {
  header: NavigationEntry[];
  footer: NavigationEntry[];
};

/**
 * The header navigation a new shop starts with (docs/product.md#header-and-navigation): staff
 * change it under Pages, 'Site navigation'. The demo seed creates records with exactly these ids,
 * and the app shows this list until the shop's own has arrived.
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

export function navigationHref(entry: NavigationEntry): string {
  return entry.kind === 'page' ? `/pages/${entry.id}` : `/services/${entry.id}`;
}

/** The footer's 'Services' column a new shop starts with: the header's services, then these. */
export const footerExtraServices = [
  { label: 'Graphic Design', id: 'graphic-design' },
  { label: 'Content Creation', id: 'content-creation' },
  { label: 'Website Development', id: 'website-development' },
] as const;

export const defaultNavigation: SiteNavigation = {
  header: headerNavigation.map((entry) => ({ ...entry })),
  footer: [
    ...headerNavigation.filter((entry) => entry.kind === 'service'),
    ...footerExtraServices.map((entry) => ({ ...entry, kind: 'service' as const })),
  ].map((entry) => ({ label: entry.label, kind: entry.kind, id: entry.id })),
};
