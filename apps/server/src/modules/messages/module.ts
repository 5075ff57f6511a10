import type { AppModule } from '../../app-module.ts';
import { registerInboundMail } from '../inbound-mail/register.ts';
import { REPLY_ADDRESS_TTL_MS } from '../inbound-mail/reply-address.ts';
import { createQuestionRepository } from './question-repository.ts';
import { registerQuestionRoutes } from './question-routes.ts';
import type { QuestionDeps } from './question-thread.ts';
import { emailReplyPage, emailReplyPoster } from './reply-by-email.ts';
import { createMessageRepository } from './repository.ts';
import { registerMessageRoutes } from './routes.ts';
import { messagesEmails } from './emails.ts';

const repositories = { messages: createMessageRepository, questions: createQuestionRepository };

/**
 * Project threads with their deliverables, general questions, and replies to their emails (the
 * inbound-mail folder, registered here: the replies it takes are posted to these threads). Tells
 * the other modules of an approved deliverable (`ctx.projectEvents`, 'deliverable-approved').
 */
export const messagesModule: AppModule<typeof repositories> = {
  name: 'messages',
  emails: messagesEmails,
  sends: {
    webhookEvents: ['message.created', 'deliverable.approved', 'deliverable.changes_requested'],
    notifications: ['new-message', 'customer-message', 'deliverable-review', 'project-assigned'],
    auditActions: ['deliverable.approved', 'deliverable.changes_requested'],
  },
  repositories,
  routes(app, ctx) {
    const { repos, config } = ctx;
    const threadDeps: QuestionDeps = {
      companies: repos.companies,
      messages: repos.messages,
      questions: repos.questions,
      projects: repos.projects,
      users: repos.users,
      notifier: ctx.notifier,
      audit: repos.audit,
      files: ctx.files,
      projectEvents: ctx.projectEvents,
      // Read when a message is sent: the reply addresses exist once inbound mail is registered.
      replyAddress: (thread, person) =>
        app.replyAddresses?.address(
          { ...thread, userId: person.id },
          new Date(Date.now() + REPLY_ADDRESS_TTL_MS),
          person.replyKeyVersion,
        ) ?? null,
    };
    registerMessageRoutes(app, { ...threadDeps, config });
    registerQuestionRoutes(app, { ...threadDeps, config });
    registerInboundMail(app, config, {
      personOf: async (userId) => {
        const user = await repos.users.findById(userId);
        return user && { email: user.email, replyKey: user.replyKeyVersion };
      },
      post: emailReplyPoster({ ...threadDeps, limits: config.uploadLimits, log: ctx.log }),
      pageOf: emailReplyPage(threadDeps),
      jobs: repos.jobs,
      rateCounters: ctx.rateCounters,
      resolver: ctx.options.mailResolver,
    });
  },
};
