import {
  BRIEF_MAX_FILES,
  BRIEF_TEXT_MAX,
  EMPTY_BRIEF_MESSAGE,
  NOTHING_TO_ADD_TEXT,
  orderName,
  type BriefEntry,
} from '@noise/shared/project';
import { isStaffRole } from '@noise/shared/roles';
import { displayNameOf } from '@noise/shared/user';
import {
  answerText,
  intakeAnswersSchema,
  normaliseLink,
  questionSignature,
  type BriefAnswers,
  type IntakeAnswer,
  type IntakeQuestion,
} from '@noise/shared/intake';
import { ATTACHMENT_KINDS } from '@noise/shared/attachments';
import { isUniqueViolation } from '../../lib/error-codes.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { FileFieldRule } from '../../lib/multipart.ts';
import type { FileStore } from '../../plugins/file-store.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { UserRepository } from '../users/repository.ts';
import type {
  BriefAttachmentRow,
  BriefRepository,
  BriefRevisionRow,
  BriefRow,
  NewBriefFile,
} from './brief-repository.ts';
import { emitWebhookEventIn } from '../webhooks/deliver-webhook.ts';
import { dueDateFrom } from './due-date.ts';
import type { ProjectRepository, ProjectRow } from './repository.ts';

export interface BriefDeps {
  briefs: BriefRepository;
  projects: ProjectRepository;
  /** The business time zone, in which working days are counted. */
  timeZone: string;
  now: () => Date;
  users: UserRepository;
  notifier: Notifier;
  files: FileStore;
}

const answersDto = (answers: BriefAnswers | null) =>
  answers
    ? answers.questions.map((q) => ({
        questionId: q.id,
        label: q.label,
        kind: q.kind,
        required: q.required,
        options: q.options,
        answer: answers.answers[q.id] ?? null,
      }))
    : null;

function toBriefDto(
  projectId: string,
  brief: BriefRow,
  files: BriefAttachmentRow[],
  revisions: BriefRevisionRow[],
  correctable: boolean,
): BriefEntry {
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
        questionId: f.questionId,
      })),
    answers: answersDto(brief.answers),
    correctable,
    correctedAt: brief.correctedAt ? brief.correctedAt.toISOString() : null,
    history: revisions
      .filter((r) => r.briefId === brief.id)
      .map((r) => ({
        correctedAt: r.createdAt.toISOString(),
        correctedBy: r.correctedByName,
        text: r.text,
        answers: answersDto(r.answers),
      })),
  };
}

/**
 * Work has started once the team posted a status update or the project left In Progress: the
 * customer's brief can no longer be corrected, only added to (docs/product.md#project-page).
 */
async function workStarted(deps: Pick<BriefDeps, 'briefs'>, project: ProjectRow) {
  return project.status !== 'active' || (await deps.briefs.hasStatusUpdates(project.id));
}

/** The ids of the entries' authors who are the client's people, not the team. */
async function customerAuthors(deps: Pick<BriefDeps, 'users'>, entries: BriefRow[]) {
  const ids = [...new Set(entries.map((e) => e.authorId).filter((id) => id !== null))];
  const people = await Promise.all(ids.map((id) => deps.users.findById(id)));
  return new Set(people.filter((p) => p && !isStaffRole(p.role)).map((p) => p!.id));
}

/** The questions a project's first brief answers now, and whether they were answered. */
export async function readBriefQuestions(deps: Pick<BriefDeps, 'briefs'>, project: ProjectRow) {
  const [questions, answered] = await Promise.all([
    deps.briefs.questionsFor(project),
    deps.briefs.hasAnswers(project.id),
  ]);
  return { questions: questions.map((q) => ({ ...q, signature: questionSignature(q) })), answered };
}

/** The brief's entries, oldest first, as the project page shows them. */
export async function listBrief(deps: BriefDeps, project: ProjectRow): Promise<BriefEntry[]> {
  const { entries, files, revisions } = await deps.briefs.listWithFiles(project.id);
  const [started, customers] = await Promise.all([
    workStarted(deps, project),
    customerAuthors(deps, entries),
  ]);
  return entries.map((b) =>
    toBriefDto(
      project.id,
      b,
      files,
      revisions,
      !started && b.authorId !== null && customers.has(b.authorId),
    ),
  );
}

