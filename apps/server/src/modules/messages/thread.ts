import { callerCan, type Permission } from '@noise/shared/permissions';
import {
  DELIVERABLE_NAME_MAX,
  EMPTY_MESSAGE,
  MESSAGE_TEXT_MAX,
  type Deliverable,
  type InboxItem,
  type Message,
  type MessageThread,
  THREAD_PAGE_SIZE,
  type ThreadPageQuery,
} from '@noise/shared/messages';
import { orderName } from '@noise/shared/project';
import type { Role } from '@noise/shared/roles';
import { displayNameOf } from '@noise/shared/user';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { ProjectEvents } from '../../lib/project-events.ts';
import type { ApiKeyRef } from '../../plugins/auth.ts';
import type { FileStore } from '../../plugins/file-store.ts';
import type { AuditRepository } from '../audit/repository.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { ProjectRepository, ProjectRow } from '../projects/repository.ts';
import { assignedScope, canSeeProject } from '../projects/visibility.ts';
import type { UserRepository } from '../users/repository.ts';
import { emitWebhookEventIn } from '../webhooks/deliver-webhook.ts';
import type { CompanyRepository } from '../companies/repository.ts';
import type {
  DeliverableRow,
  MessageAttachmentRow,
  MessageRepository,
  MessageRow,
} from './repository.ts';

export interface ThreadDeps {
  messages: MessageRepository;
  /** A customer's company and role, for a reply by email (it carries no session). */
  companies: Pick<CompanyRepository, 'membershipOf'>;
  projects: ProjectRepository;
  users: UserRepository;
  notifier: Notifier;
  audit: AuditRepository;
  files: FileStore;
  /**
   * The reply address of a message email to a person about a project (or a general question),
   * signed with their reply key, or null.
   */
  replyAddress: (
    thread: { projectId: string } | { questionId: string },
    person: { id: string; replyKeyVersion: number },
  ) => string | null;
  /** Told when the customer approves a deliverable (a request of a plan is then done). */
  projectEvents?: Pick<ProjectEvents, 'emit'>;
}

export interface Caller {
  id: string;
  role: Role;
  /** A customer's company (docs/product.md#client-companies): its projects are theirs to see. */
  companyId?: string | null;
  /** What the caller may do, when a request resolved it (an API key's are its own). */
  permissions?: readonly Permission[];
  /** Where a request came from (for the audit log); absent for a reply by email. */
  ip?: string;
  /** The API key of a request that used one; absent for a reply by email. */
  apiKey?: ApiKeyRef | null;
}

/** Staff who work sales see the whole thread, team-only notes included; customers never do. */
export const isTeam = (caller: Caller) => callerCan(caller, 'sales:manage');

/** The project if the caller may see its thread; 404 for anyone else (ids reveal nothing). */
export async function openProject(deps: Pick<ThreadDeps, 'projects'>, caller: Caller, id: string) {
  const project = await deps.projects.findById(id);
  if (!project || !canSeeProject(caller, project)) throw notFound('Project not found');
  return project;
}

/** Why a project takes no new messages, or null when it does. */
export function closedReason(project: ProjectRow): string | null {
  return project.status === 'cancelled'
    ? 'This project was cancelled, so it takes no new messages. Get in touch with us if you need anything.'
    : null;
}

/** Where a project's message files are fetched (a general question's: question-thread.ts). */
const projectFiles = (projectId: string) => `/api/projects/${projectId}/messages/attachments`;

const attachmentDto = (filesPath: string, f: MessageAttachmentRow) => ({
  _id: f.id,
  name: f.originalName,
  contentType: f.contentType,
  size: f.size,
  url: `${filesPath}/${f.id}`,
});

/** A message as both kinds of thread send it; `filesPath` is where its files are fetched. */
export function toMessageDto(
  filesPath: string,
  m: MessageRow,
  files: MessageAttachmentRow[],
  deliverable: DeliverableRow | undefined,
  photos: ReadonlyMap<string, string> = new Map(),
): Message {
  return {
    _id: m.id,
    authorName: m.authorName,
    authorPhoto: (m.authorId && photos.get(m.authorId)) || null,
    side: m.side,
    text: m.text,
    internal: m.internal,
    via: m.via,
    createdAt: m.createdAt.toISOString(),
    attachments: files.filter((f) => f.messageId === m.id).map((f) => attachmentDto(filesPath, f)),
    deliverable: deliverable
      ? { _id: deliverable.id, name: deliverable.name, version: deliverable.version }
      : null,
  };
}

