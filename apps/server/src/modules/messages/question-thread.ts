import {
  EMPTY_MESSAGE,
  MESSAGE_TEXT_MAX,
  THREAD_PAGE_SIZE,
  type Message,
  type ThreadPageQuery,
} from '@noise/shared/messages';
import {
  CLOSED_QUESTION,
  EMPTY_QUESTION,
  subjectOf,
  type Question,
  type QuestionStatus,
  type QuestionSummary,
  type UpdateQuestionRequest,
} from '@noise/shared/questions';
import { isStaffRole } from '@noise/shared/roles';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assignedScope } from '../projects/visibility.ts';
import type {
  QuestionListRow,
  QuestionRepository,
  QuestionWithNames,
} from './question-repository.ts';
import { isTeam, nameOf, toMessageDto, type Caller, type ThreadDeps } from './thread.ts';

/**
 * 'Ask us anything' (docs/product.md#ask-us-anything, docs/decisions/083-general-questions.md):
 * a conversation of a client company with the team that belongs to no order. It works as a
 * project's thread (files, team-only notes, bells and email copies, reply by email, live
 * updates); it belongs to the company, lands in the team's Inbox marked 'General', is assigned
 * to one team member and may become a proposal.
 */
export interface QuestionDeps extends ThreadDeps {
  questions: QuestionRepository;
}

interface NewFile {
  key: string;
  originalName: string;
  contentType: string;
  size: number;
}

export const QUESTION_LIST_LIMIT = 100;
const NOT_FOUND = 'Question not found';
const filesPath = (questionId: string) => `/api/questions/${questionId}/messages/attachments`;
/** Where each side opens a question. */
export const customerQuestionLink = (id: string) => `/dashboard/questions/${id}`;
export const staffQuestionLink = (id: string) => `/wkm-dashboard/inbox/questions/${id}`;

