// npm run bench: starts the built server on a free port with a fresh data folder (PGlite, demo
// data) and measures the main public and signed-in endpoints with autocannon.
// Options: --duration 10 --connections 20. Requires `npm run build` first (done if missing).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
  },
});

if (
  !existsSync(`${root}apps/server/dist/main.js`) ||
  !existsSync(`${root}apps/web/dist/index.html`)
) {
  spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = s.address();
    s.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noise-bench-'));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [`${root}apps/server/dist/main.js`], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: base,
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench password',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const started = Date.now();
for (;;) {
  try {
    if ((await fetch(`${base}/readyz`)).ok) break;
  } catch {
    // not yet listening
  }
  await new Promise((r) => setTimeout(r, 50));
}
console.log(`server ready in ${Date.now() - started} ms (fresh data folder, seeding included)`);

const signup = await fetch(`${base}/api/auth/signup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    firstName: 'Bench',
    lastName: 'User',
    email: 'bench-user@example.com',
    phoneNumber: '0412345678',
    password: 'bench password',
  }),
});
const { token } = await signup.json();

const targets = [
  { name: 'GET /healthz', path: '/healthz' },
  { name: 'GET / (index.html)', path: '/' },
  { name: 'GET /api/industries', path: '/api/industries' },
  { name: 'GET /api/services/seo', path: '/api/services/seo' },
  { name: 'GET /api/services/search?q=markting', path: '/api/services/search?q=markting' },
  {
    name: 'GET /api/auth/verify-token (signed in)',
    path: '/api/auth/verify-token',
    headers: { authorization: `Bearer ${token}` },
  },
  {
    name: 'GET /api/users/profile (signed in)',
    path: '/api/users/profile',
    headers: { authorization: `Bearer ${token}` },
  },
];

const rows = [];
for (const target of targets) {
  const result = await autocannon({
    url: base + target.path,
    headers: target.headers,
    connections: Number(values.connections),
    duration: Number(values.duration),
  });
  rows.push({
    endpoint: target.name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  });
}
console.table(rows);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });
