import type { AppModule } from '../../app-module.ts';
import type { Config } from '../../config.ts';
import { finishRequest, type RequestMailSettings } from './manage-requests.ts';
import { createRequestRepository } from './repository.ts';
import { registerRequestRoutes } from './routes.ts';
import { requestsEmails } from './emails.ts';

const repositories = { requests: createRequestRepository };

/** The business name is read when each mail is written: a saved name applies at once. */
const requestMail = (config: Config): RequestMailSettings => ({
  publicUrl: config.publicUrl,
  timeZone: config.businessTimeZone,
  get companyName() {
    return config.companyName;
  },
});

/** Request plans: the client's requests and queue, the staff board (docs/decisions/091). */
export const requestsModule: AppModule<typeof repositories> = {
  name: 'requests',
  emails: requestsEmails,
  sends: {
    webhookEvents: ['request.created', 'request.status_changed'],
  },
  repositories,
  routes(app, ctx) {
    registerRequestRoutes(app, {
      repos: ctx.repos,
      mail: requestMail(ctx.config),
      config: ctx.config,
    });
  },
  projectEvents: {
    // A request of a plan is done when its deliverable is approved; the next queued one starts.
    'deliverable-approved': ({ projectId }, ctx) =>
      finishRequest(ctx.repos, requestMail(ctx.config), projectId),
  },
};
