import type { FastifyInstance } from 'fastify';

/**
 * The methods the router has for the path of `url` when `method` is not among them: a request
 * Fastify sent to the not-found handler although its path is known, to be answered 405 with these
 * in Allow (RFC 9110, 15.5.6). Empty when the path is unknown, or when the route itself called
 * for a 404 (a missing file), so those stay 404s.
 */
export function allowedMethodsOf(app: FastifyInstance, method: string, url: string): string[] {
  const allowed = app.supportedMethods.filter((m) => app.findRoute({ method: m, url }) !== null);
  return allowed.includes(method) ? [] : allowed;
}