const excerptOf = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 3)}…` : text;

/**
 * Who may see a question: the team (a co-ordinator only the ones assigned to them, as with
 * projects: decision 056) and the people of its company. Anyone else gets 404: ids reveal nothing.
 */
function canSeeQuestion(
  caller: Caller,
  question: { companyId: string; assigneeId: string | null },
) {
  if (isTeam(caller)) {
    const scope = assignedScope(caller);
    return scope === null || question.assigneeId === scope;
  }
  return Boolean(caller.companyId) && question.companyId === caller.companyId;
}

/** The question if the caller may see it; 404 for anyone else. */
export async function openQuestion(
  deps: Pick<QuestionDeps, 'questions'>,
  caller: Caller,
  id: string,
) {
  const question = await deps.questions.find(id);
  if (!question || !canSeeQuestion(caller, question)) throw notFound(NOT_FOUND);
  return question;
}

function toSummary(row: QuestionListRow): QuestionSummary {
  const at = (value: string | Date) => new Date(value).toISOString();
  return {
    _id: row.id,
    subject: row.subject,
    status: row.status,
    askedBy: row.created_by_name,
    companyName: row.company_name,
    assignee:
      row.assignee_id && row.assignee_name
        ? { _id: row.assignee_id, name: row.assignee_name }
        : null,
    lastMessage:
      row.last_at && row.last_side
        ? {
            excerpt: excerptOf(row.last_text || 'Sent a file.', 140),
            createdAt: at(row.last_at),
            side: row.last_side,
          }
        : null,
    unread: Number(row.unread),
    createdAt: at(row.created_at),
  };
}

/**
 * The questions the caller reads: a customer's company's, or, for the team, every question (a
 * co-ordinator's: those assigned to them), of one status when asked.
 */
export async function listQuestions(
  deps: Pick<QuestionDeps, 'questions'>,
  caller: Caller,
  status?: QuestionStatus,
): Promise<QuestionSummary[]> {
  const team = isTeam(caller);
  if (!team && !caller.companyId) return [];
  const rows = await deps.questions.list(
    { userId: caller.id, team },
    team
      ? { assignedTo: assignedScope(caller), ...(status ? { status } : {}) }
      : { companyId: caller.companyId!, ...(status ? { status } : {}) },
    QUESTION_LIST_LIMIT,
  );
  return rows.map(toSummary);
}

/** The question and its thread as the caller may read them (notes for the team only). */
export async function readQuestion(
  deps: QuestionDeps,
  caller: Caller,
  question: QuestionWithNames,
  page: ThreadPageQuery = { limit: THREAD_PAGE_SIZE },
): Promise<Question> {
  const team = isTeam(caller);
  const [summary] = await deps.questions.list({ userId: caller.id, team }, { id: question.id }, 1);
  const { messages, files, photos, olderAt } = await deps.messages.listThread(
    { questionId: question.id },
    {
      withInternal: team,
      before: page.before ? decodeCursor(page.before) : undefined,
      limit: page.limit,
    },
  );
  // The customer hears of the proposal when it is sent to them, not while staff draft it.
  const quoteShown = question.quoteId && question.quoteName && (team || question.quoteSentAt);
  return {
    ...(summary
      ? toSummary(summary)
      : toSummary({
          id: question.id,
          subject: question.subject,
          status: question.status,
          created_by_name: question.createdByName,
          company_name: question.companyName,
          assignee_id: question.assigneeId,
          assignee_name: question.assigneeName,
          last_text: null,
          last_side: null,
          last_at: null,
          unread: 0,
          created_at: question.createdAt,
        })),
    askedById: question.createdById,
    askedByEmail: question.askedByEmail,
    messages: messages.map((m) =>
      toMessageDto(filesPath(question.id), m, files, undefined, photos),
    ),
    olderCursor: olderAt ? encodeCursor(olderAt.createdAt, olderAt.id) : null,
    quote: quoteShown ? { _id: question.quoteId!, name: question.quoteName! } : null,
    closedReason: question.status === 'closed' ? CLOSED_QUESTION : null,
  };
}

function checkText(text: string, files: NewFile[], empty: string) {
  if (!text && files.length === 0) throw badRequest(empty, [{ path: 'text', message: empty }]);
  if (text.length > MESSAGE_TEXT_MAX) {
    throw badRequest(
      `A message can be at most ${MESSAGE_TEXT_MAX.toLocaleString('en-AU')} characters`,
    );
  }
}

const fileRows = (files: NewFile[]) =>
  files.map((f, i) => ({
    fileKey: f.key,
    originalName: f.originalName || `attachment-${i + 1}`,
    contentType: f.contentType,
    size: f.size,
  }));

/**
 * A customer asks: a new question of their company, with its first message and files. Only a
 * person of a company whose role reads messages asks (the route's `client:work`); the team
 * answers questions rather than asking them. Refused, with nothing saved, when there is no text.
 */
export async function askQuestion(
  deps: QuestionDeps,
  input: { caller: Caller; text: string; via?: 'web' | 'email'; files: NewFile[] },
): Promise<Question> {
  const { caller, files } = input;
  if (isTeam(caller) || isStaffRole(caller.role)) {
    throw forbidden('Questions are asked by customers: answer them from the Inbox');
  }
  if (!caller.companyId) throw forbidden('Your account belongs to no company');
  const text = input.text.replace(/\r\n?/g, '\n').trim();
  // A question needs words: files alone say nothing to list it by.
  if (!text) throw badRequest(EMPTY_QUESTION, [{ path: 'text', message: EMPTY_QUESTION }]);
  checkText(text, files, EMPTY_QUESTION);
  const authorName = await nameOf(deps, caller.id);
  const saved = await deps.questions.ask(
    {
      companyId: caller.companyId,
      subject: subjectOf(text),
      createdById: caller.id,
      createdByName: authorName,
    },
    {
      authorId: caller.id,
      authorName,
      side: 'customer',
      text,
      internal: false,
      via: input.via ?? 'web',
    },
    fileRows(files),
  );
  const question = await openQuestion(deps, caller, saved.question.id);
  tellOtherSide(deps, { question, team: false, authorName, text, isNew: true });
  void deps.notifier.questionChanged(question, { customerSees: true });
  return readQuestion(deps, caller, question);
}

/** The bells and email copies of a message on a question (notes tell nobody). */
function tellOtherSide(
  deps: QuestionDeps,
  m: {
    question: QuestionWithNames;
    team: boolean;
    authorName: string;
    text: string;
    isNew?: boolean;
  },
) {
  const { question } = m;
  const excerpt = m.text ? excerptOf(m.text, 280) : 'Sent a file.';
  const replyTo = (person: { id: string; replyKeyVersion: number }) =>
    deps.replyAddress({ questionId: question.id }, person);
  if (m.team) {
    void deps.notifier.toCompany(question.companyId, {
      kind: 'new-message',
      title: `New answer to your question: ${question.subject}`,
      body: `${m.authorName}: ${excerpt}`,
      link: customerQuestionLink(question.id),
      replyTo,
      questionId: question.id,
    });
    return;
  }
  void deps.notifier.toStaff(
    {
      kind: 'customer-message',
      title: `${m.isNew ? 'New question' : 'Message'} from ${m.authorName} (${question.companyName}): ${question.subject}`,
      body: excerpt,
      link: staffQuestionLink(question.id),
      replyTo,
      questionId: question.id,
    },
    { coordinatorId: question.assigneeId },
  );
}

/**
 * A new message on a question, from its company or the team (by the site or a reply by email).
 * Team members may keep it to the team (`internal`). Refused, with nothing saved, when empty,
 * too long or the question is closed: the caller discards the files.
 */
export async function postQuestionMessage(
  deps: QuestionDeps,
  input: {
    caller: Caller;
    question: QuestionWithNames;
    text: string;
    internal?: boolean;
    via?: 'web' | 'email';
    files: NewFile[];
  },
): Promise<Message> {
  const { caller, question, files } = input;
  const text = input.text.replace(/\r\n?/g, '\n').trim();
  checkText(text, files, EMPTY_MESSAGE);
  if (question.status === 'closed') throw conflict(CLOSED_QUESTION);
  const team = isTeam(caller);
  if (input.internal && !team) throw badRequest('Only the team can write notes');
  const authorName = await nameOf(deps, caller.id);
  const internal = Boolean(input.internal);
  const saved = await deps.questions.add(
    question.id,
    {
      authorId: caller.id,
      authorName,
      side: team ? 'team' : 'customer',
      text,
      internal,
      via: input.via ?? 'web',
    },
    fileRows(files),
  );
  if (!internal) tellOtherSide(deps, { question, team, authorName, text });
  void deps.notifier.questionChanged(question, { customerSees: !internal });
  return toMessageDto(filesPath(question.id), saved.message, saved.files, undefined);
}

/** Opening the thread reads it. */
export async function markQuestionRead(
  deps: QuestionDeps,
  caller: Caller,
  question: QuestionWithNames,
) {
  await deps.questions.markRead(caller.id, question.id);
}

/** A message file of the question; 404 otherwise (a note's, to a customer). */
export async function openQuestionFile(
  deps: QuestionDeps,
  caller: Caller,
  question: QuestionWithNames,
  attachmentId: string,
) {
  const file = await deps.questions.findFile(question.id, attachmentId, {
    withInternal: isTeam(caller),
  });
  if (!file) throw notFound('File not found');
  const stored = await deps.files.get(file.fileKey);
  if (!stored) throw notFound('File not found');
  return { file, body: stored.body };
}

const NOT_STAFF = 'Choose a team member to assign it to';

/**
 * Staff assign a question to a team member (or nobody), close or reopen it. Only an admin
 * assigns it to someone else; the new assignee hears of it as of a project assigned to them.
 */
export async function updateQuestion(
  deps: QuestionDeps,
  caller: Caller,
  question: QuestionWithNames,
  changes: UpdateQuestionRequest,
): Promise<Question> {
  const reassigned =
    changes.assigneeId !== undefined && changes.assigneeId !== question.assigneeId
      ? changes.assigneeId
      : undefined;
  if (reassigned !== undefined) {
    if (assignedScope(caller) !== null && reassigned !== caller.id) {
      throw forbidden('Only an admin can assign a question to someone else');
    }
    if (reassigned) {
      const member = await deps.users.findById(reassigned);
      if (!member || !isStaffRole(member.role)) {
        throw badRequest(NOT_STAFF, [{ path: 'assigneeId', message: NOT_STAFF }]);
      }
    }
  }
  const set = {
    ...(reassigned !== undefined ? { assigneeId: reassigned } : {}),
    ...(changes.status && changes.status !== question.status ? { status: changes.status } : {}),
  };
  // Nothing asked, or nothing different: the question as it is.
  if (Object.keys(set).length === 0) return readQuestion(deps, caller, question);
  const updated = await deps.questions.update(question.id, set);
  if (!updated) throw notFound(NOT_FOUND);
  const actorName = await nameOf(deps, caller.id);
  if (reassigned !== undefined || (changes.status && changes.status !== question.status)) {
    const said = [
      ...(reassigned !== undefined
        ? [
            `assigned to ${reassigned ? (await nameOf(deps, reassigned)) || 'a team member' : 'nobody'}`,
          ]
        : []),
      ...(changes.status && changes.status !== question.status
        ? [changes.status === 'closed' ? 'closed' : 'reopened']
        : []),
    ];
    await deps.audit.record({
      actorId: caller.id,
      ip: caller.ip ?? '',
      apiKey: caller.apiKey ?? null,
      actorName,
      action: reassigned !== undefined ? 'question.assigned' : 'question.status_changed',
      entityType: 'question',
      entityId: question.id,
      subjectUserId: question.createdById,
      summary: `Question "${question.subject}" ${said.join(' and ')}`,
      data: { assigneeId: updated.assigneeId, status: updated.status },
    });
  }
  if (reassigned && reassigned !== caller.id) {
    void deps.notifier.sendQuietly([reassigned], {
      kind: 'project-assigned',
      title: `Assigned to you: a question from ${question.companyName}`,
      body: `${actorName} assigned "${question.subject}" to you.`,
      link: staffQuestionLink(question.id),
    });
  }
  const fresh = await deps.questions.find(question.id);
  if (!fresh) throw notFound(NOT_FOUND);
  void deps.notifier.questionChanged(fresh, { customerSees: true });
  // The one it was taken from: their open page finds it gone.
  if (reassigned !== undefined)
    void deps.notifier.questionChanged(question, { customerSees: false });
  return readQuestion(deps, caller, fresh);
}
