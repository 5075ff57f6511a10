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
  });
}
