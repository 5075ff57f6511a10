import { BRIEF_TEXT_MAX, orderName, type BriefEntry } from '@noise/shared/project';
import { displayNameOf } from '@noise/shared/user';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { FileStore } from '../../plugins/file-store.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { UserRepository } from '../users/repository.ts';
import type {
  BriefAttachmentRow,
  BriefRepository,
  BriefRow,
  NewBriefFile,
} from './brief-repository.ts';
import type { ProjectRow } from './repository.ts';

export interface BriefDeps {
  briefs: BriefRepository;
  users: UserRepository;
  notifier: Notifier;
  files: FileStore;
}

function toBriefDto(projectId: string, brief: BriefRow, files: BriefAttachmentRow[]): BriefEntry {
  return {
    _id: brief.id,
    text: brief.text,
    authorName: brief.authorName,
    createdAt: brief.createdAt.toISOString(),
    attachments: files
      .filter((f) => f.briefId === brief.id)
      .map((f) => ({
        _id: f.id,
        name: f.originalName,
        contentType: f.contentType,
        size: f.size,
        url: `/api/projects/${projectId}/brief/attachments/${f.id}`,
      })),
  };
}

/** The brief's entries, oldest first, as the project page shows them. */
export async function listBrief(deps: BriefDeps, project: ProjectRow): Promise<BriefEntry[]> {
  const { entries, files } = await deps.briefs.listWithFiles(project.id);
  return entries.map((b) => toBriefDto(project.id, b, files));
}

/**
 * Adds to the brief: text, files or both, by the project's customer or by staff. The customer's
 * entry tells the team. Refused (and nothing saved) when empty or too long; the caller discards
 * the stored files of a refused entry.
 */
export async function addBrief(
  deps: BriefDeps,
  input: {
    project: ProjectRow;
    authorId: string;
    text: string;
    files: { key: string; originalName: string; contentType: string; size: number }[];
  },
): Promise<BriefEntry> {
  const { project, authorId, files } = input;
  const text = input.text.trim();
  if (!text && files.length === 0) throw badRequest('Tell us about the project or attach a file');
  if (text.length > BRIEF_TEXT_MAX) {
    throw badRequest(`The brief must be at most ${BRIEF_TEXT_MAX} characters`);
  }
  const author = await deps.users.findById(authorId);
  const authorName = author ? displayNameOf(author) || author.email : '';
  const stored: NewBriefFile[] = files.map((f, i) => ({
    fileKey: f.key,
    originalName: f.originalName || `attachment-${i + 1}`,
    contentType: f.contentType,
    size: f.size,
  }));
  const saved = await deps.briefs.add(
    { projectId: project.id, authorId, authorName, text },
    stored,
  );
  if (authorId === project.userId) {
    await deps.notifier.toStaff({
      kind: 'new-brief',
      title: `Brief received: ${project.serviceTitle} (${orderName(project.orderNumber)})`,
      body: `${authorName} sent the brief for ${orderName(project.orderNumber)}.`,
      link: `/wkm-dashboard/${project.type === 'Project' ? 'sales' : 'custom-sales'}/edit/${project.id}`,
    });
  }
  void deps.notifier.projectChanged(project, { customerSees: true });
  return toBriefDto(project.id, saved.entry, saved.files);
}

/** A brief file of the project, with its stored bytes; 404 for any other or a lost one. */
export async function openBriefAttachment(
  deps: Pick<BriefDeps, 'briefs' | 'files'>,
  project: ProjectRow,
  attachmentId: string,
) {
  const file = await deps.briefs.findFile(project.id, attachmentId);
  if (!file) throw notFound('File not found');
  const stored = await deps.files.get(file.fileKey);
  if (!stored) throw notFound('File not found');
  return { file, body: stored.body };
}