/** Each version as both sides read it: superseded once a newer version of its name exists. */
function toDeliverableDtos(
  projectId: string,
  rows: DeliverableRow[],
  messages: MessageRow[],
  files: MessageAttachmentRow[],
): Deliverable[] {
  const newest = new Map<string, number>();
  for (const d of rows) newest.set(d.nameKey, Math.max(newest.get(d.nameKey) ?? 0, d.version));
  return rows.flatMap((d) => {
    const message = messages.find((m) => m.id === d.messageId);
    if (!message) return [];
    const decision =
      d.decision && d.decidedAt
        ? { kind: d.decision, byName: d.decidedByName, at: d.decidedAt.toISOString() }
        : null;
    return [
      {
        _id: d.id,
        messageId: d.messageId,
        name: d.name,
        version: d.version,
        state: d.version < (newest.get(d.nameKey) ?? 0) ? 'superseded' : (d.decision ?? 'awaiting'),
        sentBy: message.authorName,
        createdAt: d.createdAt.toISOString(),
        files: files
          .filter((f) => f.messageId === d.messageId)
          .map((f) => attachmentDto(projectFiles(projectId), f)),
        decision,
      },
    ];
  });
}

const deliverableLabel = (d: { name: string; version: number }) =>
  `${d.name} (version ${d.version})`;

/** A page of the thread as the caller may read it (the newest, or those before `before`). */
export async function readThread(
  deps: ThreadDeps,
  caller: Caller,
  project: ProjectRow,
  page: ThreadPageQuery = { limit: THREAD_PAGE_SIZE },
): Promise<MessageThread> {
  const withInternal = isTeam(caller);
  const { messages, files, photos, olderAt } = await deps.messages.listThread(project.id, {
    withInternal,
    before: page.before ? decodeCursor(page.before) : undefined,
    limit: page.limit,
  });
  const versions = await deps.messages.listDeliverables(project.id);
  // Every version is listed, whichever page the message that sent it is on.
  const shown = new Set(messages.map((m) => m.id));
  const elsewhere = await deps.messages.findMessages(
    versions.map((d) => d.messageId).filter((id) => !shown.has(id)),
    { withInternal },
  );
  return {
    messages: messages.map((m) =>
      toMessageDto(
        projectFiles(project.id),
        m,
        files,
        versions.find((d) => d.messageId === m.id),
        photos,
      ),
    ),
    olderCursor: olderAt ? encodeCursor(olderAt.createdAt, olderAt.id) : null,
    deliverables: toDeliverableDtos(
      project.id,
      versions,
      [...messages, ...elsewhere.messages],
      [...files, ...elsewhere.files],
    ),
    closedReason: closedReason(project),
  };
}

/**
 * A new message on a project, from its customer or the team (by the site or a reply by email).
 * Team members may keep it to the team (`internal`). The other side is told by the bell and an
 * email copy whose Reply-To brings an answer back here; notes tell nobody. Refused, with
 * nothing saved, when empty, too long or the project is closed: the caller discards the files.
 */
