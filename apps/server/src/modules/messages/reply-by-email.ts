import { companyCan } from '@noise/shared/company';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ATTACHMENT_KINDS, ATTACHMENT_TYPES_TEXT } from '@noise/shared/attachments';
import { orderName } from '@noise/shared/project';
import { isStaffRole } from '@noise/shared/roles';
import { AppError } from '../../lib/errors.ts';
import { saveUpload, type SavedUpload, type UploadLimits } from '../../lib/uploads.ts';
import type { PostReply } from '../inbound-mail/receive-reply.ts';
import type { ReplyTarget } from '../inbound-mail/reply-address.ts';
import {
  customerQuestionLink,
  openQuestion,
  postQuestionMessage,
  staffQuestionLink,
  type QuestionDeps,
} from './question-thread.ts';
import { openProject, postMessage, staffLink } from './thread.ts';

/**
 * Puts a reply by email in its project's (or general question's) thread as its author's message: the same checks as a
 * message sent on the site (the project still theirs to see, not closed, the text's length), and
 * its files through the same content checks. A file the site would refuse (a program, a web
 * page, a file over the size limit) is left out and named at the end of the message, so nobody
 * wonders where it went.
 */
export function emailReplyPoster(
  deps: QuestionDeps & { limits: UploadLimits; log: FastifyBaseLogger },
): PostReply {
  return async ({ userId, text, attachments, ...thread }) => {
    const user = await deps.users.findById(userId);
    if (!user) throw new AppError('not_found', 404, 'The person this reply is from is gone');
    const membership = await deps.companies.membershipOf(user.id);
    // The same rule as the site's: a role without project work (Billing) posts no messages.
    if (membership && !companyCan(membership.role, 'work')) {
      throw new AppError('forbidden', 403, 'Your role in your company does not include messages');
    }
    const caller = { id: user.id, role: user.role, companyId: membership?.companyId ?? null };
    // A general question's reply follows the same rules: its company's people and the team.
    const target =
      'questionId' in thread
        ? {
            kind: 'question' as const,
            question: await openQuestion(deps, caller, thread.questionId),
          }
        : { kind: 'project' as const, project: await openProject(deps, caller, thread.projectId) };
    const stored: SavedUpload[] = [];
    const left: string[] = [];
    try {
      for (const file of attachments) {
        try {
          stored.push(
            await saveUpload({
              store: deps.files,
              stream: Readable.from(file.content),
              originalName: file.filename,
              accept: ATTACHMENT_KINDS,
              limits: deps.limits,
              field: 'attachments',
              private: true,
            }),
          );
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          left.push(file.filename);
        }
      }
      const note = left.length
        ? `\n\n(Not attached: ${left.join(', ')}. Send ${ATTACHMENT_TYPES_TEXT}, or add files on the website.)`
        : '';
      const message = { caller, text: `${text}${note}`, via: 'email' as const, files: stored };
      if (target.kind === 'question') {
        await postQuestionMessage(deps, { ...message, question: target.question });
      } else {
        await postMessage(deps, { ...message, project: target.project });
      }
    } catch (error) {
      await Promise.all(stored.map((f) => deps.files.delete(f.key)));
      throw error;
    }
  };
}

/**
 * The project a refused reply was about, as the notice to its person names it, and its page on
 * the site for them (the team's sale page, or the customer's project page).
 */
export function emailReplyPage(deps: Pick<QuestionDeps, 'projects' | 'users' | 'questions'>) {
  return async (target: ReplyTarget) => {
    if ('questionId' in target) {
      const [question, user] = await Promise.all([
        deps.questions.find(target.questionId),
        deps.users.findById(target.userId),
      ]);
      if (!question || !user) return undefined;
      return {
        title: `your question: ${question.subject}`,
        path: isStaffRole(user.role)
          ? staffQuestionLink(question.id)
          : customerQuestionLink(question.id),
      };
    }
    const [project, user] = await Promise.all([
      deps.projects.findById(target.projectId),
      deps.users.findById(target.userId),
    ]);
    if (!project || !user) return undefined;
    return {
      title: `${orderName(project.orderNumber)}: ${project.serviceTitle}`,
      path: isStaffRole(user.role)
        ? staffLink(project, 'messages')
        : `/dashboard/projects/${project.id}#messages`,
    };
  };
}
