import type { Db } from './db/client.ts';
import { createApiKeyRepository } from './modules/api-keys/repository.ts';
import { createAuditRepository } from './modules/audit/repository.ts';
import { createBillRepository } from './modules/bills/repository.ts';
import { createBusinessDetailsRepository } from './modules/business-details/repository.ts';
import { createPasswordResetRepository } from './modules/auth/password-reset-repository.ts';
import { createSessionRepository } from './modules/auth/session-repository.ts';
import { createTwoFactorRepository } from './modules/auth/two-factor-repository.ts';
import { createCatalogueManageRepository } from './modules/catalogue/manage-repository.ts';
import { createClientActionRepository } from './modules/client-actions/repository.ts';
import { createCatalogueRepository } from './modules/catalogue/repository.ts';
import { createCompanyRepository } from './modules/companies/repository.ts';
import { createCompanyPageRepository } from './modules/company-pages/repository.ts';
import { createCustomerRepository } from './modules/customers/repository.ts';
import { createDiscountRepository } from './modules/discounts/repository.ts';
import { createEmailVerificationRepository } from './modules/auth/email-verification-repository.ts';
import { createFileRepository } from './modules/files/repository.ts';
import { createInvoiceRepository } from './modules/invoices/repository.ts';
import { createJobRepository } from './modules/jobs/repository.ts';
import { createQuestionRepository } from './modules/messages/question-repository.ts';
import { createMessageRepository } from './modules/messages/repository.ts';
import { createWorkRepository } from './modules/my-work/repository.ts';
import { createNotificationRepository } from './modules/notifications/repository.ts';
import { createOAuthRepository } from './modules/oauth/repository.ts';
import { createOverviewRepository } from './modules/overview/repository.ts';
import { createOrderSources } from './modules/payments/order-sources-repository.ts';
import { createSandboxRepository } from './modules/payments/providers/sandbox-repository.ts';
import { createRefundRepository } from './modules/payments/refund-repository.ts';
import { createPaymentRepository } from './modules/payments/repository.ts';
import { createBriefRepository } from './modules/projects/brief-repository.ts';
import { createProjectRepository } from './modules/projects/repository.ts';
import { createQuoteRepository } from './modules/quotes/repository.ts';
import { createReportRepository } from './modules/reports/repository.ts';
import { createRequestRepository } from './modules/requests/repository.ts';
import { createSalesRollupRepository } from './modules/sales-rollups/repository.ts';
import { createUserRepository } from './modules/users/repository.ts';
import { createWebhookRepository } from './modules/webhooks/repository.ts';

/** Every module's repository on one handle: the database, or a transaction of it. */
function createRepositorySet(db: Db) {
  return {
    apiKeys: createApiKeyRepository(db),
    audit: createAuditRepository(db),
    bills: createBillRepository(db),
    briefs: createBriefRepository(db),
    businessDetails: createBusinessDetailsRepository(db),
    catalogue: createCatalogueRepository(db),
    catalogueManage: createCatalogueManageRepository(db),
    clientActions: createClientActionRepository(db),
    companies: createCompanyRepository(db),
    companyPages: createCompanyPageRepository(db),
    customers: createCustomerRepository(db),
    discounts: createDiscountRepository(db),
    emailVerifications: createEmailVerificationRepository(db),
    files: createFileRepository(db),
    invoices: createInvoiceRepository(db),
    jobs: createJobRepository(db),
    messages: createMessageRepository(db),
    notifications: createNotificationRepository(db),
    oauth: createOAuthRepository(db),
    orderSources: createOrderSources(db),
    overview: createOverviewRepository(db),
    passwordResets: createPasswordResetRepository(db),
    payments: createPaymentRepository(db),
    projects: createProjectRepository(db),
    questions: createQuestionRepository(db),
    quotes: createQuoteRepository(db),
    refunds: createRefundRepository(db),
    reports: createReportRepository(db),
    requests: createRequestRepository(db),
    salesRollups: createSalesRollupRepository(db),
    /** The offline payment provider's own records (providers/sandbox.ts). */
    sandbox: createSandboxRepository(db),
    sessions: createSessionRepository(db),
    twoFactor: createTwoFactorRepository(db),
    users: createUserRepository(db),
    webhooks: createWebhookRepository(db),
    work: createWorkRepository(db),
  };
}

export interface Repositories extends ReturnType<typeof createRepositorySet> {
  /**
   * Runs `work` in one transaction with every repository bound to it: what it does is saved
   * together or not at all (docs/decisions/076). Inside, `work` uses the repositories it is
   * given, never the outer ones.
   */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}

/**
 * The app's repositories, made once by app.ts and handed to every route registration and module
 * function in its deps (docs/decisions/076). Making them is cheap (plain objects of closures), so
 * a transaction makes its own set.
 */
export function createRepositories(db: Db): Repositories {
  return {
    ...createRepositorySet(db),
    transaction: (work) => db.transaction((tx) => work(createRepositories(tx))),
  };
}
