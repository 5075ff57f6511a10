// npm start: builds the web app and the server when no build exists, then starts the server.
// Configuration comes from the environment (see .env.example); a .env file is read if present.
// With WORKERS=N (PostgreSQL only) the server's own primary forks N workers on one port
// (apps/server/src/cluster.ts); the stop signals passed on below reach it, and it stops them all.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webBuilt = existsSync(`${root}apps/web/dist/index.html`);
const serverBuilt = existsSync(`${root}apps/server/dist/main.js`);

if (!webBuilt || !serverBuilt || process.argv.includes('--build')) {
  console.log('Building the web app and the server (first start only)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const args = ['--enable-source-maps'];
if (existsSync(`${root}.env`)) args.push(`--env-file=${root}.env`);
const child = spawn(process.execPath, [...args, `${root}apps/server/dist/main.js`], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
// Pass stop signals on, so the server shuts down gracefully however it was started.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
