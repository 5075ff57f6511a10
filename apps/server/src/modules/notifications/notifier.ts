import type { FastifyBaseLogger } from 'fastify';
import { companyCan, companyPermissionOfKind, companyRoles } from '@noise/shared/company';
import {
  batchedNotificationKinds,
  customerNotificationKinds,
  notificationKindLabels,
  staffNotificationKinds,
  type CustomerNotificationKind,
  type NotificationKind,
} from '@noise/shared/notifications';
import { isStaffRole } from '@noise/shared/roles';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AfterAnswer } from '../../lib/after-answer.ts';
import { unsubscribeUrl } from '../../lib/unsubscribe-link.ts';
import type { Repositories } from '../../repositories.ts';
import { notificationCopy } from '../emails/notifications.ts';
import { newId } from '../../lib/ids.ts';
import { emailJob } from '../jobs/email.ts';
import { queueMessageMail } from './message-mail.ts';
import type { Recipient } from './repository.ts';

export const NOTIFICATION_CHANNEL = 'noise_notifications';

export interface NotificationInput {
  kind: NotificationKind;
  title: string;
  body?: string;
  /** A path of our site, e.g. /dashboard/projects/abc. */
  link?: string;
  /** The caller mails the person itself (e.g. a quote link sent on purpose): no email copy. */
  skipEmail?: boolean;
  /**
   * The email copy's Reply-To for one recipient (a project's reply address), or null when an
   * answer by email cannot be taken; the copy then says to answer on the site.
   */
  replyTo?: (recipient: Pick<Recipient, 'id' | 'replyKeyVersion'>) => string | null;
  /** The project it is about: its message emails are batched (message-mail.ts). */
  projectId?: string;
  /** Or the general question it is about: batched the same way. */
  questionId?: string;
}

/** What the event stream tells of a general question that changed (a message, a new assignee). */
export interface QuestionChange {
  questionId: string;
  userIds: string[];
}

/** What the event stream tells of a project that changed (a message, an update, a brief). */
export interface ProjectChange {
  projectId: string;
  userIds: string[];
}

/** The kinds a role receives (and may switch email copies of). */
export function kindsFor(role: string): readonly NotificationKind[] {
  return isStaffRole(role) ? staffNotificationKinds : customerNotificationKinds;
}

/**
 * Stores notifications and queues their email copies (unless the user turned that kind off);
 * the database tells every server process through NOTIFY (migration 0057), so a bell open on any
 * of them updates.
 */
