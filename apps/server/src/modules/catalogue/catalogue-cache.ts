import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { createResponseCache, type CachedBody } from '../../lib/response-cache.ts';

/**
 * The PostgreSQL channel on which a process that changed the catalogue tells the others to drop
 * their cached public answers. The payload is the sender's instance id: an instance ignores its own
 * notification (it cleared its cache before sending it).
 */
export const CATALOGUE_CHANNEL = 'noise_catalogue';

/** Keys starting with this are search answers (kept apart, see below). */
export const SEARCH_PREFIX = 'search:';

/** How long browsers and proxies may reuse a public catalogue answer without asking again. */
export const CATALOGUE_MAX_AGE_SECONDS = 60;

/**
 * The public catalogue's answers (services, pages, industries, search), serialized once and kept
 * until the catalogue changes. Every staff write calls invalidate(): this process forgets at once,
 * and the others hear it through NOTIFY on CATALOGUE_CHANNEL (PGlite is one process, so its own
 * listener is the only one). If the listening connection drops, notifications sent meanwhile are
 * lost: entries also expire after a minute, the same as the browser's max-age.
 */
export function createCatalogueCache(deps: { database: Database; log: FastifyBaseLogger }) {
  const options = {
    maxAgeMs: CATALOGUE_MAX_AGE_SECONDS * 1000,
    cacheControl: `public, max-age=${CATALOGUE_MAX_AGE_SECONDS}`,
  };
  // Search terms are anyone's choice: they get their own room, so a stream of new terms can
  // only push out other searches, never the services and pages.
  const pages = createResponseCache({ ...options, maxEntries: 5000 });
  const searches = createResponseCache({ ...options, maxEntries: 1000 });
  // Others holding what the catalogue was (the search index) forget with the answers.
  const onClear: (() => void)[] = [];
  const clear = () => {
    pages.clear();
    searches.clear();
    for (const listener of onClear) listener();
  };
  let stopListening: (() => Promise<void>) | undefined;
  const instance = randomUUID();

  return {
    /**
     * The answer for `key`: cached, or loaded, checked and serialized by `schema` (as the route's
     * response schema would). A load answering undefined is a 404 and is not cached.
     */
    async get<S extends z.ZodType>(
      key: string,
      schema: S,
      load: () => Promise<z.output<S> | undefined>,
    ): Promise<CachedBody | null> {
      return (key.startsWith(SEARCH_PREFIX) ? searches : pages).get(key, async () => {
        const value = await load();
        return value === undefined ? null : JSON.stringify(z.encode(schema, value));
      });
    },

    /** Forgets every cached answer here and tells the other processes to do the same. */
    async invalidate() {
      clear();
      await deps.database
        .notify(CATALOGUE_CHANNEL, instance)
        .catch((err: unknown) => deps.log.warn({ err }, 'catalogue cache broadcast failed'));
    },

    async start() {
      stopListening = await deps.database.listen(CATALOGUE_CHANNEL, (sender) => {
        if (sender !== instance) clear();
      });
    },

    async stop() {
      await stopListening?.();
      stopListening = undefined;
    },

    /** Calls `listener` whenever the cached answers are dropped, by a write here or elsewhere. */
    onClear(listener: () => void) {
      onClear.push(listener);
    },

    stats: () => ({ pages: pages.stats(), searches: searches.stats() }),
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
  }
}
