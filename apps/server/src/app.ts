import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
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
import { createProjectEvents } from './lib/project-events.ts';
import { createRepositories } from './repositories.ts';
import { registerBackground } from './background.ts';
import {
  emailsOf,
  subscribeProjectEvents,
  type AppContext,
  type ModuleOptions,
} from './app-module.ts';
import { appModules } from './modules.ts';
import { createBusinessDetailsStore } from './modules/business-details/business-details.ts';
import { liveConfig } from './modules/business-details/live-config.ts';
import { createNotifier, type Notifier } from './modules/notifications/notifier.ts';
import { issueToken } from './modules/auth/sign-in.ts';
import { proveMailbox } from './modules/auth/prove-mailbox.ts';
import { createTwoFactor } from './modules/auth/two-factor.ts';
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

export interface BuildOptions extends ModuleOptions {
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
    /** What every module was made with (app-module.ts); tests make extra job runners from it. */
    appContext: AppContext;
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
  // Every listed module's repositories, made once and handed to the modules (decisions 076, 098).
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
  const users = repos.users;
  const sessions = repos.sessions;
  const signer = createTokenSigner(config.tokenSecret);
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
  const auth = {
    config,
    users,
    sessions,
    signer,
    twoFactor,
    audit: repos.audit,
    authRateLimit: config.authRateLimitPerMinute,
    rateCounters,
    reset: { repos, config, mailer, log: app.log },
    companies: repos.companies,
  };
  const notifier = createNotifier({ repos, database, config, log: app.log, afterAnswer });
  app.decorate('notifier', notifier);

  // What every module is made with: the modules are modules.ts's list, in its order.
  const ctx: AppContext = {
    config,
    database,
    repos,
    log: app.log,
    now: options.now ?? (() => new Date()),
    mailer,
    files,
    notifier,
    afterAnswer,
    rateCounters,
    auth,
    accounts: {
      signIn: (user) => issueToken(auth, user),
      proveMailbox: (userId, proof) => proveMailbox({ repos, config }, userId, proof),
    },
    businessDetails,
    projectEvents: createProjectEvents(),
    options: { mailResolver: options.mailResolver, liveStreams: options.liveStreams },
    emails: emailsOf(appModules),
  };
  app.decorate('appContext', ctx);
  subscribeProjectEvents(appModules, ctx);
  for (const module of appModules) {
    // Awaited only when it answers a promise: a module registers in the same tick as before.
    const registering = module.routes?.(app, ctx);
    if (registering) await registering;
  }
  // Every module's background jobs, in lanes; after the checkout, whose invoice renderer the
  // receipts share, so the runner stops before it (docs/decisions/089-job-lanes.md).
  registerBackground(app, ctx);

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

  const adminNotice =
    options.ensureAdmin === false ? undefined : await ensureAdmin({ config, users, log: app.log });
  app.decorate('adminNotice', adminNotice);
  if (config.seedDemo) await seedDemo(db, app.log);
  // Each module's checks, rebuilds and timers, once everything is registered and seeded.
  for (const module of appModules) await module.started?.(app, ctx);

  return app;
}

/** A hop count trusts that many proxies nearest the server (proxy-addr's own rule for numbers). */
function proxyTrust(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}
