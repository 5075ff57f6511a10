import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { BusinessDetails } from '@noise/shared/business-details';
import { paymentProviders } from '@noise/shared/payments';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting the server reads, with its default. `.env.example` lists the same names. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Server processes (node:cluster); `auto` is one per CPU. More than one needs PostgreSQL. */
  WORKERS: z
    .string()
    .regex(/^(auto|[1-9][0-9]*)$/, "must be a whole number of processes (1 or more) or 'auto'")
    .transform((v) => (v === 'auto' ? os.availableParallelism() : Number(v)))
    .pipe(z.number().max(64, 'must be at most 64'))
    .default(1),
  PUBLIC_URL: z.url().optional(),
  COMPANY_NAME: z.string().min(1).default('Make Noise Agency'),
  /** Unset: emails and the site offer no contact page (the support email, when saved, instead). */
  CONTACT_URL: z.url().optional(),
  /** The shop's postal address, in the footer of every email (anti-spam laws ask for one). */
  COMPANY_ADDRESS: z.string().default(''),
  STUDIO_HIRE_URL: z.url().optional(),
  EVENTS_URL: z.url().optional(),
  DISPLAY_SCREENS_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24),
  REMEMBER_ME_TTL_DAYS: z.coerce.number().positive().max(90).default(30),
  SEED_DEMO: bool.default(true),
  /**
   * Webhook endpoints on loopback and private addresses, and over plain http: allowed outside
   * production; in production only when set (an in-house tool on the server's own network).
   */
  WEBHOOKS_ALLOW_PRIVATE: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A line for each request and its answer; off by default, so the start stays readable. */
  LOG_REQUESTS: bool.default(false),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * Which proxies may say who the client is (X-Forwarded-For): how many sit in front ('1'), or
   * their addresses ('10.0.0.2, 10.1.0.0/16'). Never 'true': that trusts every hop, and the
   * leftmost address, which the client writes, would choose what rate limits count.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, ctx): number | string[] | false => {
      if (/^(false|0|no|)$/i.test(value)) return false;
      if (/^\d+$/.test(value)) return Number(value);
      if (/^(true|yes)$/i.test(value)) {
        ctx.addIssue({
          code: 'custom',
          message:
            "must be the number of proxies in front of the server (usually 1) or their addresses, not 'true' (it would let clients choose the address rate limits count)",
        });
        return z.NEVER;
      }
      const addresses = value.split(',').map((part) => part.trim());
      if (addresses.some((a) => !/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(a))) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be a number of proxies or a comma-separated list of addresses or CIDR ranges',
        });
        return z.NEVER;
      }
      return addresses;
    }),
  UPLOAD_MAX_IMAGE_MB: z.coerce.number().positive().max(100).default(10),
  UPLOAD_MAX_PDF_MB: z.coerce.number().positive().max(200).default(20),
  UPLOAD_MAX_VIDEO_MB: z.coerce.number().positive().max(2000).default(200),
  /** Each client company's file library holds this much (docs/product.md#files). */
  COMPANY_FILES_QUOTA_GB: z.coerce.number().positive().max(10_000).default(5),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** The built-in SMTP receiver for replies to message emails; off when unset. */
  MAIL_INBOUND_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  MAIL_INBOUND_HOST: z.string().min(1).default('0.0.0.0'),
  /** Shared with a mail provider's inbound webhook (POST /api/inbound-mail); off when unset. */
  MAIL_INBOUND_SECRET: z.string().min(24, 'must be at least 24 characters').optional(),
  /**
   * The provider's authserv-id (the first word of the Authentication-Results header it adds):
   * the webhook then takes its SPF/DKIM/DMARC verdict. Unset: the webhook checks DKIM itself.
   */
  MAIL_INBOUND_TRUSTED_AUTHSERV_ID: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'must be a host name such as mx.example.net')
    .optional(),
  /** Replies taken from one sender address per minute, by SMTP and the webhook alike. */
  MAIL_INBOUND_REPLIES_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(10),
  /** The domain of reply addresses (its MX points at the receiver or the provider). */
  MAIL_REPLY_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name such as reply.example.com')
    .optional(),
  /**
   * Replies to the outbox's mail on this machine: an SMTP receiver on 127.0.0.1 at a free port
   * (`npm run mail:reply`). On by default while mail goes to the outbox and no other way in is set.
   */
  MAIL_INBOUND_LOCAL: bool.optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  AUTH_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  AUTH_ACCOUNT_LOCK_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
  UPLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** One of `paymentProviders`, each made by its file in modules/payments/providers/. */
  PAYMENT_PROVIDER: z.enum(paymentProviders).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API address (stripe-mock, a test double); Stripe's own when unset. */
  STRIPE_API_BASE: z.url().optional(),
  CURRENCY: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO currency code')
    .transform((v) => v.toUpperCase())
    // GST is Australian: the shop charges in Australian dollars unless told otherwise
    // (docs/decisions/045-australian-dollars.md).
    .default('AUD'),
  ABN: z.string().default(''),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  /** Jobs each lane runs at once in each process (docs/decisions/089-job-lanes.md). */
  JOBS_MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  JOBS_BULK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  JOBS_MONEY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  QUERY_LOG_FILE: z.string().min(1).optional(),
  RENEWAL_MAX_FAILURES: z.coerce.number().int().min(1).max(20).default(3),
  RENEWAL_RETRY_MINUTES: z.coerce.number().positive().default(60),
  MESSAGE_MAIL_DELAY_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  BUSINESS_TIMEZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Australia/Sydney')
    .default('Australia/Sydney'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Its OpenID discovery document gives the sign-in, token and key addresses. */
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  FACEBOOK_AUTH_URL: z.url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z.url().default('https://graph.facebook.com/v19.0/me'),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  APPLE_KEY_ID: z.string().min(1).optional(),
  /** The .p8 key's PEM text; `\n` escapes are accepted for one-line settings. */
  APPLE_PRIVATE_KEY: z.string().min(1).optional(),
  APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
});