export function createNotifier(deps: {
  repos: Repositories;
  /** For NOTIFY only: the rows go through `repos`. */
  database: Pick<Database, 'notify'>;
  config: Config;
  log: FastifyBaseLogger;
  afterAnswer: AfterAnswer;
}) {
  const repo = deps.repos.notifications;

  function send(userIds: readonly string[], input: NotificationInput) {
    return deliver(() => repo.recipients([...new Set(userIds)]), input);
  }

  async function deliver(find: () => Promise<Recipient[]>, input: NotificationInput) {
    const recipients = (await find()).filter((r) => kindsFor(r.role).includes(input.kind));
    if (recipients.length === 0) return;
    const mailed = recipients.filter(
      (r) => !input.skipEmail && !r.emailOptOut.includes(input.kind),
    );
    const rows = recipients.map((r) => ({
      id: newId(),
      userId: r.id,
      kind: input.kind,
      title: input.title,
      body: input.body ?? '',
      link: input.link ?? '',
      projectId: input.projectId ?? null,
      questionId: input.questionId ?? null,
    }));
    const thread = input.projectId
      ? { projectId: input.projectId }
      : input.questionId
        ? { questionId: input.questionId }
        : null;
    if (mailed.length > 0 && thread && batchedNotificationKinds.includes(input.kind)) {
      // A message's copy waits for the next ones to make one digest (message-mail.ts): its job
      // is looked for and added in the rows' transaction.
      await deps.repos.transaction(async (r) => {
        const written = await r.notifications.insertMany(rows);
        for (const row of written) {
          const recipient = mailed.find((m) => m.id === row.userId);
          if (!recipient) continue;
          const replyTo = input.replyTo?.(recipient) ?? undefined;
          await queueMessageMail(
            r.jobs,
            {
              userId: recipient.id,
              ...thread,
              to: recipient.email,
              ...(replyTo ? { replyTo } : {}),
              since: row.createdAt.toISOString(),
            },
            row.id,
            deps.config.messageMailDelayMs,
          );
        }
      });
    } else {
      // The rows and their email copies are one statement, with no transaction around it.
      const mail = rows.flatMap((row, i) => {
        const recipient = recipients[i]!;
        if (!mailed.includes(recipient)) return [];
        const replyTo = input.replyTo?.(recipient) ?? undefined;
        const copy = {
          to: recipient.email,
          ...notificationCopy({
            companyName: deps.config.companyName,
            publicUrl: deps.config.publicUrl,
            title: input.title,
            body: input.body ?? '',
            link: input.link ?? '',
            answer: !input.replyTo ? null : replyTo ? 'reply' : 'website',
            kindLabel: notificationKindLabels[input.kind],
          }),
          unsubscribeUrl: unsubscribeUrl(deps.config, recipient.id, input.kind),
          ...(replyTo ? { replyTo } : {}),
        };
        return [emailJob(copy, `notification:${row.id}`)];
      });
      await repo.insertWithJobs(rows, mail);
    }
    // Every process's open bells hear of the rows from the database itself, when they commit
    // (migration 0057): no statement of ours.
  }

  /**
   * Never lets a notification failure break the action that caused it; the action's answer does
   * not wait for it, and shutdown does.
   */
  const quietly = (kind: NotificationKind, work: () => Promise<void>) =>
    deps.afterAnswer.run(`notification ${kind}`, work);

  return {
    send,
    sendQuietly(userIds: readonly string[], input: NotificationInput): Promise<void> {
      return quietly(input.kind, () => send(userIds, input));
    },
    /** The same, to people the caller has read already (their id, email, role and settings). */
    sendQuietlyTo(recipients: readonly Recipient[], input: NotificationInput): Promise<void> {
      return quietly(input.kind, () => deliver(async () => [...recipients], input));
    },
    /**
     * Tells a project's client: the people of its company whose role covers the kind
     * (docs/product.md#client-companies: Billing hears of payments, not of messages), or the
     * person who ordered when the project has no company.
     */
    toCustomer(
      project: { id: string; userId: string },
      input: NotificationInput & { kind: CustomerNotificationKind },
    ): Promise<void> {
      const permission = companyPermissionOfKind[input.kind];
      const roles = companyRoles.filter((role) => permission && companyCan(role, permission));
      return quietly(input.kind, () =>
        deliver(async () => {
          const people = await repo.customersOf(project.id, roles);
          return people.length > 0 ? people : repo.recipients([project.userId]);
        }, input),
      );
    },
    /**
     * Tells a client company's people whose role covers the kind: a general question's
     * (docs/product.md#ask-us-anything), which belongs to the company, not to one order.
     */
    toCompany(
      companyId: string,
      input: NotificationInput & { kind: CustomerNotificationKind },
    ): Promise<void> {
      const permission = companyPermissionOfKind[input.kind];
      const roles = companyRoles.filter((role) => permission && companyCan(role, permission));
      return quietly(input.kind, () =>
        deliver(() => repo.peopleOfCompany(companyId, roles), input),
      );
    },
    /**
     * Tells the team: admins and super-admins, and the project's co-ordinator when there is one.
     * Co-ordinators hear only of their own projects (docs/decisions/056).
     */
    toStaff(input: NotificationInput, project?: { coordinatorId: string | null }): Promise<void> {
      return quietly(input.kind, () =>
        deliver(() => repo.teamOf(project?.coordinatorId ?? null), input),
      );
    },
    /**
     * Tells the pages open on a project, on every process, that it changed: its customer's
     * (unless only the team can see the change, a note) and the team's. Nothing is stored.
     */
    projectChanged(
      project: { id: string; userId: string; coordinatorId: string | null },
      options: { customerSees: boolean },
    ): Promise<void> {
      return deps.afterAnswer.run('project change', async () => {
        const staff = (await repo.teamOf(project.coordinatorId)).map((r) => r.id);
        const customers = options.customerSees
          ? [project.userId, ...(await repo.customersOf(project.id, companyRoles)).map((r) => r.id)]
          : [];
        const change: ProjectChange = {
          projectId: project.id,
          userIds: [...new Set([...customers, ...staff])],
        };
        await deps.database
          .notify(NOTIFICATION_CHANNEL, JSON.stringify(change))
          .catch((err: unknown) => deps.log.warn({ err }, 'project change broadcast failed'));
      });
    },
    /**
     * Tells the pages open on a general question that it changed: its company's people who may
     * read messages (unless only the team can see the change, a note) and the team's.
     */
    questionChanged(
      question: { id: string; companyId: string; assigneeId: string | null },
      options: { customerSees: boolean },
    ): Promise<void> {
      return deps.afterAnswer.run('question change', async () => {
        const staff = (await repo.teamOf(question.assigneeId)).map((r) => r.id);
        const readers = companyRoles.filter((role) => companyCan(role, 'work'));
        const customers = options.customerSees
          ? (await repo.peopleOfCompany(question.companyId, readers)).map((r) => r.id)
          : [];
        const change: QuestionChange = {
          questionId: question.id,
          userIds: [...new Set([...customers, ...staff])],
        };
        await deps.database
          .notify(NOTIFICATION_CHANNEL, JSON.stringify(change))
          .catch((err: unknown) => deps.log.warn({ err }, 'question change broadcast failed'));
      });
    },
  };
}
export type Notifier = ReturnType<typeof createNotifier>;
