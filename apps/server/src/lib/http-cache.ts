import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A weak validator of a serialized body: equal JSON, equal tag. */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match against our tag, with the weak comparison RFC 9110 asks for on GET. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const ours = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === ours);
}

/**
 * A route's onSend hook for public, cacheable JSON: tags the serialized body with an ETag, sets
 * Cache-Control, and turns the answer into an empty 304 when the client already has it.
 */
export function cacheableJson(maxAgeSeconds: number) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      return payload;
    }
    const etag = weakEtag(payload);
    reply.header('etag', etag);
    reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
    if (!etagMatches(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  };
}
