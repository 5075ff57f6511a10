import type { FastifyInstance } from 'fastify';

export const OAUTH_PROVIDERS = {
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
} as const;

export type OAuthProvider = keyof typeof OAUTH_PROVIDERS;

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

/**
 * A self-contained page (inline styles only; the CSP allows no inline script) for a sign-in
 * button whose provider has no keys yet: the visitor gets an explanation and a way back, never
 * a broken link.
 */
export function renderOAuthUnavailablePage(provider: OAuthProvider, companyName: string): string {
  const name = OAUTH_PROVIDERS[provider];
  const company = escapeHtml(companyName);
  const heading = `${name} sign-in is not available yet`;
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
<p>We are still setting up sign-in with ${name}. Please sign in or join with your email address for now.</p>
<a href="/">Back to ${company}</a>
</main>
</body>
</html>
`;
}

/**
 * The OAuth start routes: the sign-in buttons navigate here (and SPEC.md names /auth/facebook
 * without the /api prefix). Until a provider is configured each answers 503 with a clear page.
 */
export function registerOAuthUnavailableRoutes(
  app: FastifyInstance,
  deps: { companyName: string },
) {
  const routes: [string, OAuthProvider][] = [
    ['/api/auth/google', 'google'],
    ['/api/auth/facebook', 'facebook'],
    ['/auth/facebook', 'facebook'],
    ['/api/auth/apple', 'apple'],
  ];
  for (const [url, provider] of routes) {
    const page = renderOAuthUnavailablePage(provider, deps.companyName);
    app.get(
      url,
      { config: { access: 'public' }, schema: { tags: ['auth'], hide: !url.startsWith('/api') } },
      async (_request, reply) =>
        reply
          .status(503)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('retry-after', '86400')
          .send(page),
    );
  }
}
