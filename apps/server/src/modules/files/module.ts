import type { AppModule } from '../../app-module.ts';
import { fileJobs } from './purge-bin.ts';
import { createFileRepository } from './repository.ts';
import { registerFileRoutes } from './routes.ts';

const repositories = { files: createFileRepository };

/** The file library (docs/decisions/082) and the sweep that empties its bins. */
export const filesModule: AppModule<typeof repositories> = {
  name: 'files',
  repositories,
  routes(app, { repos, config, now }) {
    registerFileRoutes(app, { repos, config, now });
  },
  jobs(_app, { repos, files, log }) {
    return fileJobs({ repos, store: files, log });
  },
};
