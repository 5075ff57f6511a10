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
import { notFound, unauthorized } from '../../lib/errors.ts';
import { renderMessagePage } from '../../lib/message-page.ts';
import { requireUser, type ActiveSessions } from '../../plugins/auth.ts';
import type { LiveStreams } from './live-streams.ts';
import { kindsFor } from './notifier.ts';
import { toNotificationDto, type NotificationRepository } from './repository.ts';
import { unsubscribe } from './unsubscribe.ts';

export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: {
    repo: NotificationRepository;
    sessions: ActiveSessions;
    config: Pick<Config, 'tokenSecret' | 'publicUrl' | 'companyName'>;
    /** The open event streams of this process (live-streams.ts). */
    live: LiveStreams;
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

  // Open streams would hold a graceful shutdown up: end them before the server stops listening.
  app.addHook('preClose', async () => deps.live.endAll());
  app.addHook('onClose', async () => deps.live.close());

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
   * server process (PostgreSQL LISTEN/NOTIFY), `project` and `question` when one the user sees
   * changes, `signed-out` when the session ends, and `resync` when a reconnecting stream's
   * `Last-Event-ID` cannot be followed (live-streams.ts). The browser reads it with fetch, so the
   * token travels in the Authorization header, never in the URL.
   */
  r.get(
    '/api/notifications/stream',
    {
      config: { access },
      schema: {
        tags,
        hide: true,
        headers: z.object({ 'last-event-id': z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await deps.live.listen();
      // What the session was when the stream opened: a new token version or role ends it.
      const opened = await deps.sessions.findActive(user.sessionId, user.id);
      if (!opened) throw unauthorized('Your session has ended. Please sign in again.');
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
      });
      await deps.live.open(
        {
          userId: user.id,
          sessionId: user.sessionId,
          tokenVersion: opened.tokenVersion,
          role: opened.role,
        },
        reply.raw,
        request.headers['last-event-id'],
      );
    },
  );
}
