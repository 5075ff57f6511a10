import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  logoPathOf,
  type BusinessDetails,
  type BusinessDetailsAnswer,
  type businessDetailsRequest,
} from '@noise/shared/business-details';
import type { Database } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import type { BusinessDetailsRepository, BusinessLogo } from './repository.ts';

/**
 * The PostgreSQL channel on which a process that saved the business details tells the others to
 * read them again. The payload is the sender's instance id: the sender already has them.
 */
export const BUSINESS_CHANNEL = 'noise_business';

/**
 * How often a process on PostgreSQL reads the details again whatever it heard: a notification
 * sent while its listening connection was down is lost, and this bounds how long that lasts.
 */
const RELOAD_EVERY_MS = 60_000;

/**
 * The business details in force, held in memory so that every email, invoice and page reads them
 * without a query (docs/decisions/090-business-details.md). `current()` answers the saved row, or
 * the environment's values until the first save. A save here applies at once; other processes
 * hear of it through NOTIFY on BUSINESS_CHANNEL.
 */
export function createBusinessDetailsStore(deps: {
  repo: BusinessDetailsRepository;
  database: Database;
  log: FastifyBaseLogger;
  /** The environment's values (config.business). */
  defaults: BusinessDetails;
}) {
  let current: BusinessDetails = deps.defaults;
  let logo: BusinessLogo | null = null;
  // A read that started before a save must not put the older values back.
  let generation = 0;
  const listeners: (() => void)[] = [];
  const instance = randomUUID();
  let stopListening: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;

  function apply(next: BusinessDetails, nextLogo: BusinessLogo | null) {
    const changed =
      JSON.stringify(next) !== JSON.stringify(current) || nextLogo?.version !== logo?.version;
    current = next;
    logo = nextLogo;
    if (changed) for (const listener of listeners) listener();
  }

  async function reload() {
    const started = generation;
    const [saved, savedLogo] = await Promise.all([deps.repo.find(), deps.repo.findLogo()]);
    if (started === generation) apply(saved?.details ?? deps.defaults, savedLogo);
  }

  async function broadcast() {
    await deps.database
      .notify(BUSINESS_CHANNEL, instance)
      .catch((err: unknown) => deps.log.warn({ err }, 'business details broadcast failed'));
  }

  const reloadQuietly = () =>
    reload().catch((err: unknown) => deps.log.warn({ err }, 'business details reload failed'));

  return {
    current: (): BusinessDetails => current,

    /** The logo in force, or null (docs/decisions/095-business-logo.md). */
    logo: (): BusinessLogo | null => logo,

    /** Reads the saved details (at start, before the first request). */
    load: reload,

    /** After a save here: in force at once in this process, and the others are told. */
    async saved(details: BusinessDetails) {
      generation += 1;
      apply(details, logo);
      await broadcast();
    },

    /** After a logo is uploaded (or removed, null) here. */
    async logoSaved(next: BusinessLogo | null) {
      generation += 1;
      apply(current, next);
      await broadcast();
    },

    async start() {
      stopListening = await deps.database.listen(BUSINESS_CHANNEL, (sender) => {
        if (sender !== instance) {
          generation += 1;
          void reloadQuietly();
        }
      });
      // The embedded database serves one process: nothing can be missed there.
      if (deps.database.kind === 'postgres') {
        timer = setInterval(() => void reloadQuietly(), RELOAD_EVERY_MS);
        timer.unref();
      }
    },

    async stop() {
      clearInterval(timer);
      await stopListening?.();
      stopListening = undefined;
    },

    /** Calls `listener` whenever the details in force change, by a save here or elsewhere. */
    onChange(listener: () => void) {
      listeners.push(listener);
    },
  };
}

export type BusinessDetailsStore = ReturnType<typeof createBusinessDetailsStore>;

export interface BusinessDetailsDeps {
  repos: Repositories;
  store: BusinessDetailsStore;
}

const FIELD_LABELS: Record<keyof BusinessDetails, string> = {
  companyName: 'business name',
  abn: 'ABN',
  address: 'address',
  contactUrl: 'contact page',
  supportEmail: 'support email',
  brandColour: 'brand colour',
  emailFooter: 'email footer',
  privacyUrl: 'Privacy Policy link',
  termsUrl: 'Terms of Service link',
  bankAccountName: 'bank account name',
  bankBsb: 'BSB',
  bankAccountNumber: 'bank account number',
  invoiceReminderDaysBefore: 'invoice reminder days before',
  invoiceReminderDaysAfter: 'invoice reminder days after',
};

/** The settings screen's details: saved, or the environment's while never saved. */
export async function getBusinessDetails(
  deps: BusinessDetailsDeps,
): Promise<BusinessDetailsAnswer> {
  const saved = await deps.repos.businessDetails.find();
  return {
    ...(saved?.details ?? deps.store.current()),
    logoUrl: logoPathOf(deps.store.logo()),
    savedAt: saved?.savedAt.toISOString() ?? null,
    savedByName: saved?.savedByName ?? null,
  };
}

/** Saves the details with an audit entry naming what changed, then puts them in force. */
export async function saveBusinessDetails(
  deps: BusinessDetailsDeps,
  actor: AuthUser,
  input: z.output<typeof businessDetailsRequest>,
): Promise<BusinessDetailsAnswer> {
  const before = (await deps.repos.businessDetails.find())?.details ?? deps.store.current();
  const changed = (Object.keys(FIELD_LABELS) as (keyof BusinessDetails)[]).filter(
    (key) => before[key] !== input[key],
  );
  const actorName = await deps.repos.users.actorName(actor.id);
  await deps.repos.transaction(async (tx) => {
    await tx.businessDetails.save(input, actor.id);
    await tx.audit.record({
      actorId: actor.id,
      actorName,
      ip: actor.ip,
      apiKey: actor.apiKey,
      action: 'settings.business-details-updated',
      entityType: 'settings',
      entityId: 'business-details',
      summary: changed.length
        ? `Changed the business details: ${changed.map((key) => FIELD_LABELS[key]).join(', ')}`
        : 'Saved the business details unchanged',
      data: {
        changes: Object.fromEntries(
          changed.map((key) => [key, { from: before[key], to: input[key] }]),
        ),
      },
    });
  });
  await deps.store.saved(input);
  return getBusinessDetails(deps);
}
