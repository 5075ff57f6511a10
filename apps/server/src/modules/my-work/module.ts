import type { AppModule } from '../../app-module.ts';
import { myWorkJobs } from './daily-summary.ts';
import { createWorkRepository } from './repository.ts';
import { registerMyWorkRoutes } from './routes.ts';
import { myWorkEmails } from './emails.ts';

const repositories = { work: createWorkRepository };

/** A team member's open projects by due date, and their daily summary mail. */
export const myWorkModule: AppModule<typeof repositories> = {
  name: 'my-work',
  emails: myWorkEmails,
  repositories,
  routes(app, { repos, config, now }) {
    registerMyWorkRoutes(app, { work: repos.work, timeZone: config.businessTimeZone, now });
  },
  jobs(_app, { repos, config }) {
    return myWorkJobs({ repos, config });
  },
};
