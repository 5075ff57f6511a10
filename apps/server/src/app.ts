import type { z } from 'zod';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createAfterAnswer, type AfterAnswer } from './lib/after-answer.ts';
import { emailBrandOf } from './lib/email-html.ts';
import { createFrontCache, frontServerFactory, requestIdOf } from './lib/front-cache.ts';
import { createEmailRenderer } from './lib/email-render-pool.ts';
import { createRateCounters } from './lib/rate-counter-repository.ts';
import { strictDeep } from './lib/strict-body.ts';
import { redactPaths, requestSerializer } from './lib/log-redaction.ts';
import { createProjectEvents } from './lib/project-events.ts';
import { createRepositories } from './repositories.ts';
import {
  emailsOf,
  provideAll,
  subscribeProjectEvents,
  type AppContext,
  type ModuleOptions,
} from './app-module.ts';
import { afterRoutes, beforeRoutes, registerInfrastructure } from './infrastructure.ts';
import { appModules } from './modules.ts';
import type { Notifier } from './modules/notifications/notifier.ts';
import type { DeclaredRoute } from './plugins/auth.ts';
import { createLocalFileStore, createS3FileStore, type FileStore } from './plugins/file-store.ts';
import { createMailer, type Mailer } from './plugins/mailer.ts';
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

export async function buildApp(
  envConfig: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  // Public answers the same for everyone, sent again before the framework (lib/front-cache.ts);
  // not when every request is to be logged.
  const front = envConfig.logRequests ? undefined : createFrontCache({ maxEntries: 2000 });
  const app = Fastify({
    ...(front ? { serverFactory: frontServerFactory(front) } : {}),
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
    genReqId: requestIdOf,
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
  if (front) {
    app.decorate('frontCache', front);
    app.addHook('preClose', (done) => {
      front.stop();
      done();
    });
  }

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
  // Rate limits count in the database: one limit across every process (docs/decisions/006).
  const rateCounters = createRateCounters(db);
  const emailRenderer = createEmailRenderer();
  app.addHook('onClose', () => emailRenderer.close());
  /** The app's context, once the modules have provided their parts. */
  const made: { context?: AppContext } = {};
  /** The settings in force once the business details module has given them, at each message. */
  const settings = (): Config => made.context?.config ?? envConfig;
  const mailer = createMailer({
    smtpUrl: envConfig.smtpUrl,
    // MAIL_FROM as set; otherwise the business name in force, at each message (decision 090).
    from: () => {
      const { mailFromAddress, companyName, mailFrom } = settings();
      return mailFromAddress ? { name: companyName, address: mailFromAddress } : mailFrom;
    },
    dataDir: envConfig.dataDir,
    brand: () => emailBrandOf(settings()),
    renderHtml: emailRenderer.render,
    writeOutbox: emailRenderer.writeOutbox,
    log: app.log,
  });
  app.decorate('mailer', mailer);
  const files = envConfig.s3
    ? createS3FileStore(envConfig.s3)
    : createLocalFileStore(path.join(envConfig.dataDir, 'uploads'));
  app.decorate('files', files);
  app.addHook('onClose', async () => mailer.close());

  // What every module is made with: the app's own parts, then what the modules provide in the
  // list's order (the settings in force, sign-in, the notifier), before any module's routes.
  const ctx = await provideAll(appModules, app, {
    config: envConfig,
    database,
    repos,
    log: app.log,
    now: options.now ?? (() => new Date()),
    mailer,
    files,
    afterAnswer,
    rateCounters,
    projectEvents: createProjectEvents(),
    options: { mailResolver: options.mailResolver, liveStreams: options.liveStreams },
    emails: emailsOf(appModules),
  });
  made.context = ctx;
  const { config } = ctx;
  app.decorate('notifier', ctx.notifier);

  const infrastructure = { ctx, repos, files, rateCounters };
  await registerInfrastructure(app, beforeRoutes, infrastructure);

  app.decorate('appContext', ctx);
  subscribeProjectEvents(appModules, ctx);
  for (const module of appModules) {
    // Awaited only when it answers a promise: a module registers in the same tick as before.
    const registering = module.routes?.(app, ctx);
    if (registering) await registering;
  }
  await registerInfrastructure(app, afterRoutes, infrastructure);

  const adminNotice =
    options.ensureAdmin === false
      ? undefined
      : await ensureAdmin({ config, users: repos.users, log: app.log });
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
