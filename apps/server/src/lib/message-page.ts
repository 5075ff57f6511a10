const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}

export interface MessagePage {
  heading: string;
  /** Plain text, escaped here. */
  body: string;
  link: { href: string; text: string };
  /** A button that posts to `action` (the CSP allows forms to this site), above the link. */
  form?: { action: string; button: string };
}

/**
 * A self-contained page (inline styles only; the CSP allows no inline script) for what happens
 * outside the web app: a provider without keys, a refused or failed OAuth callback, an email's
 * unsubscribe link. The visitor
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
  a, button { display: inline-block; font: inherit; border: 0; cursor: pointer; margin-top: 1rem; padding: 0.75rem 1.25rem; border-radius: 999px;
    background: #0b0b0f; color: #fff; font-weight: 700; text-decoration: none; }
  a:hover, button:hover { background: #2a2a33; }
  a:focus-visible, button:focus-visible { outline: 3px solid #0b0b0f; outline-offset: 3px; }
  form + a { background: none; color: #0b0b0f; text-decoration: underline; padding-left: 0; }
</style>
</head>
<body>
<main>
<p class="brand">${company}</p>
<h1>${heading}</h1>
<p>${escapeHtml(page.body)}</p>
${page.form ? `<form method="post" action="${escapeHtml(page.form.action)}"><button type="submit">${escapeHtml(page.form.button)}</button></form>\n` : ''}<a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.text)}</a>
</main>
</body>
</html>
`;
}
