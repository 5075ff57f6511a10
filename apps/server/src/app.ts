import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DNSResolver } from 'mailauth';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { legalPageSlugs } from '@noise/shared/company-pages';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createAfterAnswer, type AfterAnswer } from './lib/after-answer.ts';
import { emailBrandOf } from './lib/email-html.ts';
import { createEmailRenderer } from './lib/email-render-pool.ts';
import { createRateCounters, rateLimitStore } from './lib/rate-counter-repository.ts';
import { strictDeep } from './lib/strict-body.ts';
import { AppError } from './lib/errors.ts';
import { createSecretBox } from './lib/secrets.ts';
import { redactPaths, requestSerializer } from './lib/log-redaction.ts';
import { createTokenSigner } from './lib/tokens.ts';
import { createRepositories } from './repositories.ts';
import { registerBackground } from './background.ts';
import { registerAuditRoutes } from './modules/audit/routes.ts';
import { createBusinessDetailsStore } from './modules/business-details/business-details.ts';
import { liveConfig } from './modules/business-details/live-config.ts';
import { registerBusinessDetailsRoutes } from './modules/business-details/routes.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { registerOAuthRoutes } from './modules/oauth/routes.ts';
import { registerCardRoutes } from './modules/payments/card-routes.ts';
import { registerGuestCheckoutRoutes } from './modules/payments/guest-routes.ts';
import { registerCheckout } from './modules/payments/register.ts';
import { registerCustomerRoutes } from './modules/customers/routes.ts';
import { createNotifier, type Notifier } from './modules/notifications/notifier.ts';
import { registerInboundMail } from './modules/inbound-mail/register.ts';
import { REPLY_ADDRESS_TTL_MS } from './modules/inbound-mail/reply-address.ts';
import { emailReplyPage, emailReplyPoster } from './modules/messages/reply-by-email.ts';
import { registerQuestionRoutes } from './modules/messages/question-routes.ts';
import type { QuestionDeps } from './modules/messages/question-thread.ts';
import { registerMessageRoutes } from './modules/messages/routes.ts';
import { registerCompanyRoutes } from './modules/companies/routes.ts';
import { registerClientActionRoutes } from './modules/client-actions/routes.ts';
import { registerBillingRoutes } from './modules/billing/routes.ts';
import { registerBillRoutes } from './modules/bills/routes.ts';
import { billingInvoiceOf } from './modules/bills/manage-bill.ts';
import { finishRequest } from './modules/requests/manage-requests.ts';
import { registerRequestRoutes } from './modules/requests/routes.ts';
import { registerFileRoutes } from './modules/files/routes.ts';
import { issueToken } from './modules/auth/sign-in.ts';
import { proveMailbox } from './modules/auth/prove-mailbox.ts';
import { fullNameOf } from '@noise/shared/display-name';
import { createLiveStreams } from './modules/notifications/live-streams.ts';
import { registerNotificationRoutes } from './modules/notifications/routes.ts';
import { registerSiteUserRoutes } from './modules/site-users/routes.ts';
import { createTwoFactor } from './modules/auth/two-factor.ts';
import { demoRoots } from './modules/catalogue/own-files.ts';
import { registerCatalogueRoutes } from './modules/catalogue/routes.ts';
import { registerCatalogueAdminRoutes } from './modules/catalogue/admin-routes.ts';
import { registerCompanyPageRoutes } from './modules/company-pages/routes.ts';
import { registerOverviewRoutes } from './modules/overview/routes.ts';
import { setupChecklist } from './modules/overview/setup-checklist.ts';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { registerSeoRoutes } from './modules/seo/routes.ts';
import { registerBriefRoutes } from './modules/projects/briefs.ts';
import { registerProjectRoutes } from './modules/projects/routes.ts';
import { registerQuoteRoutes } from './modules/quotes/routes.ts';
import { registerReportRoutes } from './modules/reports/routes.ts';
import { registerDiscountRoutes } from './modules/discounts/routes.ts';
import { orderMoneyOf, type MoneyOf } from './modules/payments/order-money-of.ts';
import { registerMyWorkRoutes } from './modules/my-work/routes.ts';
import { registerUserRoutes } from './modules/users/routes.ts';
import { registerAuth, type DeclaredRoute } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { createLocalFileStore, createS3FileStore, type FileStore } from './plugins/file-store.ts';
import { createMailer, type Mailer } from './plugins/mailer.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerQueryLog } from './plugins/query-log.ts';
import { registerUploadsRoute } from './plugins/uploads-route.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStorageGuard } from './plugins/storage-guard.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { ensureAdmin } from './seed/ensure-admin.ts';
import { seedDemo } from './seed/seed-demo.ts';
import { registerWebhookRoutes } from './modules/webhooks/routes.ts';
import { registerEmailRoutes } from './modules/emails/routes.ts';
import { registerApiKeyRoutes } from './modules/api-keys/routes.ts';

