import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';

const { app } = await createTestApp({ companyName: 'Loud & Clear <Co>' });

describe('OAuth start routes before the providers are configured', () => {
  it.each([
    ['/api/auth/google', 'Google'],
    ['/api/auth/facebook', 'Facebook'],
    ['/auth/facebook', 'Facebook'],
    ['/api/auth/apple', 'Apple'],
  ])('%s answers 503 with a page that says so and links home', async (url, provider) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(`<h1>${provider} sign-in is not available yet</h1>`);
    expect(res.body).toContain('<a href="/">Back to Loud &amp; Clear &lt;Co&gt;</a>');
    // The CSP forbids inline scripts: the page must work without any.
    expect(res.body).not.toMatch(/<script|\son\w+=/i);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('needs no sign-in', async () => {
    const res = await app.inject({
      url: '/api/auth/google',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(503);
  });
});
