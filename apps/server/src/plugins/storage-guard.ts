import { statfs } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Room kept free in DATA_DIR. When the embedded database's write-ahead log cannot start its next
 * 16 MiB segment, the statement gets a disk-full error and the PGlite instance then stops
 * answering for good: every later query hangs with the CPU busy, and with it the whole process
 * (health checks, SIGTERM). Refusing writes while a few segments' worth is still free keeps the
 * server serving reads, answering clearly, and able to write again as soon as space is freed.
 */
export const STORAGE_RESERVE_BYTES = 64 * 2 ** 20;

export const STORAGE_FULL_MESSAGE =
  'We could not save this: the server has run out of storage space. Please try again later.';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface StorageGuardOptions {
  dir: string;
  reserveBytes?: number;
  /** How long one free-space reading is trusted; a statfs per write would be wasteful. */
  checkEveryMs?: number;
  /** Free bytes of the folder's file system (tests replace it). */
  freeBytes?: (dir: string) => Promise<number>;
}

const statfsFree = async (dir: string) => {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
};

/**
 * Answers every write request with 503 storage_full while DATA_DIR has less than the reserve
 * free. Reads go on. Only for what lives in DATA_DIR: the embedded database and local uploads.
 */
export function registerStorageGuard(app: FastifyInstance, options: StorageGuardOptions) {
  const reserve = options.reserveBytes ?? STORAGE_RESERVE_BYTES;
  const every = options.checkEveryMs ?? 1000;
  const freeBytes = options.freeBytes ?? statfsFree;
  let low = false;
  let checkedAt = -Infinity;
  let checking: Promise<void> | null = null;

  async function check() {
    try {
      const free = await freeBytes(options.dir);
      const nowLow = free < reserve;
      if (nowLow !== low) {
        if (nowLow) {
          app.log.error(
            { dir: options.dir, freeBytes: free, reserveBytes: reserve },
            'storage almost full: refusing writes until space is freed',
          );
        } else {
          app.log.warn({ dir: options.dir, freeBytes: free }, 'storage freed: writes accepted');
        }
      }
      low = nowLow;
    } catch (err) {
      // A folder we cannot measure is no reason to refuse the site's writes.
      app.log.warn({ err, dir: options.dir }, 'free space unknown');
      low = false;
    }
  }

  /** Refuses a write while the folder is nearly full; answers whether it did. */
  async function refused(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (Date.now() - checkedAt >= every) {
      checkedAt = Date.now();
      checking ??= check().finally(() => (checking = null));
    }
    if (checking) await checking;
    if (!low) return false;
    await reply.status(503).header('retry-after', '60').send({
      statusCode: 503,
      error: 'storage_full',
      message: STORAGE_FULL_MESSAGE,
      requestId: request.id,
    });
    return true;
  }

  // Reads pass at once, without a promise: they are most requests (docs/performance.md).
  app.addHook('onRequest', (request, reply, done) => {
    if (READS.has(request.method)) return done();
    refused(request, reply).then((sent) => {
      if (!sent) done();
    }, done);
  });
}
