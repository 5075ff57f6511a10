import type { AppModule } from '../../app-module.ts';
import { renderSignedProposal } from './answer-proposal.ts';
import { createQuoteRepository } from './repository.ts';
import { registerQuoteRoutes } from './routes.ts';
import { quotesEmails } from './emails.ts';

const repositories = { quotes: createQuoteRepository };

/** Custom quotes and their proposals (docs/decisions/077); the signed proposal goes with mail. */
export const quotesModule: AppModule<typeof repositories> = {
  name: 'quotes',
  emails: quotesEmails,
  sends: {
    notifications: ['quote-link', 'proposal-answered'],
    auditActions: [
      'quote.acceptance_recorded',
      'quote.created',
      'quote.deleted',
      'quote.extended',
      'quote.price_changed',
      'quote.sent',
      'quote.updated',
    ],
  },
  repositories,
  routes(app, { repos, config }) {
    const { quotes, users, audit } = repos;
    registerQuoteRoutes(app, { repos, config, quotes, users, audit });
  },
  attachments(_app, { repos, config }) {
    return {
      renderSignedProposal: (quoteId) =>
        renderSignedProposal(repos, { businessTimeZone: config.businessTimeZone }, quoteId),
    };
  },
};
