import { can } from '@noise/shared/permissions';
import {
  EMPTY_MESSAGE,
  MESSAGE_TEXT_MAX,
  type InboxItem,
  type Message,
  type MessageThread,
} from '@noise/shared/messages';
import { orderName } from '@noise/shared/project';
import type { Role } from '@noise/shared/roles';
import { displayNameOf } from '@noise/shared/user';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FileStore } from '../../plugins/file-store.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { ProjectRepository, ProjectRow } from '../projects/repository.ts';
import { canSeeProject } from '../projects/visibility.ts';
import type { UserRepository } from '../users/repository.ts';
import type { MessageAttachmentRow, MessageRepository, MessageRow } from './repository.ts';

export interface ThreadDeps {
  messages: MessageRepository;
  projects: ProjectRepository;
  users: UserRepository;
  notifier: Notifier;
  files: FileStore;
  /** The reply address of a message email to `userId` about `projectId`, or null. */
  replyAddress: (projectId: string, userId: string) => string | null;
}

export interface Caller {
  id: string;
  role: Role;
}

/** Staff who work sales see the whole thread, team-only notes included; customers never do. */
const isTeam = (caller: Caller) => can(caller.role, 'sales:manage');

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

function toMessageDto(projectId: string, m: MessageRow, files: MessageAttachmentRow[]): Message {
  return {
    _id: m.id,
    authorName: m.authorName,
    side: m.side,
    text: m.text,
    internal: m.internal,
    via: m.via,
    createdAt: m.createdAt.toISOString(),
    attachments: files
      .filter((f) => f.messageId === m.id)
      .map((f) => ({
        _id: f.id,
        name: f.originalName,
        contentType: f.contentType,
        size: f.size,
        url: `/api/projects/${projectId}/messages/attachments/${f.id}`,
      })),
  };
}

/** The thread as the caller may read it, oldest first. */
export async function readThread(
  deps: ThreadDeps,
  caller: Caller,
  project: ProjectRow,
): Promise<MessageThread> {
  const { messages, files } = await deps.messages.listThread(project.id, {
    withInternal: isTeam(caller),
  });
  return {
    messages: messages.map((m) => toMessageDto(project.id, m, files)),
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
  const author = await deps.users.findById(caller.id);
  const authorName = author ? displayNameOf(author) || author.email : '';
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
  );
  const order = orderName(project.orderNumber);
  const excerpt = text.length > 280 ? `${text.slice(0, 277)}…` : text || 'Sent a file.';
  const replyTo = (userId: string) => deps.replyAddress(project.id, userId);
  // The answer does not wait for the bells and mails (notifier: after the answer, failures logged).
  if (!saved.message.internal && team) {
    void deps.notifier.sendQuietly([project.userId], {
      kind: 'new-message',
      title: `New message on ${order}: ${project.serviceTitle}`,
      body: `${authorName}: ${excerpt}`,
      link: `/dashboard/projects/${project.id}#messages`,
      replyTo,
    });
  } else if (!team) {
    void deps.notifier.toStaff({
      kind: 'customer-message',
      title: `Message from ${authorName} on ${order}`,
      body: excerpt,
      link: `/wkm-dashboard/${project.type === 'Project' ? 'sales' : 'custom-sales'}/edit/${project.id}#messages`,
      replyTo,
    });
  }
  return toMessageDto(project.id, saved.message, saved.files);
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
  const rows = await deps.messages.inboxFor(caller.id, INBOX_LIMIT);
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
