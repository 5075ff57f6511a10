import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { runPrimary } from './cluster.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { printReady } from './seed/ensure-admin.ts';

async function main() {
  const config = loadConfig();
  // WORKERS > 1: this process becomes the cluster's primary and forks the servers (cluster.ts).
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  // A cluster worker: the primary migrated, seeded and ensured the super-admin before forking.
  const worker = cluster.isWorker;
  const app = await buildApp(
    worker ? { ...config, seedDemo: false } : config,
    worker ? { ensureAdmin: false } : {},
  );
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  if (!worker) printReady(config.publicUrl, app.adminNotice);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
