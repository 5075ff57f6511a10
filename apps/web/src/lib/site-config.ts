import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** GET /api/config: what the server lets the browser know of its configuration. */
export interface SiteConfig {
  companyName: string;
  contactUrl: string;
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
