import { newSecret } from '../../lib/secrets.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import type { AuthDeps } from '../auth/sign-in.ts';
import type { UserRow } from '../users/repository.ts';
import { emitCustomerCreated } from '../webhooks/customer-events.ts';
import { providerLink } from '../emails/accounts.ts';
import { OAUTH_PROVIDERS } from './message-pages.ts';
import type { ProviderIdentity } from './provider-client.ts';
import type { OAuthProviderName, OAuthRepository } from './repository.ts';

/** How long a link ticket lasts: the password step now, or a mailed link read a little later. */
export const LINK_TICKET_MINUTES = { password: 15, email: 30 } as const;

export interface ProviderSignInDeps extends AuthDeps {
  oauth: OAuthRepository;
  mailer: Mailer;
}

export type ProviderSignInOutcome =
  | { kind: 'signed-in'; user: UserRow; created: boolean }
  /** An account has the email: the person proves it is theirs with its password. */
  | { kind: 'link-password'; ticket: string; userId: string }
  /** An account without a password has the email: a link was mailed to that address. */
  | { kind: 'link-email-sent'; userId: string }
  | { kind: 'no-email' }
  /** An account has the email, but the provider did not verify it: no linking is offered. */
  | { kind: 'email-unverified'; userId: string };

/**
 * Signs in the person a provider vouched for (docs/decisions/040): by the linked identity, else
 * as a new customer when no account has the email. An existing account with that email is never
 * taken over: linking needs the account's password or its mailbox.
 */
export async function signInWithProvider(
  deps: ProviderSignInDeps,
  provider: OAuthProviderName,
  identity: ProviderIdentity,
): Promise<ProviderSignInOutcome> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const account = await deps.oauth.findAccount(provider, identity.subject);
    if (account) {
      const user = await deps.users.findById(account.userId);
      if (user) return { kind: 'signed-in', user, created: false };
    }
    if (!identity.email) return { kind: 'no-email' };

    const existing = await deps.users.findByEmail(identity.email);
    if (existing) return offerLink(deps, provider, identity, existing);

    const created = await deps.oauth.createUserWithAccount(
      {
        provider,
        subject: identity.subject,
        email: identity.email,
        firstName: identity.firstName.slice(0, 100),
        lastName: identity.lastName.slice(0, 100),
        emailVerified: identity.emailVerified,
      },
      (tx, user) => emitCustomerCreated(tx, user, provider),
    );
    if (created === 'raced' || created === 'email-taken') continue; // look again
    return { kind: 'signed-in', user: created, created: true };
  }
  throw new Error('provider sign-in raced twice');
}

async function offerLink(
  deps: ProviderSignInDeps,
  provider: OAuthProviderName,
  identity: ProviderIdentity,
  user: UserRow,
): Promise<ProviderSignInOutcome> {
  if (!identity.emailVerified) return { kind: 'email-unverified', userId: user.id };
  const method = user.passwordHash ? 'password' : 'email';
  const ticket = newSecret();
  await deps.oauth.createTicket({
    ticket,
    provider,
    subject: identity.subject,
    email: identity.email,
    userId: user.id,
    method,
    expiresAt: new Date(Date.now() + LINK_TICKET_MINUTES[method] * 60_000),
  });
  if (method === 'password') return { kind: 'link-password', ticket, userId: user.id };

  const { companyName, publicUrl } = deps.config;
  const link = `${publicUrl}/sign-in-link?ticket=${encodeURIComponent(ticket)}`;
  await deps.mailer.send({
    to: user.email,
    ...providerLink({
      companyName,
      firstName: user.firstName,
      provider: OAUTH_PROVIDERS[provider],
      link,
      validMinutes: LINK_TICKET_MINUTES.email,
    }),
  });
  return { kind: 'link-email-sent', userId: user.id };
}
