import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-module.ts';
import { registerBackground } from './background.ts';
import { AppError } from './lib/errors.ts';
import { rateLimitStore, type RateCounters } from './lib/rate-counter-repository.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import type { FileStore } from './plugins/file-store.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerQueryLog } from './plugins/query-log.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStorageGuard } from './plugins/storage-guard.ts';
import { registerUploadsRoute } from './plugins/uploads-route.ts';
import { registerWebApp } from './plugins/web-app.ts';
import type { Repositories } from './repositories.ts';

/** What the infrastructure is made with: the modules' context and the app's own parts. */
export interface InfrastructureParts {
  ctx: AppContext;
  repos: Repositories;
  files: FileStore;
  rateCounters: RateCounters;
}

/** One piece of the app every module's routes share: a hook, a plugin, a route of its own. */
export interface Infrastructure {
  name: string;
  register(app: FastifyInstance, parts: InfrastructureParts): unknown;
}

/**
 * What every request passes before a module's route, in the order it registers (app.ts
 * registers the modules' routes after it; docs/architecture.md). A new hook or plugin is
 * one entry here.
 */
export const beforeRoutes: Infrastructure[] = [
  { name: 'error handler', register: (app) => registerErrorHandler(app) },
  {
    name: 'query log',
    register: (app, { ctx }) => {
      if (ctx.config.queryLogFile) registerQueryLog(app, ctx.config.queryLogFile);
    },
  },
  {
    // First of the hooks: every answer, the refusals of the hooks after it too, carries the
    // headers and its id.
    name: 'security headers',
    register: (app, { ctx }) =>
      registerSecurityHeaders(app, { hsts: ctx.config.publicUrl.startsWith('https://') }),
  },
  {
    // The embedded database and local uploads live in DATA_DIR: keep it from filling up.
    name: 'storage guard',
    register: (app, { ctx: { config } }) => {
      if (!config.databaseUrl || !config.s3) registerStorageGuard(app, { dir: config.dataDir });
    },
  },
  { name: 'compression', register: (app) => registerCompression(app) },
  {
    // Only the OAuth flows read cookies (modules/oauth/routes.ts); sign-in itself is a bearer
    // token.
    name: 'cookies',
    register: (app) => app.register(fastifyCookie),
  },
  {
    name: 'multipart bodies',
    register: (app, { ctx: { config } }) =>
      app.register(fastifyMultipart, {
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
      }),
  },
  { name: 'uploads route', register: (app, { files }) => registerUploadsRoute(app, files) },
  {
    name: 'rate limits',
    register: (app, { rateCounters }) =>
      app.register(fastifyRateLimit, {
        global: false,
        store: rateLimitStore(rateCounters),
        errorResponseBuilder: (_request, context) =>
          new AppError(
            'too_many_requests',
            429,
            `Too many attempts. Please wait ${context.after} and try again.`,
          ),
      }),
  },
  {
    name: 'sign-in',
    register: (app, { ctx, repos }) => {
      app.declaredRoutes = registerAuth(app, {
        signer: ctx.auth.signer,
        sessions: repos.sessions,
        apiKeys: repos.apiKeys,
        uploadsPerMinute: ctx.config.uploadRateLimitPerMinute,
        apiKeyPerMinute: ctx.config.apiKeyRateLimitPerMinute,
      });
    },
  },
  {
    // Before the routes: it checks each one as it is registered (docs/decisions/072).
    name: 'OpenAPI document',
    register: (app, { ctx }) => registerOpenApi(app, `${ctx.config.companyName} API`),
  },
];

/** What comes after every module's routes, in order. */
export const afterRoutes: Infrastructure[] = [
  {
    // Every module's background jobs, in lanes; after the checkout, whose invoice renderer the
    // receipts share, so the runner stops before it (docs/decisions/089-job-lanes.md).
    name: 'job runner',
    register: (app, { ctx }) => registerBackground(app, ctx),
  },
  {
    // Last: its catch-all answers every address no route took.
    name: 'web app',
    register: (app, { ctx: { config, businessDetails } }) =>
      registerWebApp(app, config.webDistDir, {
        companyName: () => config.companyName,
        publicUrl: config.publicUrl,
        // The pages the server draws are made of the catalogue's answers and the business name,
        // and forgotten when either changes (here or, through NOTIFY, in another process).
        onCatalogueChange: (listener) => {
          app.catalogueCache.onClear(listener);
          businessDetails.onChange(listener);
        },
      }),
  },
];

/**
 * Registers `list` in order; one that answers a promise or a plugin's registration (a thenable)
 * is awaited before the next, so a plugin is loaded before the routes it watches.
 */
export async function registerInfrastructure(
  app: FastifyInstance,
  list: readonly Infrastructure[],
  parts: InfrastructureParts,
): Promise<void> {
  for (const piece of list) {
    const registering = piece.register(app, parts);
    if (isThenable(registering)) await registering;
  }
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
