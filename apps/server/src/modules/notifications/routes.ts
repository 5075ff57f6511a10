import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DAILY_SUMMARY_SETTING,
  NOTIFICATION_LIST_LIMIT,
  notificationListResponse,
  notificationSettingsSchema,
} from '@noise/shared/notifications';
import { isStaffRole } from '@noise/shared/roles';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { renderMessagePage } from '../../lib/message-page.ts';
import { requireUser, type ActiveSessions } from '../../plugins/auth.ts';
import { kindsFor, NOTIFICATION_CHANNEL } from './notifier.ts';
import { toNotificationDto, type NotificationRepository } from './repository.ts';
import { unsubscribe } from './unsubscribe.ts';

const HEARTBEAT_MS = 25_000;
/** An open stream checks its session this often even without a notice (a notice can be lost). */
const SESSION_RECHECK_MS = 60_000;

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

export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: {
    repo: NotificationRepository;
    database: Database;
    sessions: ActiveSessions;
    config: Pick<Config, 'tokenSecret' | 'publicUrl' | 'companyName'>;
    /** How often an open stream checks its session is still live, notified or not. */
    sessionRecheckMs?: number;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const access = 'authenticated' as const;

  // An email's unsubscribe link (lib/unsubscribe-link.ts): anyone holding it, signed in or not.
  const unsubscribeQuery = z.object({
    u: z.string().min(1).max(100),
    s: z.string().min(1).max(50),
    t: z.string().min(1).max(100),
  });
  const htmlPage = { 200: z.string(), 404: z.string() };
  app.register(async (scope) => {
    // A mail client's one-click request (RFC 8058) posts 'List-Unsubscribe=One-Click' as a form;
    // the confirmation page's button posts an empty form. Neither body says anything more.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    const s = scope.withTypeProvider<ZodTypeProvider>();
    for (const method of ['GET', 'POST'] as const) {
      s.route({
        method,
        url: '/api/notifications/unsubscribe',
        config: { access: 'public' },
        schema: {
          summary:
            method === 'GET'
              ? "An email's unsubscribe link: asks to turn that kind of email off"
              : 'Turns one kind of email off for the person an email was sent to (one-click)',
          tags,
          querystring: unsubscribeQuery,
          produces: ['text/html'],
          response: htmlPage,
        },
        handler: async (request, reply) => {
          const { u, s: setting, t } = request.query;
          const answer = await unsubscribe(
            { repo: deps.repo, config: deps.config },
            { userId: u, setting, token: t },
            method === 'POST',
          );
          return reply
            .code(answer.status)
            .header('cache-control', 'no-store')
            .header('referrer-policy', 'no-referrer')
            .type('text/html; charset=utf-8')
            .send(renderMessagePage(answer.page, deps.config.companyName));
        },
      });
    }
  });

  // One LISTEN per process; each open stream registers a callback for its user.
  interface Stream {
    /**
     * The unread count changed, or (with an id) a project or a general question this user can
     * see changed.
     */
    wake: (changed?: { projectId: string } | { questionId: string }) => void;
    /** Ends the stream if its session ended (signed out, revoked, expired, role changed). */
    recheck: () => void;
    end: () => void;
  }
  const streams = new Map<string, Set<Stream>>();
  let unlisten: (() => Promise<void>) | undefined;
  const ensureListening = async () => {
    unlisten ??= await deps.database.listen(NOTIFICATION_CHANNEL, (payload) => {
      const parsed = broadcastSchema.safeParse(safeJson(payload));
      if (!parsed.success) return;
      const { userIds, projectId, questionId, sessions } = parsed.data;
      if (sessions) {
        const ids = sessions === 'all' ? [...streams.keys()] : userIds;
        for (const id of ids) for (const stream of streams.get(id) ?? []) stream.recheck();
        return;
      }
      const changed = projectId ? { projectId } : questionId ? { questionId } : undefined;
      for (const id of userIds) for (const stream of streams.get(id) ?? []) stream.wake(changed);
    });
  };
  // Open streams would hold a graceful shutdown up: end them before the server stops listening.
  app.addHook('preClose', async () => {
    for (const set of [...streams.values()]) for (const stream of [...set]) stream.end();
  });
  app.addHook('onClose', async () => {
    await unlisten?.();
  });

  const listFor = async (userId: string) => ({
    items: (await deps.repo.list(userId, NOTIFICATION_LIST_LIMIT)).map(toNotificationDto),
    unreadCount: await deps.repo.unreadCount(userId),
  });

  r.get(
    '/api/notifications',
    {
      config: { access },
      schema: {
        summary: "One's latest notifications",
        tags,
        response: { 200: notificationListResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listFor(requireUser(request).id);
    },
  );

  r.post(
    '/api/notifications/:id/read',
    {
      config: { access },
      schema: {
        summary: 'Mark a notification read',
        tags,
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const ok = await deps.repo.markRead(requireUser(request).id, request.params.id);
      if (!ok) throw notFound('Notification not found');
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/notifications/read-all',
    {
      config: { access },
      schema: { summary: 'Mark every notification read', tags, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deps.repo.markAllRead(requireUser(request).id);
      return reply.status(204).send(null);
    },
  );

  /** Email copies per kind, and for staff the daily summary (docs/decisions/054). */
  async function emailSettings(user: { id: string; role: string }) {
    const off = await deps.repo.optOut(user.id);
    const email: Record<string, boolean> = Object.fromEntries(
      kindsFor(user.role).map((k) => [k, !off.includes(k)]),
    );
    if (isStaffRole(user.role)) {
      email[DAILY_SUMMARY_SETTING] = await deps.repo.dailySummary(user.id);
    }
    return { email };
  }

  r.get(
    '/api/notifications/settings',
    {
      config: { access },
      schema: {
        summary: 'Which notifications one also gets by email',
        tags,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return emailSettings(user);
    },
  );

  r.put(
    '/api/notifications/settings',
    {
      config: { access },
      schema: {
        summary: 'Choose which notifications one also gets by email',
        tags,
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // Only the user's own kinds count; anything else in the body is ignored.
      const off = kindsFor(user.role).filter((k) => request.body.email[k] === false);
      await deps.repo.setOptOut(user.id, off);
      const summary = request.body.email[DAILY_SUMMARY_SETTING];
      if (isStaffRole(user.role) && summary !== undefined) {
        await deps.repo.setDailySummary(user.id, summary);
      }
      return emailSettings(user);
    },
  );

  /**
   * Server-sent events: `unread` with the count whenever the user's notifications change, on any
   * server process (PostgreSQL LISTEN/NOTIFY). The browser reads it with fetch, so the token
   * travels in the Authorization header, never in the URL.
   */
  r.get(
    '/api/notifications/stream',
    { config: { access }, schema: { tags, hide: true } },
    async (request, reply) => {
      const user = requireUser(request);
      await ensureListening();
      // What the session was when the stream opened: a new token version or role ends it.
      const opened = await deps.sessions.findActive(user.sessionId, user.id);
      if (!opened) throw unauthorized('Your session has ended. Please sign in again.');
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
      });
      let open = true;
      const push = async () => {
        if (!open) return;
        const count = await deps.repo.unreadCount(user.id).catch(() => null);
        if (count !== null && open)
          res.write(`event: unread\ndata: ${JSON.stringify({ unreadCount: count })}\n\n`);
      };
      const set = streams.get(user.id) ?? new Set();
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const recheck = async () => {
        if (!open) return;
        const now = await deps.sessions
          .findActive(user.sessionId, user.id)
          .catch(() => 'unknown' as const);
        // A database that does not answer ends nothing: the next check decides.
        if (now === 'unknown') return;
        if (!now || now.tokenVersion !== opened.tokenVersion || now.role !== opened.role) {
          if (open) res.write('event: signed-out\ndata: {}\n\n');
          close();
        }
      };
      const rechecks = setInterval(
        () => void recheck(),
        deps.sessionRecheckMs ?? SESSION_RECHECK_MS,
      );
      const close = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        clearInterval(rechecks);
        set.delete(stream);
        if (set.size === 0) streams.delete(user.id);
        res.end();
      };
      const stream: Stream = {
        wake: (changed) => {
          if (!changed) return void push();
          if (!open) return;
          const event = 'projectId' in changed ? 'project' : 'question';
          res.write(`event: ${event}\ndata: ${JSON.stringify(changed)}\n\n`);
        },
        recheck: () => void recheck(),
        end: close,
      };
      set.add(stream);
      streams.set(user.id, set);
      request.raw.on('close', close);
      res.on('error', close);
      await push();
    },
  );
}
