import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SignInResponse } from '@noise/shared/two-factor';
import { api } from '@/lib/api-client';

export type LinkProvider = 'google' | 'facebook' | 'apple';

export interface LinkPreview {
  provider: LinkProvider;
  email: string;
  /** 'password': prove the account's password; 'email': the mailed link is the proof. */
  method: 'password' | 'email';
}

/** POST /api/auth/oauth/link/preview: what a link ticket would connect (docs/decisions/040). */
export function getLinkPreview(ticket: string): Promise<LinkPreview> {
  return api.post<LinkPreview>('/api/auth/oauth/link/preview', { ticket });
}

export const linkPreviewQuery = (ticket: string) =>
  queryOptions({
    queryKey: ['oauth-link', ticket],
    queryFn: () => getLinkPreview(ticket),
    retry: false,
    staleTime: Infinity,
  });

export function useLinkPreview(ticket: string | null) {
  return useQuery({ ...linkPreviewQuery(ticket ?? ''), enabled: Boolean(ticket) });
}

/**
 * POST /api/auth/oauth/link: completes the link; answers a sign-in token for the account, or,
 * for a mailed link to an account with two-factor on, the second step to pass first.
 */
export function completeLink(ticket: string): Promise<SignInResponse & { provider: string }> {
  return api.post<SignInResponse & { provider: string }>('/api/auth/oauth/link', { ticket });
}

export function useCompleteLink() {
  return useMutation({ mutationFn: completeLink });
}
