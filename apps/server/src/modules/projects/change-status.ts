import type { ProjectStatus, StatusUpdateTitle } from '@noise/shared/project';
import type { NewProject, ProjectRow } from './repository.ts';

/**
 * What a status update does to the project itself (docs/decisions/030-project-status.md):
 * the titles of docs/product.md#project-status carry dates; 'Project Completed' completes it.
 */
export function effectOfStatusUpdate(
  project: ProjectRow,
  title: StatusUpdateTitle,
  date: Date,
): Partial<NewProject> {
  switch (title) {
    case 'Expected Delivery Date':
      return { expectedDeliveryDate: date };
    case 'Project Delivered':
      return { deliveryDate: date };
    case 'Project Completed':
      return {
        status: 'completed' satisfies ProjectStatus,
        deliveryDate: project.deliveryDate ?? date,
      };
    case 'Project Started':
    case 'Project In Progress':
      // Work resumed on a project that was paused or closed too early.
      return project.status === 'on-hold' || project.status === 'completed'
        ? { status: 'active' satisfies ProjectStatus }
        : {};
  }
}
