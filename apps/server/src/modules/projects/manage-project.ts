import type { z } from 'zod';
import {
  orderName,
  projectStatusLabels,
  type addStatusUpdateRequest,
  type ProjectStatus,
  type updateProjectRequest,
} from '@noise/shared/project';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { ProjectEvents } from '../../lib/project-events.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { AuditRepository } from '../audit/repository.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { UserRepository } from '../users/repository.ts';
import { effectOfStatusUpdate } from './change-status.ts';
import { holdChanges } from './due-date.ts';
import type { ProjectRepository, ProjectRow } from './repository.ts';
import type { Db } from '../../db/client.ts';
import { emitWebhookEventIn } from '../webhooks/deliver-webhook.ts';

export interface ManageProjectDeps {
  projects: ProjectRepository;
  users: UserRepository;
  audit: AuditRepository;
  notifier: Notifier;
  /** The business time zone, in which a pause's working days are counted. */
  timeZone: string;
  now: () => Date;
  /** Told when a project's status moves ('status-changed'), once it is saved. */
  projectEvents?: Pick<ProjectEvents, 'emit'>;
}

/** A status's label as staff read it ('In Progress'); an unknown one as it is. */
export function statusLabel(status: string): string {
  return projectStatusLabels[status as ProjectStatus] ?? status;
}

/**
 * A status update posted by staff: it may move the project's status and dates (change-status.ts),
 * is logged, and tells the customer. Undefined when there is no such project.
 */
/** `project.status_changed`, in the transaction that changes it (docs/product.md#webhooks). */
function emitStatusChanged(tx: Db, project: ProjectRow, to: string) {
  return emitWebhookEventIn(tx, 'project.status_changed', {
    projectId: project.id,
    orderNumber: project.orderNumber,
    from: project.status,
    to,
  });
}

/** Who changes a project, and from where (the audit log). */
type Actor = Pick<AuthUser, 'id' | 'ip' | 'apiKey'>;

export async function addStatusUpdate(
  deps: ManageProjectDeps,
  actor: Actor,
  projectId: string,
  body: z.output<typeof addStatusUpdateRequest>,
): Promise<ProjectRow> {
  const actorId = actor.id;
  const project = await deps.projects.findById(projectId);
  if (!project) throw notFound('Project not found');
  const { title, date, description } = body.statusUpdate;
  const when = new Date(date);
  const effect = effectOfStatusUpdate(project, title, when, description);
  const changes = {
    ...effect,
    ...(effect.status ? holdChanges(project, effect.status, deps.now(), deps.timeZone) : {}),
  };
  const updated = await deps.projects.addStatusUpdate(
    { projectId, title, description, date: when, createdById: actorId },
    changes,
    changes.status && changes.status !== project.status
      ? (tx) => emitStatusChanged(tx, project, changes.status!)
      : undefined,
  );
  if (!updated) throw notFound('Project not found');
  await deps.audit.record({
    actorId,
    ip: actor.ip,
    apiKey: actor.apiKey,
    actorName: await deps.users.actorName(actorId),
    action: 'project.status_update',
    entityType: 'project',
    entityId: projectId,
    subjectUserId: project.userId,
    summary:
      changes.status && changes.status !== project.status
        ? `${title} (status ${project.status} → ${changes.status})`
        : title,
    data: { title, date: when.toISOString() },
  });
  await deps.notifier.toCustomer(project, {
    kind: 'status-update',
    title: `${title}: ${project.serviceTitle} (${orderName(project.orderNumber)})`,
    body: description || `${orderName(project.orderNumber)} has a new update.`,
    link: `/dashboard/projects/${projectId}`,
  });
  void deps.notifier.projectChanged(project, { customerSees: true });
  if (changes.status && changes.status !== project.status) {
    await deps.projectEvents?.emit('status-changed', {
      projectId,
      from: project.status,
      to: changes.status,
    });
  }
  return updated;
}

const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : 'none');
const toDate = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null ? null : new Date(v);

/**
 * Edit Sale: status, expected and actual delivery dates, co-ordinator. Only what the body names
 * changes; what did change is logged in one audit entry ('Status changed from … to …; …').
 */
