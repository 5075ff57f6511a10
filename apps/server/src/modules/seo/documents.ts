/** Areas that are private to a signed-in person, and the API that only the app calls. */
export const DISALLOWED_PATHS = ['/wkm-dashboard', '/dashboard', '/payment', '/api'] as const;

/**
 * The public catalogue calls a page makes while it renders. The site renders in the browser, so a
 * crawler that runs scripts needs them to see a service page's content; the longer Allow rule
 * wins over `Disallow: /api` (RFC 9309).
 */
export const RENDERING_API_PATHS = [
  '/api/config',
  '/api/services/',
  '/api/pages/',
  '/api/industries',
] as const;

export function buildRobotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    ...RENDERING_API_PATHS.map((p) => `Allow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

/** A sitemaps.org URL set of absolute addresses under publicUrl. */
export function buildSitemapXml(publicUrl: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeXml(publicUrl + p)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
