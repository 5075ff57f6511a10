import type { AppModule } from '../../app-module.ts';
import { webhookJobs } from './deliver-webhook.ts';
import { createWebhookRepository } from './repository.ts';
import { registerWebhookRoutes } from './routes.ts';
import { webhooksEmails } from './emails.ts';

const repositories = { webhooks: createWebhookRepository };

/** Webhook endpoints and their deliveries (docs/decisions/073). */
export const webhooksModule: AppModule<typeof repositories> = {
  name: 'webhooks',
  emails: webhooksEmails,
  sends: {
    webhookEvents: ['customer.created'],
  },
  repositories,
  routes(app, { repos, config }) {
    registerWebhookRoutes(app, { repos, allowPrivate: config.webhooksAllowPrivate });
  },
  jobs(_app, { repos, config }) {
    return webhookJobs({ repos, config });
  },
};
