import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses text answers (the web app's scripts and styles, JSON, HTML, SVG, XML) with brotli
 * or gzip, whichever the client prefers. Registered before any route: the plugin attaches itself
 * to routes as they are declared, after each route's own onSend hooks, so ETags are computed on
 * the uncompressed body. Figures and the trade-off: docs/decisions/005-compression.md.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    // Below about 1 KB the header overhead eats the gain.
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Node's brotli defaults to quality 11, far too slow for answers made per request. Quality 1
    // takes a third of quality 4's time (25 against 77 µs for a 14 KB list) and is still about
    // gzip's size: on the reads' path the CPU is what runs short (docs/decisions/005). The
    // built assets and the cached public answers are compressed once, at their best.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    // Answers up to 64 KB are compressed in one call, not through a zlib stream: a stream's
    // set-up, its pipeline and the threadpool hop cost more than quality 1's compression, and on
    // a server of one or two cores there is no spare core for the stream to overlap with
    // (docs/decisions/005). The plugin's default on two cores is 8 KB, below a page of projects.
    syncThreshold: 64 * 1024,
  });
}
