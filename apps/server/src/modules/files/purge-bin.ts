import { BIN_DAYS } from '@noise/shared/files';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStore } from '../../plugins/file-store.ts';
import type { Repositories } from '../../repositories.ts';

const DAY_MS = 24 * 3600_000;
/** Files removed per round; the next round takes the rest. */
const BATCH = 100;

/**
 * Empties the bins of every company's library (docs/product.md#files): each file deleted more
 * than BIN_DAYS ago goes for good, its stored object first and then its row. Any process may run
 * it (the rows are claimed with SKIP LOCKED); an object the store fails to remove keeps its row
 * for the next round. Answers how many went.
 */
export async function purgeBins(
  deps: { repos: Pick<Repositories, 'files'>; store: FileStore },
  now: Date,
): Promise<number> {
  const before = new Date(now.getTime() - BIN_DAYS * DAY_MS);
  let total = 0;
  for (;;) {
    const purged = await deps.repos.files.purgeBin({ before, limit: BATCH }, (key) =>
      deps.store.delete(key),
    );
    total += purged.length;
    if (purged.length < BATCH) return total;
  }
}

/**
 * The job runner's schedule calls this before each poll; it empties the bins at most once every
 * `everyMs` per process, and a failure waits for the next round.
 */
export function createBinPurger(
  deps: { repos: Pick<Repositories, 'files'>; store: FileStore; log: FastifyBaseLogger },
  everyMs = 15 * 60_000,
) {
  let last = 0;
  return async (now: Date) => {
    if (now.getTime() - last < everyMs) return;
    last = now.getTime();
    try {
      const purged = await purgeBins(deps, now);
      if (purged) deps.log.info({ purged }, 'emptied files from the library bins');
    } catch (err) {
      deps.log.warn({ err }, 'emptying the library bins failed');
    }
  };
}
