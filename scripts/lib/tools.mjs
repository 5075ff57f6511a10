import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const toolsDir = fileURLToPath(new URL('../../tools/', import.meta.url));

/**
 * The measuring tools (autocannon, Lighthouse, chrome-launcher), which the tests do not need:
 * they live in tools/, outside the root's workspaces, so CI's `npm ci` does not install them.
 * The first script that needs them installs them from tools/package-lock.json.
 */
export async function loadTools() {
  if (!existsSync(`${toolsDir}node_modules/.package-lock.json`)) {
    console.log('Installing the measuring tools (tools/package.json)...');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const install = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], {
      cwd: toolsDir,
      stdio: 'inherit',
    });
    if (install.status !== 0) throw new Error('npm ci in tools/ failed');
  }
  return import(new URL('../../tools/index.mjs', import.meta.url).href);
}
