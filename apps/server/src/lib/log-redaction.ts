import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = /([?&](?:token|password|code|state|key|secret)=)[^&#]*/gi;

/** A URL fit for a log line: secret query values (an OAuth code, a sign-in token) are hidden. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});

/** Paths pino removes from every log object, wherever a handler might put them. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'password',
  '*.password',
  'token',
  '*.token',
  'cardNumber',
  '*.cardNumber',
];
