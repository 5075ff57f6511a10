import { badRequest } from '../../lib/errors.ts';
import type { OAuthRepository } from './repository.ts';

export const LINK_EXPIRED =
  'This link has expired or was already used. Please sign in with the provider again.';

/** What a live link ticket would connect, for the page that asks to confirm it. */
export async function previewLink(oauth: OAuthRepository, ticket: string) {
  const row = await oauth.findTicket(ticket);
  if (!row) throw badRequest(LINK_EXPIRED);
  return { provider: row.provider, email: row.email, method: row.method };
}
