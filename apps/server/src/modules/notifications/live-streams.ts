import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { ActiveSessions } from '../../plugins/auth.ts';
import { NOTIFICATION_CHANNEL } from './notifier.ts';
import type { NotificationRepository } from './repository.ts';

/** Comments that keep an idle stream (and the proxies on its way) from timing out. */
export const HEARTBEAT_MS = 25_000;
/** Every open stream's session is checked this often even without a notice (one can be lost). */
export const SESSION_RECHECK_MS = 60_000;
/** How many project and question events a process keeps for reconnecting streams. */
export const REPLAY_LIMIT = 2_000;
/** Sessions asked of the database in one statement by a sweep. */
const SWEEP_BATCH = 1_000;

/**
 * What the notifier broadcasts: whose bells changed, or which project changed for whom; and, from
 * the database's triggers (migration 0019), whose sessions may have ended ('all' after a sweep).
 */
const broadcastSchema = z.object({
  userIds: z.array(z.string()),
  projectId: z.string().optional(),
  questionId: z.string().optional(),
  sessions: z.enum(['check', 'all']).optional(),
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** One open stream: what it was opened with, and where it writes. Nothing else is kept. */
interface Stream {
  userId: string;
  sessionId: string;
  tokenVersion: number;
  role: string;
  res: ServerResponse;
  open: boolean;
}

/** A project or question event kept for streams that reconnect with `Last-Event-ID`. */
interface Kept {
  seq: number;
  userIds: readonly string[];
  /** The event as written, its id line included. */
  text: string;
}

/**
 * The server-sent event streams of one process (docs/decisions/085). One LISTEN, one heartbeat
 * timer and one session sweep serve every stream; a broadcast is written to the streams of the
 * people it names, and a change of unread counts costs one statement for all of them, however
 * many streams they have open.
 *
 * Events carry ids `<process>-<sequence>`: a stream that reconnects to the same process with
 * `Last-Event-ID` gets the project and question events it missed from a bounded buffer, then the
 * current unread count; when the gap is not known (another process, a restart, an id older than
 * the buffer) it gets `resync`, which tells the page to refetch what it shows.
 */
export function createLiveStreams(deps: {
  database: Database;
  repo: Pick<NotificationRepository, 'unreadCounts'>;
  sessions: ActiveSessions;
  heartbeatMs?: number;
  sessionRecheckMs?: number;
  replayLimit?: number;
}) {
  const epoch = randomBytes(6).toString('base64url');
  const replayLimit = deps.replayLimit ?? REPLAY_LIMIT;
  const byUser = new Map<string, Set<Stream>>();
  let count = 0;
  let seq = 0;
  const kept: Kept[] = [];
  /** The newest sequence number no longer in `kept`: a gap from before it cannot be filled. */
  let forgotten = 0;
  let unlisten: (() => Promise<void>) | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let sweep: ReturnType<typeof setInterval> | undefined;
  // Unread counts asked for since the last write: one statement answers them all.
  let unreadDue = new Set<string>();
  let unreadScheduled = false;
  // Sessions to check (users named by a notice), or every one.
  let recheckDue = new Set<string>();
  let recheckAll = false;
  let recheckScheduled = false;

  const id = (n: number) => `${epoch}-${n}`;

  function write(stream: Stream, text: string) {
    if (stream.open) stream.res.write(text);
  }

  function close(stream: Stream) {
    if (!stream.open) return;
    stream.open = false;
    const set = byUser.get(stream.userId);
    if (set?.delete(stream)) {
      count -= 1;
      if (set.size === 0) byUser.delete(stream.userId);
    }
    stream.res.end();
    if (count === 0) stopTimers();
  }

  function startTimers() {
    heartbeat ??= setInterval(() => {
      for (const set of byUser.values()) for (const s of set) write(s, ': keep-alive\n\n');
    }, deps.heartbeatMs ?? HEARTBEAT_MS);
    sweep ??= setInterval(() => {
      recheckAll = true;
      scheduleRecheck();
    }, deps.sessionRecheckMs ?? SESSION_RECHECK_MS);
  }

  function stopTimers() {
    clearInterval(heartbeat);
    clearInterval(sweep);
    heartbeat = undefined;
    sweep = undefined;
  }

  /** Kept for replay, forgetting the oldest beyond the limit. */
  function keep(entry: Kept) {
    kept.push(entry);
    if (kept.length > replayLimit) forgotten = kept.shift()!.seq;
  }

  function broadcastChange(
    userIds: readonly string[],
    event: 'project' | 'question',
    data: object,
  ) {
    seq += 1;
    const text = `id: ${id(seq)}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    keep({ seq, userIds, text });
    for (const userId of userIds) {
      for (const stream of byUser.get(userId) ?? []) write(stream, text);
    }
  }

  function scheduleUnread(userIds: Iterable<string>) {
    for (const userId of userIds) if (byUser.has(userId)) unreadDue.add(userId);
    if (unreadDue.size === 0 || unreadScheduled) return;
    unreadScheduled = true;
    // Notices that arrive together (a message to many people) share one statement.
    setImmediate(() => void writeUnread());
  }

  async function writeUnread() {
    const due = [...unreadDue];
    unreadDue = new Set();
    const at = seq;
    try {
      const counts = await deps.repo.unreadCounts(due).catch(() => null);
      if (!counts) return;
      for (const userId of due) {
        const set = byUser.get(userId);
        if (!set) continue;
        const text = unreadEvent(counts.get(userId) ?? 0, at);
        for (const stream of set) write(stream, text);
      }
    } finally {
      unreadScheduled = false;
      if (unreadDue.size > 0) scheduleUnread([]);
    }
  }

  const unreadEvent = (unreadCount: number, at: number) =>
    `id: ${id(at)}\nevent: unread\ndata: ${JSON.stringify({ unreadCount })}\n\n`;

  function scheduleRecheck(userIds: Iterable<string> = []) {
    for (const userId of userIds) recheckDue.add(userId);
    if (recheckScheduled) return;
    recheckScheduled = true;
    setImmediate(() => void recheck());
  }

  /** Ends the streams whose session ended (signed out, revoked, expired, new password or role). */
  async function recheck() {
    const streams: Stream[] = [];
    if (recheckAll) {
      for (const set of byUser.values()) streams.push(...set);
    } else {
      for (const userId of recheckDue) streams.push(...(byUser.get(userId) ?? []));
    }
    recheckAll = false;
    recheckDue = new Set();
    try {
      const sessionIds = [...new Set(streams.map((s) => s.sessionId))];
      for (let from = 0; from < sessionIds.length; from += SWEEP_BATCH) {
        const batch = sessionIds.slice(from, from + SWEEP_BATCH);
        // A database that does not answer ends nothing: the next check decides.
        const live = await deps.sessions.findActiveMany(batch).catch(() => null);
        if (!live) continue;
        const inBatch = new Set(batch);
        for (const stream of streams) {
          if (!inBatch.has(stream.sessionId) || !stream.open) continue;
          const now = live.get(stream.sessionId);
          if (
            !now ||
            now.userId !== stream.userId ||
            now.tokenVersion !== stream.tokenVersion ||
            now.role !== stream.role
          ) {
            write(stream, 'event: signed-out\ndata: {}\n\n');
            close(stream);
          }
        }
      }
    } finally {
      recheckScheduled = false;
      if (recheckAll || recheckDue.size > 0) scheduleRecheck();
    }
  }

  function onBroadcast(payload: string) {
    const parsed = broadcastSchema.safeParse(safeJson(payload));
    if (!parsed.success) return;
    const { userIds, projectId, questionId, sessions } = parsed.data;
    if (sessions) {
      if (sessions === 'all') recheckAll = true;
      scheduleRecheck(sessions === 'all' ? [] : userIds);
    } else if (projectId) {
      broadcastChange(userIds, 'project', { projectId });
    } else if (questionId) {
      broadcastChange(userIds, 'question', { questionId });
    } else {
      scheduleUnread(userIds);
    }
  }

  /** What a stream that reconnects after `lastEventId` missed, or null when that is not known. */
  function missedSince(lastEventId: string, userId: string): string[] | null {
    const match = /^(.+)-(\d+)$/.exec(lastEventId);
    if (!match || match[1] !== epoch) return null;
    const last = Number(match[2]);
    if (last > seq || last < forgotten) return null;
    return kept.filter((e) => e.seq > last && e.userIds.includes(userId)).map((e) => e.text);
  }

  return {
    /** Starts listening (once per process); before a stream is accepted, so none misses a notice. */
    async listen() {
      unlisten ??= await deps.database.listen(NOTIFICATION_CHANNEL, onBroadcast);
    },

    /**
     * Takes over an answer as a stream for a signed-in session: writes what it missed since
     * `lastEventId` (or `resync` when that cannot be told), then the current unread count.
     */
    async open(
      session: { userId: string; sessionId: string; tokenVersion: number; role: string },
      res: ServerResponse,
      lastEventId: string | undefined,
    ) {
      const stream: Stream = { ...session, res, open: true };
      const set = byUser.get(session.userId) ?? new Set();
      set.add(stream);
      byUser.set(session.userId, set);
      count += 1;
      startTimers();
      res.once('close', () => close(stream));
      res.once('error', () => close(stream));
      const at = seq;
      if (lastEventId !== undefined) {
        const missed = missedSince(lastEventId, session.userId);
        if (missed) for (const text of missed) write(stream, text);
        else write(stream, `id: ${id(at)}\nevent: resync\ndata: {}\n\n`);
      }
      const counts = await deps.repo.unreadCounts([session.userId]).catch(() => null);
      if (counts) write(stream, unreadEvent(counts.get(session.userId) ?? 0, at));
    },

    /** Open streams in this process. */
    size: () => count,

    /** Ends every stream (a graceful shutdown would wait for them otherwise). */
    endAll() {
      for (const set of [...byUser.values()]) for (const stream of [...set]) close(stream);
      stopTimers();
    },

    async close() {
      stopTimers();
      await unlisten?.();
    },
  };
}
export type LiveStreams = ReturnType<typeof createLiveStreams>;
