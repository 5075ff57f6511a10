import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.ts';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'noise-lock-'));
const lockFile = (dir: string) => path.join(dir, 'server.lock');
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/**
 * A process that holds the folder as a server does (its socket, then the lock file naming it),
 * started by a parent that never collects its children: once killed, it stays a zombie.
 */
async function ownerUnderLazyParent(dir: string, withSocket: boolean): Promise<number> {
  const script = `
    const fs = require('node:fs'), net = require('node:net'), path = require('node:path');
    const dir = process.argv[1];
    const lock = () => {
      fs.writeFileSync(path.join(dir, 'server.lock'), String(process.pid));
      console.log('locked');
    };
    setInterval(() => {}, 1000);
    if (${withSocket}) {
      net.createServer((s) => s.destroy()).listen(path.join(dir, 'server-' + process.pid + '.sock'), lock);
    } else lock();
  `;
  const parent: ChildProcess = spawn(
    'sh',
    ['-c', '"$0" -e "$1" "$2" & exec sleep 60', process.execPath, script, dir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  cleanups.push(() => parent.kill('SIGKILL'));
  await new Promise<void>((resolve, reject) => {
    parent.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
    parent.once('exit', () => reject(new Error('the owner did not start')));
  });
  return Number(readFileSync(lockFile(dir), 'utf8'));
}

/** Kills the process and waits until all that is left of it is its entry in the process table. */
async function killIntoZombie(pid: number) {
  process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 500; i++) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const zombie = stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
    // The main thread shows Z while the others are still on their way out.
    if (zombie && readdirSync(`/proc/${pid}/task`).length === 1) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`pid ${pid} did not become a zombie`);
}

describe('lockDataDir', () => {
  it('refuses a folder held by a live process, with a clear message', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(lockFile(dir), String(holder.pid));
      await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
      await expect(lockDataDir(dir)).rejects.toThrow(/in use by another server process/);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that died, and releases it', async () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), '2147483646');
    const release = await lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    expect(existsSync(path.join(dir, `server-${process.pid}.sock`))).toBe(true);
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
    expect(existsSync(path.join(dir, `server-${process.pid}.sock`))).toBe(false);
    const again = await lockDataDir(dir);
    again();
  });

  it('refuses a second lock while the first is held, and allows it once released', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    // The same pid, as a process in another container sharing the folder could have.
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another server process/);
    release();
    (await lockDataDir(dir))();
  });

  it.skipIf(process.platform !== 'linux')(
    'takes over at once from an owner killed a moment ago and not yet collected by its parent',
    async () => {
      for (const withSocket of [true, false]) {
        const dir = tempDir();
        const owner = await ownerUnderLazyParent(dir, withSocket);
        await expect(lockDataDir(dir), `alive, socket: ${withSocket}`).rejects.toThrow(
          `in use by another server process (pid ${owner})`,
        );
        await killIntoZombie(owner);
        const release = await lockDataDir(dir);
        expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
        expect(existsSync(path.join(dir, `server-${owner}.sock`))).toBe(false);
        release();
      }
    },
  );

  it('refuses while the owner answers on its socket, whatever its pid looks like', async () => {
    const dir = tempDir();
    // An owner whose pid means nothing here (another container's), listening on its socket.
    const server = net.createServer((s) => s.destroy());
    await new Promise<void>((resolve) =>
      server.listen(path.join(dir, 'server-7777777.sock'), resolve),
    );
    try {
      writeFileSync(lockFile(dir), '7777777');
      await expect(lockDataDir(dir)).rejects.toThrow('(pid 7777777)');
    } finally {
      server.close();
    }
    // Its socket gone from the kernel, the same file says nothing: the lock is taken over.
    (await lockDataDir(dir))();
  });
});
