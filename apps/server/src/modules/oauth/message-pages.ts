import type { MessagePage } from '../../lib/message-page.ts';
import type { OAuthProviderName } from './repository.ts';

export const OAUTH_PROVIDERS: Record<OAuthProviderName, string> = {
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
};

const backHome = (companyName: string) => ({ href: '/', text: `Back to ${companyName}` });

/** What the sign-in routes show when they cannot go on; each links home. */
export const signInPages = {
  /** A sign-in button whose provider has no keys yet. */
  unavailable: (provider: OAuthProviderName, companyName: string): MessagePage => ({
    heading: `${OAUTH_PROVIDERS[provider]} sign-in is not available yet`,
    body: `We are still setting up sign-in with ${OAUTH_PROVIDERS[provider]}. Please sign in or join with your email address for now.`,
    link: backHome(companyName),
  }),
  providerDown: (provider: OAuthProviderName, companyName: string): MessagePage => ({
    heading: `We could not finish signing you in with ${OAUTH_PROVIDERS[provider]}`,
    body: `${OAUTH_PROVIDERS[provider]} did not answer as expected. Please try again in a moment, or sign in with your email address.`,
    link: backHome(companyName),
  }),
  startAgain: (provider: OAuthProviderName, companyName: string): MessagePage => ({
    heading: 'This sign-in link is no longer valid',
    body: `It has expired, was already used, or was started in another browser. Please start again with ${OAUTH_PROVIDERS[provider]}.`,
    link: backHome(companyName),
  }),
  cancelled: (provider: OAuthProviderName, companyName: string): MessagePage => ({
    heading: `${OAUTH_PROVIDERS[provider]} sign-in was cancelled`,
    body: 'Nothing was changed. You can try again, or sign in with your email address.',
    link: backHome(companyName),
  }),
  emailUnverified: (provider: OAuthProviderName, companyName: string): MessagePage => ({
    heading: 'An account with this email already exists',
    body: `Please sign in with your email address and password. ${OAUTH_PROVIDERS[provider]} did not confirm that this email address is yours, so we cannot connect it to that account.`,
    link: backHome(companyName),
  }),
  noEmail: (provider: OAuthProviderName, companyName: string): MessagePage => ({
    heading: `${OAUTH_PROVIDERS[provider]} did not share an email address`,
    body: `We need an email address to create your account. Please allow ${OAUTH_PROVIDERS[provider]} to share it, or join with your email address.`,
    link: backHome(companyName),
  }),
};
