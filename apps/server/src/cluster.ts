import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createUserRepository } from './modules/users/repository.ts';
import { ensureAdmin, printReady } from './seed/ensure-admin.ts';
import { seedDemo } from './seed/seed-demo.ts';

/** How long the workers get to finish their requests and jobs after SIGTERM. */
const SHUTDOWN_GRACE_MS = 15_000;
/** A worker that dies sooner than this after it started listening counts as a crash loop. */
const QUICK_DEATH_MS = 10_000;
const MAX_QUICK_DEATHS = 5;

/**
 * The primary of `WORKERS=N` (N > 1, PostgreSQL only; config.ts refuses PGlite). It migrates,
 * ensures the super-admin and seeds once, before forking, so the workers start on a ready
 * database (their own migration step finds nothing to do, under the same advisory lock). It serves
 * nothing itself: node:cluster hands connections to the workers in turn. A worker that dies is
 * replaced; SIGTERM or SIGINT stops every worker gracefully and then the primary.
 */
export async function runPrimary(config: Config): Promise<void> {
  const log: FastifyBaseLogger = pino({ level: config.logLevel });

  const database = await openDatabase({
    url: config.databaseUrl,
    poolSize: 2,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  let adminNotice: string | undefined;
  try {
    adminNotice = await ensureAdmin({ config, users: createUserRepository(database.db), log });
    if (config.seedDemo) await seedDemo(database.db, log);
  } finally {
    await database.close();
  }

  let stopping = false;
  let quickDeaths = 0;
  const listeningSince = new Map<number, number>();
  let announced = false;

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.on('listening', () => {
      listeningSince.set(worker.id, Date.now());
      if (!announced) printReady(config.publicUrl, adminNotice);
      announced = true;
    });
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    const since = listeningSince.get(worker.id);
    listeningSince.delete(worker.id);
    if (stopping) return;
    log.error({ pid: worker.process.pid, code, signal }, 'worker exited');
    if (since === undefined) {
      // It never listened: a start-up error (port taken, database refused) that a new worker
      // would only repeat. Stop all rather than fork in a loop.
      log.fatal('a worker failed to start; stopping');
      void stop('worker start-up failure', 1);
      return;
    }
    quickDeaths = Date.now() - since < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    if (quickDeaths >= MAX_QUICK_DEATHS) {
      log.fatal({ quickDeaths }, 'workers keep dying soon after starting; stopping');
      void stop('crash loop', 1);
      return;
    }
    setTimeout(() => {
      if (!stopping) fork();
    }, 1000 * quickDeaths).unref();
  });

  const stop = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    log.info({ reason, workers: workers.length }, 'stopping workers');
    // Each resolves true when its worker shut down cleanly (exit code 0).
    const exited = workers.map(
      (w) =>
        new Promise<boolean>((resolve) => {
          if (w.isDead()) return resolve(true);
          w.once('exit', (code) => resolve(code === 0));
          w.process.kill('SIGTERM');
        }),
    );
    const timer = setTimeout(() => {
      log.error('workers did not stop in time; killing them');
      for (const w of workers) if (!w.isDead()) w.process.kill('SIGKILL');
    }, SHUTDOWN_GRACE_MS);
    const clean = (await Promise.all(exited)).every(Boolean);
    clearTimeout(timer);
    if (clean) log.info('all workers stopped');
    else log.error('all workers stopped, not all of them cleanly');
    process.exit(clean ? exitCode : 1);
  };
  process.on('SIGTERM', () => void stop('SIGTERM', 0));
  process.on('SIGINT', () => void stop('SIGINT', 0));

  for (let i = 0; i < config.workers; i++) fork();
  log.info(
    { workers: config.workers, port: config.port, host: config.host },
    'primary started its workers',
  );
}
