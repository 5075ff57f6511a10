import { BIN_DAYS } from '@noise/shared/files';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStore } from '../../plugins/file-store.ts';
import type { Repositories } from '../../repositories.ts';
import { defineJobs } from '../jobs/lanes.ts';

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
 * Emptying the bins is a sweep of the bulk lane every 15 minutes, run by one process a round; a
 * failure (the store down) waits for the next.
 */
export function fileJobs(
  deps: { repos: Pick<Repositories, 'files'>; store: FileStore; log: FastifyBaseLogger },
  everyMs = 15 * 60_000,
) {
  return defineJobs({
    schedules: [
      {
        kind: 'purge-bins',
        lane: 'bulk',
        everyMs,
        run: async (now) => {
          const purged = await purgeBins(deps, now);
          if (purged) deps.log.info({ purged }, 'emptied files from the library bins');
        },
      },
    ],
  });
}
