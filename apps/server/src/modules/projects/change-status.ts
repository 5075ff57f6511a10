import type { ProjectStatus, StatusUpdateTitle } from '@noise/shared/project';
import type { NewProject, ProjectRow } from './repository.ts';

/**
 * What a status update does to the project itself (docs/decisions/030-project-status.md):
 * the titles of docs/product.md#project-status carry dates; 'Project Completed' completes it.
 * An 'Expected Delivery Date' update sets the due date by hand, its description the reason
 * (docs/decisions/054).
 */
export function effectOfStatusUpdate(
  project: ProjectRow,
  title: StatusUpdateTitle,
  date: Date,
  description = '',
): Partial<NewProject> {
  switch (title) {
    case 'Expected Delivery Date':
      return {
        expectedDeliveryDate: date,
        dueOverrideReason: description || 'Given to the customer in a status update',
      };
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
