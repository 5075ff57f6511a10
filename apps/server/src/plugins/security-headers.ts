import type { FastifyInstance } from 'fastify';
import { APP_START_HASH } from '../lib/app-start.ts';
import { EMAIL_LOGO_PATH } from '../lib/email-html.ts';

export interface SecurityHeaderOptions {
  /** Extra origins a payment provider's script or frames need (Stripe.js). */
  scriptOrigins?: string[];
  frameOrigins?: string[];
  connectOrigins?: string[];
  hsts?: boolean;
}

/**
 * Security headers and a CSP without inline scripts but one, allowed by its hash. Computed once here, not per request:
 * @fastify/helmet cut a minimal route from about 28k to 12k requests/s on this kind of machine.
 */
export function buildSecurityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  // The one inline script, by its hash: what starts the app on a page the server drew.
  const scripts = ["'self'", APP_START_HASH, ...(options.scriptOrigins ?? [])].join(' ');
  // blob: the file library's PDF preview, a file fetched with the session (docs/product.md#files).
  const frames = ["'self'", 'blob:', ...(options.frameOrigins ?? [])].join(' ');
  const connect = ["'self'", ...(options.connectOrigins ?? [])].join(' ');
  const csp = [
    "default-src 'self'",
    `script-src ${scripts}`,
    // Radix positions popovers with style attributes; no inline <style> or script is needed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    `frame-src ${frames}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const headers: Record<string, string> = {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  };
  if (options.hsts) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions = {}) {
  const headers = buildSecurityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // Every answer names its request, as the logs do (a support question can quote it).
    reply.header('x-request-id', request.id);
    // API answers carry tokens and personal data: no cache, shared or the browser's, keeps one
    // unless its route says it may (the public catalogue, which sets its own).
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    // The logo in every email (lib/email-html.ts): webmail pages on other sites load it.
    if (request.url === EMAIL_LOGO_PATH) {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    done();
  });
}
