import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerFactory } from 'fastify';
import { pickEncoding, type CachedBody } from './response-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Absent on an instance made without it (a test's bare Fastify). */
    frontCache?: FrontCache;
  }
}

/** A caller's own request id is kept when it looks like one; otherwise the server makes one. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The id of a request: the caller's x-request-id when it is fit to log, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** One answer as the framework sent it, ready to be written again. */
interface KeptAnswer {
  /** The cached body it was made from: stale or expired means the answer is too. */
  entry: CachedBody;
  /** Name, value, name, value... without the request id, which each request gets its own. */
  headers: string[];
  body: Buffer;
}

export interface FrontCacheOptions {
  /** At most this many addresses; the oldest kept goes first. */
  maxEntries: number;
  now?: () => number;
}

/**
 * The public answers the server sends most (the catalogue's JSON and the pages it draws), written
 * again before the framework sees the request: routing, hooks, the request's logger and its reply
 * object cost more than the answer itself (docs/decisions/115-front-cache.md).
 *
 * Only what `sendCached` sent is kept: a public answer that is the same for every caller, made
 * from a `CachedBody` of the catalogue's or the drawn pages' cache. It is kept under its exact
 * address and encoding, with the headers the framework set (security headers included), and
 * answered again only while that body is current: when its cache is cleared (a staff edit here,
 * or another process's through NOTIFY) or it expires, the next request goes through the framework
 * and keeps the new answer. A request that asks anything else (a revalidation, no compression,
 * another method) goes through the framework too.
 */
export function createFrontCache(options: FrontCacheOptions) {
  const now = options.now ?? Date.now;
  const answers = new Map<string, KeptAnswer>();
  let serving = true;
  let hits = 0;

  function keyOf(url: string, encoding: 'br' | 'gzip' | null) {
    return encoding ? `${encoding} ${url}` : url;
  }

  return {
    /** Writes the kept answer of `req`; false when there is none fit to send (the framework answers). */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      if (!serving || req.method !== 'GET' || answers.size === 0) return false;
      const headers = req.headers;
      if (headers['if-none-match'] !== undefined || headers['x-no-compression'] !== undefined) {
        return false;
      }
      const key = keyOf(req.url ?? '', pickEncoding(headers['accept-encoding']));
      const kept = answers.get(key);
      if (!kept) return false;
      if (kept.entry.stale || now() >= kept.entry.expiresAt) {
        answers.delete(key);
        return false;
      }
      hits += 1;
      const sent = kept.headers.slice();
      sent.push('x-request-id', requestIdOf(req));
      res.writeHead(200, sent);
      res.end(kept.body);
      return true;
    },

    /**
     * Keeps what `sendCached` is about to send, with the headers set on the reply so far. Called
     * only for a 200 with the whole body (never a 304).
     */
    keep(request: FastifyRequest, reply: FastifyReply, entry: CachedBody, body: Buffer | string) {
      if (!serving || request.method !== 'GET' || entry.stale) return;
      // A route that reads the caller may answer each one differently.
      if (request.routeOptions.config?.optionalAuth) return;
      if (request.headers['x-no-compression'] !== undefined) return;
      // The identity body is made into bytes once per entry, whatever number of addresses send it.
      const bytes =
        typeof body !== 'string'
          ? body
          : body === entry.body
            ? (entry.bytes ??= Buffer.from(body))
            : Buffer.from(body);
      const headers: string[] = [];
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (name === 'x-request-id' || name === 'content-length' || value === undefined) continue;
        for (const one of [value].flat()) headers.push(name, String(one));
      }
      headers.push('content-length', String(bytes.length));
      // Under the encoding the client asked for, whichever was sent (a small body goes as it is).
      const key = keyOf(request.url, pickEncoding(request.headers['accept-encoding']));
      answers.delete(key);
      answers.set(key, { entry, headers, body: bytes });
      if (answers.size > options.maxEntries) {
        const oldest = answers.keys().next().value;
        if (oldest !== undefined) answers.delete(oldest);
      }
    },

    /** Stops answering (the server is closing: the framework answers what still comes). */
    stop() {
      serving = false;
      answers.clear();
    },

    stats: () => ({ entries: answers.size, hits }),
  };
}

export type FrontCache = ReturnType<typeof createFrontCache>;

/**
 * The HTTP server the framework listens with: each request is offered to the front cache first.
 * Set up as Fastify's own server would be (its timeouts from the same options).
 */
export function frontServerFactory(front: FrontCache): FastifyServerFactory {
  return (handler: RequestListener, opts) => {
    const server = http.createServer((req, res) => {
      if (!front.serve(req, res)) handler(req, res);
    });
    const timeouts = opts as {
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
    };
    if (timeouts.keepAliveTimeout !== undefined)
      server.keepAliveTimeout = timeouts.keepAliveTimeout;
    if (timeouts.requestTimeout !== undefined) server.requestTimeout = timeouts.requestTimeout;
    if (timeouts.connectionTimeout !== undefined) server.setTimeout(timeouts.connectionTimeout);
    return server;
  };
}
