// Starting and stopping the built server, and the data generator, for scripts/bench.mjs.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts apps/server/dist/main.js with `env` and waits for /readyz. BENCH_NODE_ARGS adds Node
 * options to the server alone, e.g. `--cpu-prof --cpu-prof-dir=prof` to see where a request's
 * time goes; `nodeArgs` adds more (scripts/bench/live-streams.mjs's memory probe).
 */
export async function startServer(env, { nodeArgs: extra = [] } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const nodeArgs = [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), ...extra];
  const child = spawn(process.execPath, [...nodeArgs, `${root}apps/server/dist/main.js`], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() - started > 180_000) throw new Error('the server did not start in 3 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: child.pid,
    readyMs: Date.now() - started,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs scripts/generate-data.mjs with `env` (DATA_DIR or DATABASE_URL) and `args`. */
export function generate(env, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${root}scripts/generate-data.mjs`, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`generate-data exited ${code}`)),
    );
  });
}

/** Starts scripts/bench/limit-server.mjs on the recorded answers; resolves with its address. */
export function startLimitServer(recordedFile) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL('./limit-server.mjs', import.meta.url)), recordedFile],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child.stdout.once('data', (chunk) => {
      const port = Number(String(chunk).trim().split('\n')[0]);
      resolve({
        base: `http://127.0.0.1:${port}`,
        async stop() {
          child.kill('SIGTERM');
          await new Promise((r) => child.once('exit', r));
        },
      });
    });
    child.once('error', reject);
  });
}
