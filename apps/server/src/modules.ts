import { apiKeysModule } from './modules/api-keys/module.ts';
import { auditModule } from './modules/audit/module.ts';
import { authModule } from './modules/auth/module.ts';
import { billingModule } from './modules/billing/module.ts';
import { billsModule } from './modules/bills/module.ts';
import { businessDetailsModule } from './modules/business-details/module.ts';
import { catalogueModule } from './modules/catalogue/module.ts';
import { clientActionsModule } from './modules/client-actions/module.ts';
import { companiesModule } from './modules/companies/module.ts';
import { companyPagesModule } from './modules/company-pages/module.ts';
import { customersModule } from './modules/customers/module.ts';
import { discountsModule } from './modules/discounts/module.ts';
import { emailsModule } from './modules/emails/module.ts';
import { filesModule } from './modules/files/module.ts';
import { healthModule } from './modules/health/module.ts';
import { invoicesModule } from './modules/invoices/module.ts';
import { jobsModule } from './modules/jobs/module.ts';
import { messagesModule } from './modules/messages/module.ts';
import { myWorkModule } from './modules/my-work/module.ts';
import { notificationsModule } from './modules/notifications/module.ts';
import { oauthModule } from './modules/oauth/module.ts';
import { overviewModule } from './modules/overview/module.ts';
import { cardsModule, paymentsModule } from './modules/payments/module.ts';
import { projectsModule } from './modules/projects/module.ts';
import { quotesModule } from './modules/quotes/module.ts';
import { reportsModule } from './modules/reports/module.ts';
import { requestsModule } from './modules/requests/module.ts';
import { salesRollupsModule } from './modules/sales-rollups/module.ts';
import { seoModule } from './modules/seo/module.ts';
import { siteUsersModule } from './modules/site-users/module.ts';
import { usersModule } from './modules/users/module.ts';
import { webhooksModule } from './modules/webhooks/module.ts';

/**
 * Every server module, once (docs/architecture.md#adding-a-module). The app is made of this list
 * alone: `repositories.ts` makes each module's repositories, `app.ts` registers their routes in
 * this order, `background.ts` runs their jobs, and their project-event handlers are subscribed in
 * this order.
 *
 * The order is the routes' order, which the API document keeps (docs/openapi.json lists paths
 * as they were registered), and what a module reads from one before it: the checkout
 * (`payments`) before `bills`, which pays through it. A module without routes may go anywhere;
 * they come first. A new module goes at the end, unless it needs to be before another.
 */
export const appModules = [
  // No routes: the jobs table and the mail job, the day rollups, the tax invoices' queries.
  jobsModule,
  salesRollupsModule,
  invoicesModule,
  healthModule,
  // Before every module that reads the settings in force in its `provides` (auth, notifications).
  businessDetailsModule,
  authModule,
  usersModule,
  cardsModule,
  customersModule,
  oauthModule,
  notificationsModule,
  clientActionsModule,
  billingModule,
  requestsModule,
  companiesModule,
  siteUsersModule,
  catalogueModule,
  overviewModule,
  companyPagesModule,
  seoModule,
  filesModule,
  paymentsModule,
  billsModule,
  projectsModule,
  messagesModule,
  myWorkModule,
  quotesModule,
  discountsModule,
  reportsModule,
  webhooksModule,
  emailsModule,
  apiKeysModule,
  auditModule,
] as const;