/**
 * The customer corrects an entry of theirs before work starts: its words and answers (the files
 * of file questions stay; more files go in a new entry). What it said before is kept for the team,
 * who hear of the correction. Unchanged words change nothing.
 */
export async function correctBrief(
  deps: BriefDeps,
  input: {
    project: ProjectRow;
    callerId: string;
    briefId: string;
    text: string;
    answers: Record<string, IntakeAnswer> | undefined;
  },
): Promise<BriefEntry> {
  const { project } = input;
  const caller = await deps.users.findById(input.callerId);
  if (!caller || isStaffRole(caller.role)) {
    throw forbidden('The team adds to the brief; only the client corrects it');
  }
  const { entries, files } = await deps.briefs.listWithFiles(project.id);
  const before = entries.find((e) => e.id === input.briefId);
  if (!before) throw notFound('That part of the brief was not found');
  if (!before.authorId || !(await customerAuthors(deps, [before])).has(before.authorId)) {
    throw forbidden('Only what the client sent can be corrected');
  }
  if (await workStarted(deps, project)) {
    throw conflict('Work has started on this project: add to the brief instead of correcting it');
  }
  const text = input.text.trim();
  const hasFiles = files.some((f) => f.briefId === before.id);
  const name = displayNameOf(caller) || caller.email;
  const result = await deps.briefs.correct(
    project.id,
    before.id,
    (current) => {
      const asked = current.answers;
      if (!asked && input.answers) throw badRequest('This part of the brief answers no questions');
      const answers = asked ? correctedAnswers(asked, input.answers ?? {}) : null;
      if (!text && !hasFiles && (!answers || Object.keys(answers.answers).length === 0)) {
        throw badRequest(
          asked ? EMPTY_BRIEF_MESSAGE : 'Tell us about the project or attach a file',
        );
      }
      const same =
        text === current.text &&
        JSON.stringify(answers?.answers ?? null) === JSON.stringify(asked?.answers ?? null);
      return same ? null : { text, answers };
    },
    { id: caller.id, name },
  );
  if (!result) throw notFound('That part of the brief was not found');
  if (result.changed) {
    await deps.notifier.toStaff(
      {
        kind: 'new-brief',
        title: `Brief corrected: ${project.serviceTitle} (${orderName(project.orderNumber)})`,
        body: `${name} corrected the brief for ${orderName(project.orderNumber)}.`,
        link: `/wkm-dashboard/${project.type === 'Project' ? 'sales' : 'custom-sales'}/edit/${project.id}`,
      },
      project,
    );
    void deps.notifier.projectChanged(project, { customerSees: true });
  }
  const { revisions } = await deps.briefs.listWithFiles(project.id);
  return toBriefDto(project.id, result.entry, files, revisions, true);
}

/**
 * Corrected answers, checked against the questions as they were asked; file questions keep the
 * files sent with them.
 */
