import type { AppModule } from '../../app-module.ts';
import { createBriefRepository } from './brief-repository.ts';
import { registerBriefRoutes } from './briefs.ts';
import { createProjectRepository } from './repository.ts';
import { registerProjectRoutes } from './routes.ts';

const repositories = { briefs: createBriefRepository, projects: createProjectRepository };

/**
 * Projects (a customer's orders) with their status updates, and their briefs. Tells the other
 * modules of a status that moved (`ctx.projectEvents`, 'status-changed').
 */
export const projectsModule: AppModule<typeof repositories> = {
  name: 'projects',
  sends: {
    webhookEvents: ['project.status_changed', 'project.assigned', 'brief.submitted'],
    notifications: ['status-update', 'new-brief', 'project-assigned'],
    auditActions: [
      'project.due_date_overridden',
      'project.reassigned',
      'project.status_changed',
      'project.status_update',
      'project.updated',
    ],
  },
  repositories,
  routes(app, { repos, config, now, projectEvents }) {
    const { projects, users, audit } = repos;
    registerProjectRoutes(app, { repos, config, projects, users, audit, now, projectEvents });
    registerBriefRoutes(app, { repos, config, projects, users, now });
  },
};
