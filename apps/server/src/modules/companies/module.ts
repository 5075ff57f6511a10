import { fullNameOf } from '@noise/shared/display-name';
import type { AppModule } from '../../app-module.ts';
import { createCompanyRepository } from './repository.ts';
import { registerCompanyRoutes } from './routes.ts';
import { companiesEmails } from './emails.ts';

const repositories = { companies: createCompanyRepository };

/** Client companies: their teams, invitations and roles (docs/decisions/074). */
export const companiesModule: AppModule<typeof repositories> = {
  name: 'companies',
  emails: companiesEmails,
  sends: {
    notifications: ['new-customer'],
    auditActions: [
      'company.invitation_resent',
      'company.invitation_sent',
      'company.invitation_withdrawn',
      'company.member_joined',
      'company.member_removed',
      'company.renamed',
      'company.role_changed',
    ],
  },
  repositories,
  routes(app, ctx) {
    const { repos, config, notifier } = ctx;
    registerCompanyRoutes(app, {
      repos,
      config,
      companies: repos.companies,
      users: repos.users,
      audit: repos.audit,
      rateCounters: ctx.rateCounters,
      authRateLimit: config.authRateLimitPerMinute,
      signIn: ctx.accounts.signIn,
      proveMailbox: ctx.accounts.proveMailbox,
      joined: (user, companyName) => {
        const name = fullNameOf(user) || user.email;
        void notifier.toStaff({
          kind: 'new-customer',
          title: `New customer: ${name}`,
          body: `${name} (${user.email}) joined ${companyName}.`,
          link: `/wkm-dashboard/customers/edit/${user.id}`,
        });
      },
    });
  },
};
