import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { NotificationKind } from '@noise/shared/notifications';
import type { WebhookEventType } from '@noise/shared/webhooks';
import type { DNSResolver } from 'mailauth';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { AfterAnswer } from './lib/after-answer.ts';
import type { EmailKind } from './lib/email-kinds.ts';
import type { ProjectEventMap, ProjectEventName, ProjectEvents } from './lib/project-events.ts';
import type { RateCounters } from './lib/rate-counter-repository.ts';
import type { AuthRouteDeps } from './modules/auth/routes.ts';
import type { BusinessDetailsStore } from './modules/business-details/business-details.ts';
import type { AcceptDeps } from './modules/companies/accept-invitation.ts';
import type { EmailJobDeps } from './modules/jobs/email.ts';
import type { JobSet } from './modules/jobs/lanes.ts';
import type { Notifier } from './modules/notifications/notifier.ts';
import type { FileStore } from './plugins/file-store.ts';
import type { Mailer } from './plugins/mailer.ts';
import type { Repositories } from './repositories.ts';

/**
 * What one app gives every module, made once in app.ts (docs/architecture.md#adding-a-module):
 * the settings, the repositories and the services several modules share. A module's own wiring
 * (its deps, caches, streams) is made in its module.ts from these.
 */
export interface AppContext {
  /** The settings in force: the environment's, with the business details as saved (decision 090). */
  config: Config;
  /** The database, for what is not a query: the health check's ping, LISTEN/NOTIFY. */
  database: Database;
  /** Every module's repository on the app's database (decision 076). */
  repos: Repositories;
  log: FastifyBaseLogger;
  /** The clock of time-dependent answers and sweeps; tests fix it. */
  now: () => Date;
  mailer: Mailer;
  files: FileStore;
  notifier: Notifier;
  /** Work started by a request that its answer does not wait for; shutdown does. */
  afterAnswer: AfterAnswer;
  /** Rate limits and counters kept in the database, one count across processes (decision 006). */
  rateCounters: RateCounters;
  /** Sign-in: what the auth routes are made with, and what the checkout and OAuth reuse. */
  auth: AuthRouteDeps;
  /** What other modules need of accounts without importing the auth module (it imports them). */
  accounts: Pick<AcceptDeps, 'signIn' | 'proveMailbox'>;
  /** The business details as saved on the settings screen (decision 090). */
  businessDetails: BusinessDetailsStore;
  /** What happens to projects, for the modules that act on it (`projectEvents` below). */
  projectEvents: ProjectEvents;
  /** What a caller of buildApp chose for this app (tests shorten or fix these). */
  options: ModuleOptions;
  /** Every module's `emails`, in the list's order: the staff's Emails page. */
  emails: readonly EmailKind[];
}

/** What modules make for the others in their `provides`, before any module's routes. */
export type Provided = Pick<
  AppContext,
  'config' | 'businessDetails' | 'notifier' | 'auth' | 'accounts'
>;
const providedParts = ['config', 'businessDetails', 'notifier', 'auth', 'accounts'] as const;

/**
 * The context as the `provides` step hands it on: the app's own parts, the environment's settings
 * until a module gives the ones in force, and what the modules before it provided.
 */
export type ProvidingContext = Omit<AppContext, keyof Provided> &
  Partial<Provided> & { config: Config };

export interface ModuleOptions {
  /** DNS lookups of replies' SPF, DKIM and DMARC records; tests give fixed records. */
  mailResolver?: DNSResolver;
  /** The event streams' heartbeat, session sweep and replay buffer; tests shorten them. */
  liveStreams?: { heartbeatMs?: number; sessionRecheckMs?: number; replayLimit?: number };
}

/** The documents a mail may carry, each drawn when the mail is sent (modules/jobs/email.ts). */
export type MailAttachments = Partial<Omit<EmailJobDeps, 'mailer'>>;

/** What the job runner hands a module's `jobs`: the app's context and the modules' attachments. */
export interface JobsContext extends AppContext {
  attachments: MailAttachments;
}