function correctedAnswers(asked: BriefAnswers, sent: Record<string, IntakeAnswer>): BriefAnswers {
  const values: Record<string, IntakeAnswer> = { ...sent };
  for (const q of asked.questions.filter((q) => q.kind === 'file')) {
    values[q.id] = asked.answers[q.id] ?? [];
  }
  const result = intakeAnswersSchema(asked.questions).safeParse(values);
  if (!result.success) {
    const details = result.error.issues.map((issue) => ({
      path: `answers.${String(issue.path[0] ?? '')}`,
      message: issue.message,
    }));
    throw badRequest(details[0]?.message ?? 'Please check your answers', details);
  }
  return { questions: asked.questions, answers: cleanAnswers(asked.questions, values) };
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
    files: UploadedFile[];
    /** The intake answers (JSON text) and the signatures of the questions they answer. */
    answers?: { json: string; asked: string };
    /** Files answering file questions, and the question each answers, in the same order. */
    answerFiles?: UploadedFile[];
    answerFileQuestions?: string;
    /** The customer said there is nothing to add: questions left blank start the work anyway. */
    nothingToAdd?: boolean;
  },
): Promise<BriefEntry> {
  const { project, authorId, files } = input;
  let text = input.text.trim();
  if (text.length > BRIEF_TEXT_MAX) {
    throw badRequest(`The brief must be at most ${BRIEF_TEXT_MAX} characters`);
  }
  // The first brief answers the service's questions, when it has some (docs/decisions/058).
  const questions = await deps.briefs.questionsFor(project);
  const asking = questions.length > 0 && !(await deps.briefs.hasAnswers(project.id));
  const answerFiles = input.answerFiles ?? [];
  if (!asking && answerFiles.length > 0) throw badRequest('This brief asks no questions now');
  const answers = asking ? readAnswers(questions, input.answers, answerFiles, input) : null;
  if (!answers && !text && files.length === 0) {
    throw badRequest('Tell us about the project or attach a file');
  }
  // Every question left blank, nothing written or attached: a click by mistake must not start
  // the delivery clock on an empty brief (docs/product.md#project-page).
  const blank = answers && Object.keys(answers.values).length === 0 && !text && files.length === 0;
  if (blank) {
    if (!input.nothingToAdd) throw badRequest(EMPTY_BRIEF_MESSAGE);
    text = NOTHING_TO_ADD_TEXT;
  }
  const author = await deps.users.findById(authorId);
  const authorName = author ? displayNameOf(author) || author.email : '';
  const stored: NewBriefFile[] = [
    ...files.map((f, i) => storedFile(f, i, null)),
    ...answerFiles.map((f, i) => storedFile(f, i, answers?.fileQuestions[i] ?? null)),
  ];
  const saved = await deps.briefs
    .add(
      {
        projectId: project.id,
        authorId,
        authorName,
        text,
        answers: answers ? { questions, answers: answers.values } : null,
      },
      stored,
      // A customer's brief (whoever of the client company sent it) is an event; a note the team
      // adds to the brief is not.
      author && !isStaffRole(author.role)
        ? (tx, entry) =>
            emitWebhookEventIn(tx, 'brief.submitted', {
              projectId: project.id,
              orderNumber: project.orderNumber,
              order: orderName(project.orderNumber),
              customerId: project.userId,
              authorId,
              authorName,
              briefId: entry.id,
              // The first brief starts the due clock, so a clock not started means none came before.
              first: !project.dueClockStartedAt,
              text: entry.text,
              answers: answers
                ? questions.map((q) => ({
                    questionId: q.id,
                    question: q.label,
                    answer: answerText(answers.values[q.id]),
                  }))
                : [],
              attachments: stored.length,
            })
        : undefined,
    )
    .catch((error: unknown) => {
      // Another first brief answered the questions a moment ago (the unique index).
      if (answers && isUniqueViolation(error)) {
        throw conflict('Your answers were sent already: reload the page to see them');
      }
      throw error;
    });
  // The first brief starts the count of working days to the due date (docs/decisions/054).
  if (!project.dueClockStartedAt) {
    const at = deps.now();
    await deps.projects.startDueClock(
      project.id,
      at,
      dueDateFrom(at, project.deliveryDays, deps.timeZone),
    );
  }
  // The team hears of a brief from anyone of the client company, not of its own notes.
  if (author && !isStaffRole(author.role)) {
    await deps.notifier.toStaff(
      {
        kind: 'new-brief',
        title: `Brief received: ${project.serviceTitle} (${orderName(project.orderNumber)})`,
        body:
          `${authorName} sent the brief for ${orderName(project.orderNumber)}.` +
          (blank
            ? `\n\n${NOTHING_TO_ADD_TEXT}`
            : answers
              ? `\n\n${answersText(questions, answers.values)}`
              : ''),
        link: `/wkm-dashboard/${project.type === 'Project' ? 'sales' : 'custom-sales'}/edit/${project.id}`,
      },
      project,
    );
  }
  void deps.notifier.projectChanged(project, { customerSees: true });
  const correctable =
    Boolean(author && !isStaffRole(author.role)) && !(await workStarted(deps, project));
  return toBriefDto(project.id, saved.entry, saved.files, [], correctable);
}

