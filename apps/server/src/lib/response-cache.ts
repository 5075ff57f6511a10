import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches, weakEtag } from './http-cache.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this size compression is not worth its headers (the same threshold as plugins/compression.ts). */
const COMPRESS_THRESHOLD = 1024;
/** Larger bodies get a quicker brotli level, so one write never stalls the process for long. */
const BEST_BROTLI_UP_TO = 64 * 1024;

/** One serialized answer, with everything a hit needs computed once. */
export interface CachedBody {
  body: string;
  etag: string;
  cacheControl: string;
  /** Filled on first demand; undefined while not yet made (or not worth it). */
  br?: Buffer;
  gzip?: Buffer;
  /** The body as bytes, for the front cache (lib/front-cache.ts). */
  bytes?: Buffer;
  storedAt: number;
  /** When a copy of it kept elsewhere (lib/front-cache.ts) stops being sent. */
  expiresAt: number;
  /** Set once its cache is cleared: what was made from it must not be sent again. */
  stale?: boolean;
}

export interface ResponseCacheOptions {
  /** At most this many answers; the oldest stored goes first. */
  maxEntries: number;
  /** A stored answer older than this is loaded again (a safety net for a missed invalidation). */
  maxAgeMs: number;
  /** Cache-Control of every cached answer. */
  cacheControl: string;
  now?: () => number;
}

/**
 * A process-local cache of serialized public answers. Correct under concurrent writes: every
 * invalidation bumps a generation, and a load that started before an invalidation is handed to
 * its caller but never stored, so a read racing a write cannot put the old answer back.
 * Concurrent misses of one key share one load.
 */
export function createResponseCache(options: ResponseCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedBody>();
  const loading = new Map<string, { generation: number; promise: Promise<CachedBody | null> }>();
  let generation = 0;
  let hits = 0;
  let misses = 0;

  function store(key: string, entry: CachedBody) {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > options.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  }

  return {
    /**
     * The cached answer of `key`, or `load()`'s (a serialized JSON text, or null for "no such
     * thing", which is not cached).
     */
    async get(key: string, load: () => Promise<string | null>): Promise<CachedBody | null> {
      const found = entries.get(key);
      if (found && now() - found.storedAt < options.maxAgeMs) {
        hits += 1;
        return found;
      }
      const pending = loading.get(key);
      if (pending && pending.generation === generation) return pending.promise;
      misses += 1;
      const started = generation;
      const promise = (async () => {
        const body = await load();
        if (body === null) return null;
        const storedAt = now();
        const entry: CachedBody = {
          body,
          etag: weakEtag(body),
          cacheControl: options.cacheControl,
          storedAt,
          expiresAt: storedAt + options.maxAgeMs,
        };
        // A load an invalidation overtook is handed to its caller once, never kept.
        if (started === generation) store(key, entry);
        else entry.stale = true;
        return entry;
      })();
      loading.set(key, { generation: started, promise });
      try {
        return await promise;
      } finally {
        if (loading.get(key)?.promise === promise) loading.delete(key);
      }
    },

    /** Forgets every answer, and any load in flight. */
    clear() {
      generation += 1;
      for (const entry of entries.values()) entry.stale = true;
      entries.clear();
      loading.clear();
    },

    stats: () => ({ entries: entries.size, hits, misses, generation }),
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

const encodings = new Map<string, 'br' | 'gzip' | null>();

/**
 * The client's preferred encoding among ours: br, then gzip; null for identity. Browsers send a
 * handful of distinct headers, so each is worked out once (at most 64 kept).
 */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const known = encodings.get(header);
  if (known !== undefined) return known;
  let br = false;
  let gz = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gz = true;
  }
  const picked = br ? 'br' : gz ? 'gzip' : null;
  if (encodings.size < 64) encodings.set(header, picked);
  return picked;
}

async function compressed(entry: CachedBody, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const have = entry[encoding];
  if (have) return have;
  const made =
    encoding === 'br'
      ? await brotli(entry.body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: entry.body.length <= BEST_BROTLI_UP_TO ? 11 : 5,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(entry.body),
          },
        })
      : await gzip(entry.body, { level: 9 });
  entry[encoding] = made;
  return made;
}

/**
 * Sends a cached answer: ETag and Cache-Control as stored, an empty 304 when the client has it,
 * otherwise the body compressed once per entry in the client's preferred encoding. The body is
 * already text (JSON unless said otherwise), so Fastify neither serializes nor compresses it again.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
  contentType = 'application/json; charset=utf-8',
): Promise<FastifyReply> {
  reply.header('etag', entry.etag).header('cache-control', entry.cacheControl);
  if (etagMatches(request.headers['if-none-match'], entry.etag)) {
    return reply.code(304).send();
  }
  reply.header('content-type', contentType);
  const encoding =
    entry.body.length >= COMPRESS_THRESHOLD
      ? pickEncoding(request.headers['accept-encoding'])
      : null;
  let body: Buffer | string = entry.body;
  if (encoding && request.headers['x-no-compression'] === undefined) {
    body = entry[encoding] ?? (await compressed(entry, encoding));
    reply.header('vary', 'accept-encoding').header('content-encoding', encoding);
  } else if (entry.body.length >= COMPRESS_THRESHOLD) {
    reply.header('vary', 'accept-encoding');
  }
  // The same answer for everyone: the next request for it is answered before the framework.
  request.server.frontCache?.keep(request, reply, entry, body);
  return reply.send(body);
}