export type Env = z.input<typeof envSchema>;

/**
 * The settings as the server uses them, derived from the variables in one place: the schema
 * above says what each variable may be, this says what the server makes of it. `Config` is its
 * type.
 */
const configSchema = envSchema.transform((e) => {
  const dataDir = path.resolve(e.DATA_DIR);
  const stripe =
    e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiBase: e.STRIPE_API_BASE,
        }
      : undefined;
  const google =
    e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET,
          issuer: e.GOOGLE_ISSUER.replace(/\/+$/, ''),
        }
      : undefined;
  const facebook =
    e.FACEBOOK_APP_ID && e.FACEBOOK_APP_SECRET
      ? {
          appId: e.FACEBOOK_APP_ID,
          appSecret: e.FACEBOOK_APP_SECRET,
          authUrl: e.FACEBOOK_AUTH_URL,
          tokenUrl: e.FACEBOOK_TOKEN_URL,
          userinfoUrl: e.FACEBOOK_USERINFO_URL,
        }
      : undefined;
  const apple =
    e.APPLE_CLIENT_ID && e.APPLE_TEAM_ID && e.APPLE_KEY_ID && e.APPLE_PRIVATE_KEY
      ? {
          clientId: e.APPLE_CLIENT_ID,
          teamId: e.APPLE_TEAM_ID,
          keyId: e.APPLE_KEY_ID,
          privateKey: e.APPLE_PRIVATE_KEY.replace(/\\n/g, '\n'),
          issuer: e.APPLE_ISSUER.replace(/\/+$/, ''),
        }
      : undefined;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    /** Server processes: 1 runs in this process; more fork workers (cluster.ts), PostgreSQL only. */
    workers: e.WORKERS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    companyName: e.COMPANY_NAME,
    contactUrl: e.CONTACT_URL ?? '',
    companyAddress: e.COMPANY_ADDRESS.trim(),
    /**
     * The shop's details as the environment gives them: the first values, until a super-admin
     * saves the 'Business details' settings (docs/decisions/090). In the running server this and
     * the four fields above read the saved values (modules/business-details/live-config.ts).
     */
    business: {
      companyName: e.COMPANY_NAME,
      abn: e.ABN.trim(),
      address: e.COMPANY_ADDRESS.trim(),
      contactUrl: e.CONTACT_URL ?? '',
      supportEmail: '',
      brandColour: '',
      emailFooter: '',
      privacyUrl: '',
      termsUrl: '',
      bankAccountName: '',
      bankBsb: '',
      bankAccountNumber: '',
      invoiceReminderDaysBefore: 3,
      invoiceReminderDaysAfter: 1,
    } satisfies BusinessDetails as BusinessDetails,
    /**
     * The uploaded logo (docs/decisions/095-business-logo.md): none from the environment; the
     * saved one is read live like `business`.
     */
    businessLogo: null as { png: Buffer; width: number; height: number; version: string } | null,
    /** Services-map entries run by partner sites; unset entries open our own service page. */
    externalLinks: {
      studioHire: e.STUDIO_HIRE_URL,
      events: e.EVENTS_URL,
      displayScreens: e.DISPLAY_SCREENS_URL,
    },
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    /** Generated once and kept in DATA_DIR when unset, so the embedded default needs no setup. */
    tokenSecret: e.TOKEN_SECRET ?? readOrCreateSecret(dataDir),
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    rememberMeTtlDays: e.REMEMBER_ME_TTL_DAYS,
    seedDemo: e.SEED_DEMO,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS,
    /** The built web app (apps/web/dist by default); API-only tests run without it. */
    webDistDir: webDist(e.WEB_DIST_DIR),
    trustProxy: e.TRUST_PROXY,
    /** Largest accepted uploads, in bytes. */
    uploadLimits: {
      image: e.UPLOAD_MAX_IMAGE_MB * 1024 * 1024,
      pdf: e.UPLOAD_MAX_PDF_MB * 1024 * 1024,
      video: e.UPLOAD_MAX_VIDEO_MB * 1024 * 1024,
    },
    /** Bytes a client company's file library may hold, its bin included. */
    companyFilesQuotaBytes: Math.round(e.COMPANY_FILES_QUOTA_GB * 1024 ** 3),
    /** S3-compatible bucket for uploads; local disk under DATA_DIR/uploads when unset. */
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    /** SMTP server (smtp://user:pass@host:port); mail goes to DATA_DIR/outbox when unset. */
    smtpUrl: e.SMTP_URL,
    /**
     * Replies to message emails (docs/decisions/051-replies-by-email.md): taken by the built-in
     * SMTP receiver and/or a provider's webhook; message emails carry a reply address only when
     * one of them is on.
     */
    inboundMail: {
      smtpPort: e.MAIL_INBOUND_PORT,
      smtpHost: e.MAIL_INBOUND_HOST,
      webhookSecret: e.MAIL_INBOUND_SECRET,
      /** docs/decisions/061-authenticated-replies.md */
      trustedAuthservId: e.MAIL_INBOUND_TRUSTED_AUTHSERV_ID?.toLowerCase(),
      repliesPerMinute: e.MAIL_INBOUND_REPLIES_PER_MINUTE,
      replyDomain:
        e.MAIL_REPLY_DOMAIN?.toLowerCase() ?? new URL(e.PUBLIC_URL ?? 'http://localhost').hostname,
    },
    /**
     * docs/product.md#reply-by-email: with mail in the outbox, replies reach the site through a
     * receiver on this machine only, so a new install shows the whole loop; off in tests.
     */
    mailRepliesLocal:
      e.MAIL_INBOUND_LOCAL ??
      (e.SMTP_URL === undefined &&
        e.MAIL_INBOUND_PORT === undefined &&
        e.MAIL_INBOUND_SECRET === undefined &&
        e.NODE_ENV !== 'test'),
    mailFrom:
      e.MAIL_FROM ??
      `${e.COMPANY_NAME} <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
    /**
     * The address mail comes from when MAIL_FROM is not set: its display name is then the
     * business name in force at each message (a saved name reaches the sender at once).
     */
    mailFromAddress:
      e.MAIL_FROM === undefined
        ? `no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}`
        : undefined,
    /** Sign-in and sign-up attempts per minute from one address. */
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    /**
     * Failed sign-ins of one account (from any address) before its sign-in pauses for the window
     * (docs/decisions/006-sign-in-limits.md).
     */
    signInAccountLimit: {
      maxFailures: e.AUTH_ACCOUNT_MAX_FAILURES,
      windowMs: e.AUTH_ACCOUNT_LOCK_MINUTES * 60_000,
    },
    /** Upload requests (multipart forms) per minute from one signed-in user. */
    uploadRateLimitPerMinute: e.UPLOAD_RATE_LIMIT_PER_MINUTE,
    /** Requests per minute from one API key, whatever the route (docs/decisions/075). */
    apiKeyRateLimitPerMinute: e.API_KEY_RATE_LIMIT_PER_MINUTE,
    payments: {
      provider: e.PAYMENT_PROVIDER,
      /** ISO 4217, upper case. */
      currency: e.CURRENCY,
      stripe,
    },
    /** Australian Business Number printed on tax invoices. */
    abn: e.ABN,
    /** How often each process looks for due jobs; 0 turns the runner off (tests drive it). */
    jobsPollIntervalMs: e.JOBS_POLL_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 5000),
    /**
     * How many jobs of each lane one process runs at once: mail someone waits for, bulk work
     * (webhooks, digests) and money (renewals, the provider's sweeps), one at a time by default.
     */
    jobLanes: {
      mail: e.JOBS_MAIL_CONCURRENCY,
      bulk: e.JOBS_BULK_CONCURRENCY,
      money: e.JOBS_MONEY_CONCURRENCY,
    },
    /**
     * Profiling only: the SQL (with its parameters) of each request that carries
     * `x-query-log: record` is appended to this file, a JSON line per request (plugins/query-log.ts).
     */
    queryLogFile: e.QUERY_LOG_FILE,
    renewals: {
      /** Declined renewals of one period before the subscription is past due. */
      maxFailures: e.RENEWAL_MAX_FAILURES,
      /** First retry after a decline; each next retry waits twice as long. */
      retryBaseMs: e.RENEWAL_RETRY_MINUTES * 60_000,
    },
    /**
     * How long the email copy of a project message waits for the next ones, which it then
     * carries too: five messages in a minute make one email.
     */
    messageMailDelayMs: e.MESSAGE_MAIL_DELAY_SECONDS * 1000,
    /** IANA time zone of the business: the overview's today, this week and this month. */
    businessTimeZone: e.BUSINESS_TIMEZONE,
    /** Sign-in providers; a provider is offered only when all its keys are set. */
    oauth: {
      ...(google ? { google } : {}),
      ...(facebook ? { facebook } : {}),
      ...(apple ? { apple } : {}),
    },
  };
});

export type Config = z.output<typeof configSchema>;
export type OAuthConfig = Config['oauth'];
export type PaymentsConfig = Config['payments'];

export class ConfigError extends Error {}

/**
 * Reads the configuration from the environment, naming every missing or malformed variable at
 * once: each variable's own rule (the schema) and the rules between variables (Stripe's keys,
 * a sign-in provider's keys, several processes on PostgreSQL only, an ABN for live payments in
 * production).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const problems: string[] = [];
  if (cleaned.PAYMENT_PROVIDER === 'stripe') {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      if (!cleaned[name]) problems.push(`  ${name}: required when PAYMENT_PROVIDER=stripe`);
    }
  }
  problems.push(...missingOAuthKeys(cleaned));
  // Live payments in production need the ABN: without it every invoice is an 'Invoice', not a
  // tax invoice, and GST-registered customers cannot claim their GST credit. Live is a Stripe
  // live secret key (a test key or the sandbox charges nobody).
  const production = (cleaned.NODE_ENV ?? 'production') === 'production';
  const live = cleaned.STRIPE_SECRET_KEY?.startsWith('sk_live_') ?? false;
  if (production && live && !cleaned.ABN?.trim()) {
    problems.push(
      '  ABN: required in production with a live Stripe key (STRIPE_SECRET_KEY=sk_live_...): ' +
        'an Australian tax invoice must show the seller’s ABN.',
    );
  }
  const workers =
    cleaned.WORKERS === 'auto' ? os.availableParallelism() : Number(cleaned.WORKERS ?? 1);
  if (workers > 1 && !cleaned.DATABASE_URL) {
    problems.push(
      `  WORKERS: ${cleaned.WORKERS} processes need DATABASE_URL (PostgreSQL); ` +
        'the embedded database serves one process only. Set DATABASE_URL, or unset WORKERS.',
    );
  }
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    problems.unshift(...parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`));
  }
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return parsed.data;
}

/** A provider with some of its keys set is a mistake to name, not a provider to hide. */
const OAUTH_KEYS = [
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET'],
  ['APPLE_CLIENT_ID', 'APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'],
];

function missingOAuthKeys(env: Record<string, string | undefined>): string[] {
  return OAUTH_KEYS.flatMap((names) => {
    const set = names.filter((name) => env[name]);
    if (set.length === 0 || set.length === names.length) return [];
    return names
      .filter((name) => !env[name])
      .map(
        (name) =>
          `  ${name}: required when ${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} set`,
      );
  });
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // Written aside, then linked into place: processes starting together on one DATA_DIR all take
  // the first one's secret, and none reads a half-written file.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * The built web app: WEB_DIST_DIR, else apps/web/dist from src/config.ts in development or from
 * the bundled dist/main.js. Tests run the API without one (undefined).
 */
function webDist(setting: string | undefined): string | undefined {
  return path.resolve(
    setting ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist'),
  );
}