export async function postMessage(
  deps: ThreadDeps,
  input: {
    caller: Caller;
    project: ProjectRow;
    text: string;
    internal?: boolean;
    via?: 'web' | 'email';
    /** The team sends the files as the next version of this deliverable ('Logo'). */
    deliverable?: string;
    files: { key: string; originalName: string; contentType: string; size: number }[];
  },
): Promise<Message> {
  const { caller, project, files } = input;
  const text = input.text.trim();
  if (!text && files.length === 0) throw badRequest(EMPTY_MESSAGE);
  if (text.length > MESSAGE_TEXT_MAX) {
    throw badRequest(
      `A message can be at most ${MESSAGE_TEXT_MAX.toLocaleString('en-AU')} characters`,
    );
  }
  const closed = closedReason(project);
  if (closed) throw conflict(closed);
  const team = isTeam(caller);
  if (input.internal && !team) throw badRequest('Only the team can write notes');
  const deliverableName = input.deliverable?.trim();
  if (input.deliverable !== undefined) {
    if (!team) throw badRequest('Only the team can send deliverables');
    if (input.internal) throw badRequest('A deliverable goes to the customer: it cannot be a note');
    if (!deliverableName) throw badRequest('Name the deliverable, for example Logo');
    if (deliverableName.length > DELIVERABLE_NAME_MAX) {
      throw badRequest(`A deliverable's name can be at most ${DELIVERABLE_NAME_MAX} characters`);
    }
    if (files.length === 0) throw badRequest('Attach the files of the deliverable');
  }
  const authorName = await nameOf(deps, caller.id);
  const saved = await deps.messages.add(
    {
      projectId: project.id,
      authorId: caller.id,
      authorName,
      side: team ? 'team' : 'customer',
      text,
      internal: Boolean(input.internal),
      via: input.via ?? 'web',
    },
    files.map((f, i) => ({
      fileKey: f.key,
      originalName: f.originalName || `attachment-${i + 1}`,
      contentType: f.contentType,
      size: f.size,
    })),
    deliverableName ? { name: deliverableName } : undefined,
    // The team's internal notes never leave: no event for them.
    input.internal
      ? undefined
      : (tx, saved) =>
          emitWebhookEventIn(tx, 'message.created', {
            projectId: project.id,
            orderNumber: project.orderNumber,
            messageId: saved.message.id,
            side: saved.message.side,
            authorName: saved.message.authorName,
            text: saved.message.text,
            attachments: files.length,
            via: saved.message.via,
            deliverable: saved.deliverable
              ? {
                  id: saved.deliverable.id,
                  name: saved.deliverable.name,
                  version: saved.deliverable.version,
                }
              : null,
          }),
  );
  const order = orderName(project.orderNumber);
  const excerpt = text.length > 280 ? `${text.slice(0, 277)}…` : text || 'Sent a file.';
  const replyTo = (person: { id: string; replyKeyVersion: number }) =>
    deps.replyAddress({ projectId: project.id }, person);
  // The answer does not wait for the bells and mails (notifier: after the answer, failures logged).
  if (!saved.message.internal && team) {
    void deps.notifier.toCustomer(project, {
      kind: 'new-message',
      title: saved.deliverable
        ? `Ready for your approval on ${order}: ${deliverableLabel(saved.deliverable)}`
        : `New message on ${order}: ${project.serviceTitle}`,
      body: `${authorName}: ${excerpt}`,
      link: `/dashboard/projects/${project.id}#${saved.deliverable ? 'deliverables' : 'messages'}`,
      replyTo,
      projectId: project.id,
    });
  } else if (!team) {
    void deps.notifier.toStaff(
      {
        kind: 'customer-message',
        title: `Message from ${authorName} on ${order}`,
        body: excerpt,
        link: staffLink(project, 'messages'),
        replyTo,
        projectId: project.id,
      },
      project,
    );
  }
  void deps.notifier.projectChanged(project, { customerSees: !saved.message.internal });
  return toMessageDto(
    projectFiles(project.id),
    saved.message,
    saved.files,
    saved.deliverable ?? undefined,
  );
}

export async function nameOf(deps: Pick<ThreadDeps, 'users'>, userId: string) {
  const user = await deps.users.findById(userId);
  return user ? displayNameOf(user) || user.email : '';
}

/** Where the team works on a project's sale, at one of its sections. */
export const staffLink = (project: ProjectRow, section: string) =>
  `/wkm-dashboard/${project.type === 'Project' ? 'sales' : 'custom-sales'}/edit/${project.id}#${section}`;

/**
 * The customer approves the newest version of a deliverable, or asks for changes to it with a
 * message saying what. Only the project's customer decides (staff get 403); a version that is
 * superseded or already decided is refused with the reason, and nothing changes. The team is
 * told, and the decision is in the sale's activity.
 */
