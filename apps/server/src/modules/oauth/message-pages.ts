import type { OAuthProviderName } from './repository.ts';

export const OAUTH_PROVIDERS: Record<OAuthProviderName, string> = {
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
};

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}

export interface MessagePage {
  heading: string;
  /** Plain text, escaped here. */
  body: string;
  link: { href: string; text: string };
}

/**
 * A self-contained page (inline styles only; the CSP allows no inline script) for what happens
 * outside the web app: a provider without keys, a refused or failed OAuth callback. The visitor
 * gets an explanation and a way back, never a broken link or a JSON error.
 */
export function renderMessagePage(page: MessagePage, companyName: string): string {
  const company = escapeHtml(companyName);
  const heading = escapeHtml(page.heading);
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${heading} | ${company}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1.5rem;
    box-sizing: border-box; background: #f6f4ef; color: #0b0b0f;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 32rem; padding: 2rem; border: 2px solid #0b0b0f; border-radius: 1.25rem;
    background: #fff; box-shadow: 6px 6px 0 #0b0b0f; }
  p.brand { margin: 0; font-weight: 800; letter-spacing: 0.15em; text-transform: uppercase;
    font-size: 0.8rem; }
  h1 { margin: 0.75rem 0; font-size: 1.75rem; line-height: 1.15; }
  a { display: inline-block; margin-top: 1rem; padding: 0.75rem 1.25rem; border-radius: 999px;
    background: #0b0b0f; color: #fff; font-weight: 700; text-decoration: none; }
  a:hover { background: #2a2a33; }
  a:focus-visible { outline: 3px solid #0b0b0f; outline-offset: 3px; }
</style>
</head>
<body>
<main>
<p class="brand">${company}</p>
<h1>${heading}</h1>
<p>${escapeHtml(page.body)}</p>
<a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.text)}</a>
</main>
</body>
</html>
`;
}

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
