import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const LOCK_FILE = 'server.lock';
/** macOS allows 104 bytes for a socket's path (Linux 108); a longer one cannot be bound. */
const MAX_SOCKET_PATH = 103;
const PROBE_TIMEOUT_MS = 2_000;
const DYING_GRACE_MS = 300;

/**
 * PGlite takes no lock on its folder, and a second process writing the same folder silently
 * loses its writes. We hold a lock file naming our pid; a second process refuses to start while
 * its owner lives, and takes over a lock whose owner is dead.
 *
 * "Alive" cannot rest on the pid alone. A process killed with SIGKILL stays in the process table
 * as a zombie until its parent collects it, and signalling it still succeeds: a restart right
 * after the kill would be refused until the parent (a shell, a supervisor, a busy test runner) got
 * round to it. A pid can also be reused by an unrelated process, or name a process of another
 * container sharing the folder. So the owner also listens on a socket in the folder,
 * `server-<pid>.sock`, which the kernel closes the moment the process dies, zombie or not:
 * a connection that is refused means the owner is gone, one that is accepted means it lives.
 * Where no socket can be made (a file system without them, a very long path) the pid decides,
 * a zombie counting as dead where /proc tells.
 */
export async function lockDataDir(dir: string): Promise<() => void> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const mine = String(process.pid);
  const beacon = await openBeacon(dir);
  try {
    let patience = 1;
    for (let attempt = 0; attempt < 4; attempt++) {
      if (createWith(file, mine)) {
        return () => {
          try {
            if (readFileSync(file, 'utf8').trim() === mine) unlinkSync(file);
          } catch {
            // already gone
          }
          beacon?.close();
        };
      }
      const seen = readOrNull(file);
      if (seen === null) continue;
      const owner = Number(seen.trim());
      if (await ownerAlive(dir, owner, beacon !== null)) {
        // A process killed a moment ago frees its memory before the kernel closes its files:
        // one more look after a pause, so a restart right after a SIGKILL is not refused.
        if (patience-- > 0) {
          await new Promise((resolve) => setTimeout(resolve, DYING_GRACE_MS));
          continue;
        }
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another server process (pid ${owner}). ` +
            'Stop that process, or give this one another DATA_DIR or a DATABASE_URL.',
        );
      }
      // The owner is dead. Another process starting now may have judged so too and already
      // taken the lock: remove the file only while it still names the dead owner.
      if (readOrNull(file) === seen) {
        removeQuietly(file);
        if (Number.isInteger(owner) && owner > 0 && owner !== process.pid) {
          removeQuietly(socketPath(dir, owner));
        }
      }
    }
    throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
  } catch (error) {
    beacon?.close();
    throw error;
  }
}

const socketPath = (dir: string, pid: number) => path.join(dir, `server-${pid}.sock`);

/**
 * Creates the lock file with its content in one step (a hard link of a finished file), so no
 * other process ever reads it empty; false when it exists. File systems without hard links get
 * an exclusive create and a write.
 */
function createWith(file: string, content: string): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    const fd = openSync(draft, 'wx');
    writeSync(fd, content);
    closeSync(fd);
    try {
      linkSync(draft, file);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return false;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') {
        throw error;
      }
    }
  } finally {
    removeQuietly(draft);
  }
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, content);
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function removeQuietly(file: string) {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

/** Our own socket in the folder, or null where the folder cannot hold one. */
async function openBeacon(dir: string): Promise<{ close(): void } | null> {
  const file = socketPath(dir, process.pid);
  if (process.platform === 'win32' || Buffer.byteLength(file) > MAX_SOCKET_PATH) return null;
  // A socket of a dead process that had our pid before (a restarted container) is in the way.
  if ((await probe(file)) === 'dead') removeQuietly(file);
  const server = net.createServer((socket) => socket.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch {
    // Taken by a live process with our pid in another container, or no sockets here: the lock
    // file alone decides, as before.
    return null;
  }
  server.unref();
  return {
    close() {
      server.close();
      removeQuietly(file);
    },
  };
}

async function ownerAlive(dir: string, owner: number, haveBeacon: boolean): Promise<boolean> {
  if (!Number.isInteger(owner) || owner <= 0) return false;
  // The socket under our own pid is the one we just made: the lock is an earlier process's that
  // had our pid (a restarted container).
  if (owner === process.pid && haveBeacon) return false;
  const verdict = await probe(socketPath(dir, owner));
  if (verdict !== 'unknown') return verdict === 'alive';
  return owner !== process.pid && pidAlive(owner);
}

/** Whether a process listens on the socket: refused means its process is gone. */
function probe(file: string): Promise<'alive' | 'dead' | 'unknown'> {
  return new Promise((resolve) => {
    const socket = net.connect(file);
    const done = (verdict: 'alive' | 'dead' | 'unknown') => {
      clearTimeout(timer);
      socket.destroy();
      resolve(verdict);
    };
    // A live owner's kernel accepts the connection even while its event loop is busy.
    const timer = setTimeout(() => done('unknown'), PROBE_TIMEOUT_MS);
    socket.once('connect', () => done('alive'));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      // No such socket says nothing: the owner may have been unable to make one.
      done(error.code === 'ECONNREFUSED' ? 'dead' : 'unknown'),
    );
  });
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

/** A process that has exited but not been collected by its parent (Linux; false elsewhere). */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}