export async function decideDeliverable(
  deps: ThreadDeps,
  input: {
    caller: Caller;
    project: ProjectRow;
    deliverableId: string;
    decision: 'approved' | 'changes-requested';
    /** What should change (required when asking for changes). */
    text?: string;
  },
): Promise<{ deliverable: Deliverable; message: Message | null }> {
  const { caller, project, decision } = input;
  const version = await deps.messages.findDeliverable(project.id, input.deliverableId);
  if (!version) throw notFound('Deliverable not found');
  if (isTeam(caller)) {
    throw forbidden('Only the customer can approve a deliverable or ask for changes');
  }
  const closed = closedReason(project);
  if (closed) throw conflict(closed);
  const label = deliverableLabel(version);
  const text = input.text?.trim() ?? '';
  if (decision === 'changes-requested' && !text) throw badRequest('Say what should change');
  if (text.length > MESSAGE_TEXT_MAX) {
    throw badRequest(`At most ${MESSAGE_TEXT_MAX.toLocaleString('en-AU')} characters`);
  }
  const byName = await nameOf(deps, caller.id);
  const recorded = await deps.messages.decide(
    version.id,
    { kind: decision, by: caller.id, byName },
    decision === 'changes-requested'
      ? {
          projectId: project.id,
          authorId: caller.id,
          authorName: byName,
          side: 'customer',
          text: `Changes requested to ${label}:\n${text}`,
          internal: false,
          via: 'web',
        }
      : undefined,
    (tx, decided) =>
      emitWebhookEventIn(
        tx,
        decision === 'approved' ? 'deliverable.approved' : 'deliverable.changes_requested',
        {
          projectId: project.id,
          orderNumber: project.orderNumber,
          deliverableId: decided.id,
          name: decided.name,
          version: decided.version,
          by: byName,
          ...(decision === 'changes-requested' ? { changes: text } : {}),
        },
      ),
  );
  if (!recorded) {
    const all = await deps.messages.listDeliverables(project.id);
    const newer = all.find((d) => d.nameKey === version.nameKey && d.version > version.version);
    if (newer) {
      throw conflict(
        `A newer version of ${version.name} was sent: look at version ${newer.version}`,
      );
    }
    const decided = (await deps.messages.findDeliverable(project.id, version.id))?.decision;
    throw conflict(
      decided === 'approved'
        ? `You already approved ${label}`
        : `You already asked for changes to ${label}`,
    );
  }
  const order = orderName(project.orderNumber);
  const said = decision === 'approved' ? `approved ${label}` : `asked for changes to ${label}`;
  await deps.audit.record({
    actorId: caller.id,
    ip: caller.ip ?? '',
    apiKey: caller.apiKey ?? null,
    actorName: byName,
    action: decision === 'approved' ? 'deliverable.approved' : 'deliverable.changes_requested',
    entityType: 'project',
    entityId: project.id,
    subjectUserId: project.userId,
    summary: `${byName} ${said}`,
    data: { deliverableId: version.id, name: version.name, version: version.version },
  });
  void deps.notifier.toStaff(
    {
      kind: 'deliverable-review',
      title: `${byName} ${said} on ${order}`,
      body: decision === 'approved' ? `${label} is approved.` : text,
      link: staffLink(project, 'deliverables'),
      projectId: project.id,
    },
    project,
  );
  if (decision === 'approved') {
    await deps.projectEvents?.emit('deliverable-approved', { projectId: project.id });
  }
  void deps.notifier.projectChanged(project, { customerSees: true });
  const thread = await readThread(deps, caller, project);
  const deliverable = thread.deliverables.find((d) => d._id === version.id);
  if (!deliverable) throw notFound('Deliverable not found');
  const messageId = recorded.message?.id;
  const message = thread.messages.find((m) => m._id === messageId) ?? null;
  return { deliverable, message };
}

/** Opening the thread reads it: everything in it so far is read by the caller. */
export async function markThreadRead(deps: ThreadDeps, caller: Caller, project: ProjectRow) {
  await deps.messages.markRead(caller.id, project.id);
}

/** A message file of the project the caller may fetch; 404 otherwise (a note's, to a customer). */
export async function openMessageFile(
  deps: ThreadDeps,
  caller: Caller,
  project: ProjectRow,
  attachmentId: string,
) {
  const file = await deps.messages.findFile(project.id, attachmentId, {
    withInternal: isTeam(caller),
  });
  if (!file) throw notFound('File not found');
  const stored = await deps.files.get(file.fileKey);
  if (!stored) throw notFound('File not found');
  return { file, body: stored.body };
}

export const INBOX_LIMIT = 100;

/** The team's inbox: projects whose customer wrote since this staff member last read. */
export async function readInbox(deps: ThreadDeps, caller: Caller): Promise<InboxItem[]> {
  const rows = await deps.messages.inboxFor(caller.id, INBOX_LIMIT, assignedScope(caller));
  return rows.map((r) => ({
    projectId: r.project_id,
    orderNumber: Number(r.order_number),
    serviceTitle: r.service_title,
    customerName: `${r.first_name} ${r.last_name}`.trim() || r.email,
    unread: Number(r.unread),
    lastMessage: {
      excerpt: r.last_text.length > 140 ? `${r.last_text.slice(0, 137)}…` : r.last_text,
      createdAt: new Date(r.last_at).toISOString(),
    },
  }));
}