/** A module's repository factories, by the name they have on `repos` (repositories.ts). */
export type RepositoryFactories = Record<string, (db: Db) => object>;

export type ModuleProjectHandlers = {
  [K in ProjectEventName]?: (event: ProjectEventMap[K], ctx: AppContext) => Promise<void>;
};

/**
 * One module of the server, as `modules.ts` lists it: everything the app takes from the module
 * goes through this, in the list's order. Every part is optional.
 *
 * Declare a module with its repositories' type spelled out, so `Repositories` can be read from
 * the list without reading the module's code:
 *
 * ```ts
 * const repositories = { things: createThingRepository };
 * export const thingsModule: AppModule<typeof repositories> = { name: 'things', repositories, … };
 * ```
 */
export interface AppModule<R extends RepositoryFactories = Record<never, never>> {
  /** Unique in the list; the folder's name unless the folder holds two modules. */
  name: string;
  /** Its repositories, made on every handle (the database, each transaction) by repositories.ts. */
  repositories?: R;
  /** The mail it sends, each with demo data: the Emails page and the HTML check list them. */
  emails?: readonly EmailKind[];
  /**
   * What else it tells people and other tools about, each a name of `packages/shared`'s list
   * (the web shows those lists' words): the webhook events it sends, the notifications it
   * raises and the audit log actions it records. modules.test.ts holds each name to the module's
   * code, and every name of the lists to a module that sends it.
   */
  sends?: {
    webhookEvents?: readonly WebhookEventType[];
    notifications?: readonly NotificationKind[];
    auditActions?: readonly string[];
  };
  /**
   * What it makes for the other modules (`Provided`), before any routes: run in the list's order,
   * each seeing what the modules before it gave (the business details give the settings in
   * force, which sign-in and the notifier then read).
   */
  provides?(
    app: FastifyInstance,
    ctx: ProvidingContext,
  ): Partial<Provided> | Promise<Partial<Provided>>;
  /** Registers its routes, and what they need made once, when the app is built (app.ts). */
  routes?(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
  /** Its job kinds and sweeps, each in its lane (background.ts, decision 089). */
  jobs?(app: FastifyInstance, ctx: JobsContext): JobSet;
  /** The documents it draws for mail (an invoice, a signed proposal), when the mail is sent. */
  attachments?(app: FastifyInstance, ctx: AppContext): MailAttachments;
  /** What it does when something happens to a project (lib/project-events.ts). */
  projectEvents?: ModuleProjectHandlers;
  /**
   * What it does once the app is built, before it serves: checks and rebuilds of its own data,
   * and timers (cleared in an `onClose` hook it adds). Run in the list's order, last in app.ts.
   */
  started?(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
}

/**
 * Runs every module's `provides` in the list's order, each given what came before, and answers
 * the whole context; a part no module provides stops the start.
 */
export async function provideAll(
  modules: readonly AppModule<RepositoryFactories>[],
  app: FastifyInstance,
  base: ProvidingContext,
): Promise<AppContext> {
  let ctx = base;
  for (const module of modules) {
    const given = await module.provides?.(app, ctx);
    if (given) ctx = { ...ctx, ...given };
  }
  const missing = providedParts.filter((part) => ctx[part] === undefined);
  if (missing.length) throw new Error(`No module provides ${missing.join(', ')}`);
  return ctx as AppContext;
}

/** Every module's kinds of email, in the list's order. */
export function emailsOf(modules: readonly AppModule<RepositoryFactories>[]): EmailKind[] {
  return modules.flatMap((module) => module.emails ?? []);
}

/** Every module's handlers, subscribed in the list's order. */
export function subscribeProjectEvents(
  modules: readonly AppModule<RepositoryFactories>[],
  ctx: AppContext,
) {
  for (const module of modules) {
    for (const [name, handler] of Object.entries(module.projectEvents ?? {})) {
      const typed = handler as (event: unknown, ctx: AppContext) => Promise<void>;
      ctx.projectEvents.on(name as ProjectEventName, (event) => typed(event, ctx));
    }
  }
}