export interface BuildOptions {
  /** An already open database (tests); otherwise opened from the config. */
  database?: Database;
  /** Fastify logger: false in tests unless asked. */
  logger?: boolean;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: NodeJS.WritableStream;
  /** Create the first super-admin at start (off in tests, which make their own users). */
  ensureAdmin?: boolean;
  /** The clock of time-dependent answers (the overview's periods); tests fix it. */
  now?: () => Date;
  /** DNS lookups of replies' SPF, DKIM and DMARC records; tests give fixed records. */
  mailResolver?: DNSResolver;
  /** The event streams' heartbeat, session sweep and replay buffer; tests shorten them. */
  liveStreams?: { heartbeatMs?: number; sessionRecheckMs?: number; replayLimit?: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    declaredRoutes: DeclaredRoute[];
    database: Database;
    mailer: Mailer;
    notifier: Notifier;
    /** Work started by a request that its answer does not wait for; shutdown does. */
    afterAnswer: AfterAnswer;
    files: FileStore;
    /** The staff sign-in made on this start, printed once the server answers (main.ts). */
    adminNotice: string | undefined;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export async function buildApp(
  envConfig: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: envConfig.logLevel,
            redact: { paths: redactPaths, censor: '[redacted]' },
            serializers: { req: requestSerializer },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // A hop count trusts that many proxies nearest the server (proxy-addr's own rule for numbers).
    trustProxy: proxyTrust(envConfig.trustProxy),
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Refused requests are logged whatever this says (the security log, plugins/auth.ts).
    logController: new LogController({ disableRequestLogging: !envConfig.logRequests }),
  });
  // Bodies refuse fields their schema does not name (lib/strict-body.ts); queries stay lenient.
  app.setValidatorCompiler<z.ZodType>((route) =>
    validatorCompiler(
      route.httpPart === 'body' ? { ...route, schema: strictDeep(route.schema) } : route,
    ),
  );
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase({
      url: envConfig.databaseUrl,
      poolSize: envConfig.databasePoolSize,
      pgliteDir: path.join(envConfig.dataDir, 'pglite'),
    }));
  app.decorate('database', database);
  const afterAnswer = createAfterAnswer(app.log);
  app.decorate('afterAnswer', afterAnswer);
  app.addHook('onClose', async () => {
    // What requests did not wait for (notifications, the provider's default card) is finished
    // before the pool closes.
    await app.afterAnswer.drain();
    if (!options.database) await database.close();
  });

  const { db } = database;
  // Every module's repository, made once and handed to the routes in their deps (decision 076).
  const repos = createRepositories(db);
  // The shop's details as saved on the settings screen, else the environment's: every module
  // reads them through `config`, so a save applies without a restart (docs/decisions/090).
  const businessDetails = createBusinessDetailsStore({
    repo: repos.businessDetails,
    database,
    log: app.log,
    defaults: envConfig.business,
  });
  await businessDetails.load();
  await businessDetails.start();
  app.addHook('onClose', () => businessDetails.stop());
  const config = liveConfig(envConfig, businessDetails);
  // The day rollups of the overview and reports follow BUSINESS_TIMEZONE (docs/decisions/059).
  if (await repos.salesRollups.useTimeZone(config.businessTimeZone)) {
    app.log.info({ timeZone: config.businessTimeZone }, 'sales rollups rebuilt for the time zone');
  }
  const users = repos.users;
  const sessions = repos.sessions;
  const signer = createTokenSigner(config.tokenSecret);
  const audit = repos.audit;
  // Rate limits count in the database: one limit across every process (docs/decisions/006).
  const rateCounters = createRateCounters(db);
  const emailRenderer = createEmailRenderer();
  app.addHook('onClose', () => emailRenderer.close());
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    // MAIL_FROM as set; otherwise the business name in force, at each message (decision 090).
    from: () =>
      config.mailFromAddress
        ? { name: config.companyName, address: config.mailFromAddress }
        : config.mailFrom,
    dataDir: config.dataDir,
    brand: () => emailBrandOf(config),
    renderHtml: emailRenderer.render,
    log: app.log,
  });
  app.decorate('mailer', mailer);
  const files = config.s3
    ? createS3FileStore(config.s3)
    : createLocalFileStore(path.join(config.dataDir, 'uploads'));
  app.decorate('files', files);
  app.addHook('onClose', async () => mailer.close());

  registerErrorHandler(app);
  if (config.queryLogFile) registerQueryLog(app, config.queryLogFile);
  // The embedded database and local uploads live in DATA_DIR: keep it from filling up.
  if (!config.databaseUrl || !config.s3) registerStorageGuard(app, { dir: config.dataDir });
  registerSecurityHeaders(app, { hsts: config.publicUrl.startsWith('https://') });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await registerCompression(app);
  // Only the OAuth flows read cookies (modules/oauth/routes.ts); sign-in itself is a bearer token.
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: Math.max(
        config.uploadLimits.video,
        config.uploadLimits.pdf,
        config.uploadLimits.image,
      ),
      files: 60,
      fields: 500,
      fieldSize: 512 * 1024,
    },
  });
  registerUploadsRoute(app, files);
  await app.register(fastifyRateLimit, {
    global: false,
    store: rateLimitStore(rateCounters),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'too_many_requests',
        429,
        `Too many attempts. Please wait ${context.after} and try again.`,
      ),
  });
  app.declaredRoutes = registerAuth(app, {
    signer,
    sessions,
    apiKeys: repos.apiKeys,
    uploadsPerMinute: config.uploadRateLimitPerMinute,
    apiKeyPerMinute: config.apiKeyRateLimitPerMinute,
  });

  // Before the routes: it checks each one as it is registered (docs/decisions/072).
  await registerOpenApi(app, `${config.companyName} API`);

  const twoFactor = createTwoFactor({
    repo: repos.twoFactor,
    box: createSecretBox(config.tokenSecret, 'two-factor secret'),
    counters: rateCounters,
    windowMs: config.signInAccountLimit.windowMs,
    // Read when a person sets it up: a saved business name is the one their app shows.
    get issuer() {
      return config.companyName;
    },
  });
  const companies = repos.companies;
  const authDeps = {
    config,
    users,
    sessions,
    signer,
    twoFactor,
    audit,
    authRateLimit: config.authRateLimitPerMinute,
    rateCounters,
    reset: { repos, config, mailer, log: app.log },
    companies,
  };
  registerHealthRoutes(app, { database, config });
  registerAuthRoutes(app, authDeps);
  const customers = repos.customers;
  registerUserRoutes(app, { users });
  registerCardRoutes(app, { repos, users, customers, audit });
  registerCustomerRoutes(app, { repos, customers, users, audit });
  const notifier = createNotifier({ repos, database, config, log: app.log, afterAnswer });
  app.decorate('notifier', notifier);
  // Google, Facebook and Apple sign-in; a provider without keys explains itself instead.
  registerOAuthRoutes(app, { ...authDeps, repos, mailer, notifier });
  const live = createLiveStreams({
    database,
    repo: repos.notifications,
    sessions,
    ...options.liveStreams,
  });
  registerNotificationRoutes(app, { repo: repos.notifications, sessions, config, live });
  registerClientActionRoutes(app, { clientActions: repos.clientActions });
  registerBillingRoutes(app, {
    repos,
    currency: config.payments.currency,
    bills: {
      summaryOf: (row, payments) =>
        billingInvoiceOf({ config, now: options.now ?? (() => new Date()) }, row, payments),
    },
  });
  // The business name is read when each mail is written: a saved name applies at once.
  const requestMail = {
    publicUrl: config.publicUrl,
    timeZone: config.businessTimeZone,
    get companyName() {
      return config.companyName;
    },
  };
  registerRequestRoutes(app, { repos, mail: requestMail });
  registerCompanyRoutes(app, {
    repos,
    config,
    companies,
    users,
    audit,
    rateCounters,
    authRateLimit: config.authRateLimitPerMinute,
    signIn: (user) => issueToken(authDeps, user),
    proveMailbox: (userId, proof) => proveMailbox({ repos, config }, userId, proof),
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
  registerSiteUserRoutes(app, {
    repos,
    users,
    config,
    reset: { repos, config, mailer, log: app.log },
  });
  const catalogue = repos.catalogue;
  registerCatalogueRoutes(app, {
    catalogue,
    catalogueManage: repos.catalogueManage,
    publicUrl: config.publicUrl,
    uploads: files,
    demoRoots: demoRoots(config.webDistDir),
  });
  registerCatalogueAdminRoutes(app, { repos, config });
  const companyPageRepo = repos.companyPages;
  const setupFacts = async () => ({
    coordinators: await users.countByRole('co-ordinator'),
    legalPagesWritten: await companyPageRepo.written(legalPageSlugs),
  });
  const moneyOf: MoneyOf = (orders) => orderMoneyOf(repos.payments, orders);
  registerOverviewRoutes(app, {
    overview: repos.overview,
    moneyOf,
    timeZone: config.businessTimeZone,
    now: options.now ?? (() => new Date()),
    config,
    setupFacts,
  });
  registerCompanyPageRoutes(app, { pages: companyPageRepo, users });
  registerSeoRoutes(app, { catalogue: repos.catalogue, publicUrl: config.publicUrl });
  const clock = options.now ?? (() => new Date());
  registerFileRoutes(app, { repos, config, now: clock });
  const checkout = registerCheckout(app, config, repos);
  // Every module's background jobs, in lanes; after the checkout, whose invoice renderer the
  // receipts share, so the runner stops before it (docs/decisions/089-job-lanes.md).
  registerBackground(app, config, { renderInvoice: checkout.renderInvoice, now: clock });
  registerGuestCheckoutRoutes(app, { checkout: app.checkoutDeps, auth: authDeps, config });
  registerBillRoutes(app, { repos, config, now: clock, checkout: app.checkoutDeps });
  const projects = repos.projects;
  registerProjectRoutes(app, { repos, config, projects, users, audit, now: clock });
  registerBriefRoutes(app, { repos, config, projects, users, now: clock });
  const threadDeps: QuestionDeps = {
    companies,
    messages: repos.messages,
    questions: repos.questions,
    projects,
    users,
    notifier,
    audit,
    files,
    // A request plan's request is done when its deliverable is approved (docs/decisions/091).
    onDeliverableApproved: (projectId) => finishRequest(repos, requestMail, projectId),
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
      const user = await users.findById(userId);
      return user && { email: user.email, replyKey: user.replyKeyVersion };
    },
    post: emailReplyPoster({ ...threadDeps, limits: config.uploadLimits, log: app.log }),
    pageOf: emailReplyPage(threadDeps),
    jobs: repos.jobs,
    rateCounters,
    resolver: options.mailResolver,
  });
  registerMyWorkRoutes(app, {
    work: repos.work,
    timeZone: config.businessTimeZone,
    now: options.now ?? (() => new Date()),
  });
  registerQuoteRoutes(app, { repos, config, quotes: repos.quotes, users, audit });
  registerDiscountRoutes(app, {
    discounts: repos.discounts,
    timeZone: config.businessTimeZone,
    now: options.now ?? (() => new Date()),
  });
  registerReportRoutes(app, {
    config,
    reports: repos.reports,
    projects,
    users,
    moneyOf,
    now: options.now ?? (() => new Date()),
  });

  registerWebhookRoutes(app, { repos, allowPrivate: config.webhooksAllowPrivate });
  registerEmailRoutes(app, { brand: () => emailBrandOf(config) });
  registerBusinessDetailsRoutes(app, { repos, store: businessDetails });
  registerApiKeyRoutes(app, {
    repos,
    timeZone: config.businessTimeZone,
    now: options.now ?? (() => new Date()),
  });

  registerAuditRoutes(app, {
    audit,
    timeZone: config.businessTimeZone,
    now: options.now ?? (() => new Date()),
  });

  await registerWebApp(app, config.webDistDir, {
    companyName: () => config.companyName,
    publicUrl: config.publicUrl,
    // The pages the server draws are made of the catalogue's answers and the business name, and
    // forgotten when either changes (here or, through NOTIFY, in another process).
    onCatalogueChange: (listener) => {
      app.catalogueCache.onClear(listener);
      businessDetails.onChange(listener);
    },
  });

  // Expired sessions are useless rows: sweep them hourly (any process may; the delete is idempotent).
  const sweep = setInterval(() => {
    sessions.deleteExpired().catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
  }, 3600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  const adminNotice =
    options.ensureAdmin === false ? undefined : await ensureAdmin({ config, users, log: app.log });
  app.decorate('adminNotice', adminNotice);
  if (config.seedDemo) await seedDemo(db, app.log);
  if (config.env === 'production') {
    // One line: each check, with how to fix it, is on the staff overview ('Before you trade').
    const open = setupChecklist(config, await setupFacts()).filter((item) => !item.done);
    if (open.length) {
      app.log.warn(
        { setup: open.map((item) => item.id) },
        `Not ready to trade: ${open.length} check${open.length === 1 ? '' : 's'} open (${open.map((item) => item.id).join(', ')}). See 'Before you trade' on the staff overview.`,
      );
    }
  }

  return app;
}

/** A hop count trusts that many proxies nearest the server (proxy-addr's own rule for numbers). */
function proxyTrust(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}
