import type { AppModule } from '../../app-module.ts';
import { createLiveStreams } from './live-streams.ts';
import { createNotifier } from './notifier.ts';
import { notificationJobs } from './message-mail.ts';
import { createNotificationRepository } from './repository.ts';
import { registerNotificationRoutes } from './routes.ts';
import { notificationsEmails } from './emails.ts';

const repositories = { notifications: createNotificationRepository };

/**
 * The bell, its live event stream and email copies. It provides the notifier every module sends
 * through.
 */
export const notificationsModule: AppModule<typeof repositories> = {
  name: 'notifications',
  emails: notificationsEmails,
  repositories,
  provides(_app, { repos, database, config, log, afterAnswer }) {
    return { notifier: createNotifier({ repos, database, config, log, afterAnswer }) };
  },
  routes(app, ctx) {
    const { repos } = ctx;
    const live = createLiveStreams({
      database: ctx.database,
      repo: repos.notifications,
      sessions: repos.sessions,
      ...ctx.options.liveStreams,
    });
    registerNotificationRoutes(app, {
      repo: repos.notifications,
      sessions: repos.sessions,
      config: ctx.config,
      live,
    });
  },
  jobs(_app, { repos, config }) {
    return notificationJobs({ repos, config });
  },
};