/** A file of a brief, stored and checked as it arrived (lib/multipart.ts). */
export type UploadedFile = {
  key: string;
  originalName: string;
  contentType: string;
  size: number;
};

/**
 * The files a brief takes, as `readMultipart` reads them: `attachments` for the team and
 * `answerFiles` answering file questions (the first brief's, or a request's on submit).
 */
export const BRIEF_FILE_RULES: Record<string, FileFieldRule> = {
  attachments: { accept: ATTACHMENT_KINDS, max: BRIEF_MAX_FILES, private: true },
  answerFiles: { accept: ATTACHMENT_KINDS, max: BRIEF_MAX_FILES, private: true },
};

/** A stored file as a brief entry keeps it, answering `questionId` or none. */
export const storedFile = (
  f: UploadedFile,
  i: number,
  questionId: string | null,
): NewBriefFile => ({
  fileKey: f.key,
  originalName: f.originalName || `attachment-${i + 1}`,
  contentType: f.contentType,
  size: f.size,
  questionId,
});

/**
 * The answers of a first brief, checked against the questions the service asks now. A customer
 * who answered an older version of them is told to look again (409), keeping what they typed:
 * the page asks the changed questions again. File questions are answered by the files sent for
 * them, by name. A request of a plan is checked by it too when it is submitted
 * (modules/requests).
 */
export function readAnswers(
  questions: IntakeQuestion[],
  sent: { json: string; asked: string } | undefined,
  answerFiles: UploadedFile[],
  input: { answerFileQuestions?: string },
) {
  const asked = parseJson(sent?.asked);
  const current = questions.map(questionSignature);
  if (
    !Array.isArray(asked) ||
    asked.length !== current.length ||
    asked.some((s, i) => s !== current[i])
  ) {
    throw new AppError(
      'questions_changed',
      409,
      'The questions changed while you were answering: please check them again',
    );
  }
  const fileQuestions = parseJson(input.answerFileQuestions ?? '[]');
  if (
    !Array.isArray(fileQuestions) ||
    fileQuestions.length !== answerFiles.length ||
    fileQuestions.some((id) => !questions.some((q) => q.kind === 'file' && q.id === id))
  ) {
    throw badRequest('Each answer file must name the question it answers');
  }
  const raw = parseJson(sent?.json ?? '{}');
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw badRequest('Send the answers as a JSON object');
  }
  const values: Record<string, IntakeAnswer> = { ...(raw as Record<string, IntakeAnswer>) };
  for (const q of questions.filter((q) => q.kind === 'file')) {
    values[q.id] = answerFiles
      .filter((_, i) => fileQuestions[i] === q.id)
      .map((f) => f.originalName);
  }
  const result = intakeAnswersSchema(questions).safeParse(values);
  if (!result.success) {
    const details = result.error.issues.map((issue) => ({
      path: `answers.${String(issue.path[0] ?? '')}`,
      message: issue.message,
    }));
    throw badRequest(details[0]?.message ?? 'Please check your answers', details);
  }
  return { values: cleanAnswers(questions, values), fileQuestions: fileQuestions as string[] };
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Answers as stored: text trimmed, links with their scheme, empty ones left out. */
function cleanAnswers(questions: IntakeQuestion[], values: Record<string, IntakeAnswer>) {
  const clean: Record<string, IntakeAnswer> = {};
  for (const q of questions) {
    let v = values[q.id];
    if (typeof v === 'string') v = q.kind === 'link' ? normaliseLink(v) : v.trim();
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    clean[q.id] = v;
  }
  return clean;
}

/** The answers as plain text, for the team's email. */
export function answersText(questions: IntakeQuestion[], values: Record<string, IntakeAnswer>) {
  return questions.map((q) => `${q.label}: ${answerText(values[q.id])}`).join('\n');
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
