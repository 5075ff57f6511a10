import type { AppModule } from '../../app-module.ts';
import { emailJobs } from './email.ts';
import { createJobRepository } from './repository.ts';

const repositories = { jobs: createJobRepository };

/**
 * The jobs table, and the one mail kind every module enqueues (`enqueueEmail`), sent in the mail
 * lane with the documents the modules draw for it (their `attachments`).
 */
export const jobsModule: AppModule<typeof repositories> = {
  name: 'jobs',
  repositories,
  jobs(_app, { mailer, attachments }) {
    return emailJobs({ mailer, ...attachments });
  },
};
