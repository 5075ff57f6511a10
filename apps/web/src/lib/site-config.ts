import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** GET /api/config: what the server lets the browser know of its configuration. */
export interface SiteConfig {
  companyName: string;
  contactUrl: string;
  /** '' when the business has none set. */
  abn: string;
  /** The saved Privacy Policy and Terms of Service links; '' means the site's own pages. */
  privacyUrl: string;
  termsUrl: string;
  /** The shop's uploaded logo on this site; '' shows the site's own mark. */
  logoUrl: string;
  publicUrl: string;
  /** Reports and date filters count days in this zone (BUSINESS_TIMEZONE). */
  businessTimeZone: string;
  externalLinks: Partial<Record<'studioHire' | 'events' | 'displayScreens', string>>;
  /** Sign-in providers with keys; the sign-in modals offer only these. */
  oauthProviders: Record<'google' | 'facebook' | 'apple', boolean>;
}

export function getSiteConfig(signal?: AbortSignal): Promise<SiteConfig> {
  return api.get<SiteConfig>('/api/config', signal);
}

export const siteConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => getSiteConfig(signal),
  staleTime: 5 * 60_000,
});

export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}

/** Where a legal page is: the business's saved link, else the site's own page. */
export function legalPageHref(
  config: Pick<SiteConfig, 'privacyUrl' | 'termsUrl'> | undefined,
  slug: string,
): string {
  if (slug === 'privacy-policy' && config?.privacyUrl) return config.privacyUrl;
  if (slug === 'terms-of-service' && config?.termsUrl) return config.termsUrl;
  return `/${slug}`;
}