export async function updateProject(
  deps: ManageProjectDeps,
  actor: Actor,
  projectId: string,
  body: z.output<typeof updateProjectRequest>,
): Promise<ProjectRow> {
  const actorId = actor.id;
  const project = await deps.projects.findById(projectId);
  if (!project) throw notFound('Project not found');
  if (body.coordinatorId) {
    const coordinator = await deps.users.findById(body.coordinatorId);
    if (!coordinator || coordinator.role === 'client') {
      throw badRequest('Choose a team member as the co-ordinator');
    }
  }
  // Moving the due date is an override: it needs a reason, kept and logged (docs/decisions/054).
  const newDue = toDate(body.expectedDeliveryDate);
  const dueMoves = newDue !== undefined && day(newDue) !== day(project.expectedDeliveryDate);
  const reason = body.dueChangeReason ?? '';
  if (dueMoves && !reason) {
    const message = 'Say why the due date changes';
    throw badRequest(message, [{ path: 'dueChangeReason', message }]);
  }
  const changes = {
    ...(body.status ? { status: body.status } : {}),
    ...(body.status ? holdChanges(project, body.status, deps.now(), deps.timeZone) : {}),
    ...(dueMoves ? { expectedDeliveryDate: newDue, dueOverrideReason: reason } : {}),
    ...(body.deliveryDate !== undefined ? { deliveryDate: toDate(body.deliveryDate) } : {}),
    ...(body.coordinatorId !== undefined ? { coordinatorId: body.coordinatorId } : {}),
  };
  const statusMoves = body.status !== undefined && body.status !== project.status;
  const assignmentMoves =
    body.coordinatorId !== undefined && body.coordinatorId !== project.coordinatorId;
  const updated = await deps.projects.update(
    project.id,
    changes,
    statusMoves || assignmentMoves
      ? async (tx, row) => {
          if (statusMoves) await emitStatusChanged(tx, project, row.status);
          if (assignmentMoves) {
            await emitWebhookEventIn(tx, 'project.assigned', {
              projectId: row.id,
              orderNumber: row.orderNumber,
              coordinatorId: row.coordinatorId,
              previousCoordinatorId: project.coordinatorId,
            });
          }
        }
      : undefined,
  );
  if (!updated) throw notFound('Project not found');
  const changed: string[] = [];
  if (body.status && body.status !== project.status) {
    changed.push(
      `Status changed from ${statusLabel(project.status)} to ${statusLabel(body.status)}`,
    );
  }
  if ('deliveryDate' in changes && day(changes.deliveryDate) !== day(project.deliveryDate)) {
    changed.push(`Delivery date ${day(project.deliveryDate)} → ${day(changes.deliveryDate)}`);
  }
  const reassigned =
    'coordinatorId' in changes && changes.coordinatorId !== project.coordinatorId
      ? changes.coordinatorId
      : undefined;
  const actorName = await deps.users.actorName(actorId);
  const logged = {
    actorId,
    actorName,
    ip: actor.ip,
    apiKey: actor.apiKey,
    entityType: 'project',
    entityId: project.id,
  };
  if (reassigned !== undefined) {
    const name = async (id: string | null) => (id ? await deps.users.actorName(id) : 'nobody');
    const [from, to] = [await name(project.coordinatorId), await name(reassigned)];
    await deps.audit.record({
      ...logged,
      action: 'project.reassigned',
      subjectUserId: project.userId,
      summary: `${orderName(project.orderNumber)} assigned to ${to} (was ${from})`,
      data: { from, to, fromId: project.coordinatorId, toId: reassigned },
    });
  }
  if (dueMoves) {
    const [from, to] = [day(project.expectedDeliveryDate), day(newDue)];
    await deps.audit.record({
      ...logged,
      action: 'project.due_date_overridden',
      subjectUserId: project.userId,
      summary: `Due date of ${orderName(project.orderNumber)} moved from ${from} to ${to}: ${reason}`,
      data: { from, to, reason },
    });
  }
  if (changed.length > 0 || reassigned !== undefined || dueMoves) {
    void deps.notifier.projectChanged(updated, { customerSees: true });
    // The one it was taken from: their open page finds it gone.
    if (reassigned !== undefined)
      void deps.notifier.projectChanged(project, { customerSees: false });
  }
  if (changed.length > 0) {
    await deps.audit.record({
      ...logged,
      action:
        body.status && body.status !== project.status
          ? 'project.status_changed'
          : 'project.updated',
      subjectUserId: project.userId,
      summary: changed.join('; '),
      data: { from: project.status, to: body.status ?? project.status },
    });
  }
  // The new assignee hears of it (bell and email), unless they assigned it to themselves.
  if (reassigned && reassigned !== actorId) {
    void deps.notifier.sendQuietly([reassigned], {
      kind: 'project-assigned',
      title: `Assigned to you: ${orderName(project.orderNumber)}, ${project.serviceTitle}`,
      body: `${actorName} assigned ${orderName(project.orderNumber)} to you.`,
      link: `/wkm-dashboard/${project.type === 'Project' ? 'sales' : 'custom-sales'}/edit/${project.id}`,
    });
  }
  if (statusMoves) {
    await deps.projectEvents?.emit('status-changed', {
      projectId: project.id,
      from: project.status,
      to: updated.status,
    });
  }
  return updated;
}
