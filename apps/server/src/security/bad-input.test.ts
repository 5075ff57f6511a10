import { eq, ne } from 'drizzle-orm';
import fc from 'fast-check';
import { exportPKCS8, generateKeyPair } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, describe, expect, it } from 'vitest';
import { notifications, payments, users } from '../db/schema.ts';
import type { DeclaredRoute } from '../plugins/auth.ts';
import { createTestApp } from '../test/app.ts';
import { JUNK_PIXELS_PNG, storedFiles, TINY_MP4 } from '../test/catalogue-admin-helpers.ts';
import { createIndustry, createPage } from '../test/catalogue-factories.ts';
import { bearer, createUser } from '../test/factories.ts';
import { multipart } from '../test/multipart.ts';
import {
  coordinator,
  createQuote,
  createServiceToOrder,
  orderBody,
  pay,
} from '../test/order-factories.ts';
import {
  anyJsonValue,
  deletePath,
  exampleFor,
  fieldPaths,
  hostileNumber,
  hostileString,
  hugeString,
  malformedJson,
  pathTrick,
  privilegedFields,
  setPath,
  violates,
  wrongContentTypes,
  type JsonSchema,
} from './arbitraries.ts';
import { watchTableChanges } from '../test/db-snapshot.ts';

/**
 * Bad input against every declared /api route, sent as a caller who may use the route (so the
 * request reaches validation and the handler, not the 401/403 gate): malformed JSON, wrong
 * content types, wrong types per field, hostile strings and numbers, huge bodies and arrays,
 * fields a client may not set, path tricks in ids and file names, disguised and oversize uploads.
 *
 * The property, per request: the answer is never a 5xx; a refusal (4xx) is JSON with a message
 * and no stack; and a refused request changes nothing: every table's row count and checksum, and
 * the uploaded files, are what they were before. A 2xx is accepted only where the input may be
 * valid (the test knows when it certainly is not: it checks the value against the schema the route
 * publishes in its OpenAPI description).
 *
 * Reproducing a failure: runs use the fixed seed below (override with BAD_INPUT_SEED=<n>);
 * fast-check prints the seed and path of a counterexample, which replay it exactly.
 */
const SEED = Number(process.env.BAD_INPUT_SEED ?? 424_242);
const RUNS_WITH_BODY = 30;
const RUNS_WITHOUT_BODY = 8;

/**
 * Tables a refused request may legitimately change: the rate-limit counters, which count
 * refused sign-ins and attempts as much as accepted ones (src/lib/rate-counter-repository.ts). Sessions
 * must not change on a refused request.
 */
const MAY_CHANGE_ON_REFUSAL: string[] = ['rate_counters'];

/**
 * Browser navigations of the sign-in providers: by design they answer with a redirect or a
 * self-contained HTML page, never JSON (docs/decisions/040-oauth-account-linking.md).
 */
const PAGE_ROUTE = /^\/api\/auth\/(google|facebook|apple)(\/callback)?$/;

/** Routes not fuzzed here, and why. */
const SKIPPED: Record<string, string> = {
  'GET /api/docs/static/index.html': 'third-party API documentation page, no input',
  'GET /api/docs/static/swagger-initializer.js': 'third-party API documentation page, no input',
  'GET /api/docs/static/*': 'third-party static files of the API documentation',
  'GET /api/docs/json': 'the OpenAPI document, no input',
  'GET /api/docs/yaml': 'the OpenAPI document, no input',
  'GET /api/notifications/stream': 'a server-sent event stream: its answer never ends',
  'POST /api/auth/logout': 'takes no input; any call is a valid sign-out',
};

// Small upload caps, so an oversize upload is cheap to send.
const UPLOAD_LIMITS = { image: 200 * 1024, pdf: 200 * 1024, video: 400 * 1024 };
// Every sign-in provider configured, against a local OpenID provider (Google, Apple) and a port
// nothing listens on (Facebook: bad input is refused before its endpoints are called), so the
// OAuth routes run their real input handling instead of a fixed 'not available' page.
const issuer = new OAuth2Server();
await issuer.issuer.keys.generate('RS256');
await issuer.start(0, '127.0.0.1');
afterAll(() => issuer.stop());
const appleKey = await generateKeyPair('ES256', { extractable: true });
const nowhere = 'http://127.0.0.1:9';
const { app, config } = await createTestApp({
  uploadLimits: UPLOAD_LIMITS,
  oauth: {
    google: {
      clientId: 'google-client',
      clientSecret: 'google-secret',
      issuer: issuer.issuer.url!,
    },
    facebook: {
      appId: 'fb-app',
      appSecret: 'fb-secret',
      authUrl: `${nowhere}/dialog/oauth`,
      tokenUrl: `${nowhere}/oauth/access_token`,
      userinfoUrl: `${nowhere}/me`,
    },
    apple: {
      clientId: 'apple-client',
      teamId: 'TEAM123',
      keyId: 'KEY123',
      privateKey: await exportPKCS8(appleKey.privateKey),
      issuer: issuer.issuer.url!,
    },
  },
});
const db = app.database.db;

// Some actions notify staff after answering (a sign-up, say). Track that work, so the snapshot
// after a request includes its late writes and they are not blamed on the next request.
const pending = new Set<Promise<unknown>>();
for (const name of ['send', 'sendQuietly', 'toStaff'] as const) {
  const original = app.notifier[name].bind(app.notifier) as (...args: unknown[]) => Promise<void>;
  (app.notifier as Record<string, unknown>)[name] = (...args: unknown[]) => {
    const work = original(...args);
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => {});
    return work;
  };
}
async function settle() {
  while (pending.size) await Promise.allSettled([...pending]);
}

// --- The world the requests act on ----------------------------------------------------------

const admin = await createUser(app, { role: 'super-admin' });
const { user: cora } = await coordinator(app);
// Site-user routes act on this one, so a valid edit never touches a user the others rely on.
const siteUserTarget = await createUser(app, { role: 'co-ordinator' });
const client = await createUser(app);
const order = await createServiceToOrder(app, {
  packages: [
    { title: 'Once', type: 'one-time', baseCostCents: 50_000 },
    { title: 'Weekly', type: 'weekly', baseCostCents: 10_000, recurringCostCents: 5_000 },
  ],
  extras: [{ title: 'Rush', priceCents: 9_950 }],
});
const paid = await pay(
  app,
  client.token,
  orderBody(order, { coordinatorId: cora.id, packageIndex: 1, extras: [0] }),
);
if (paid.statusCode !== 200) throw new Error(`setup order failed: ${paid.body}`);
const projectId = paid.json<{ projectId: string }>().projectId;
const [payment] = await db.select().from(payments).where(eq(payments.projectId, projectId));
const [clientRow] = await db.select().from(users).where(eq(users.id, client.user.id));
const quote = await createQuote(app);
const { page } = await createPage(app, { items: [{ title: 'One', link: '/one' }] });
const industry = await createIndustry(app);
const [notification] = await db
  .select()
  .from(notifications)
  .where(eq(notifications.userId, client.user.id));

const asked = await app.inject({
  method: 'POST',
  url: '/api/questions',
  headers: bearer(client.token),
  payload: multipart({ text: 'Can you also do our menus?' }),
});
if (asked.statusCode !== 201) throw new Error(`setup question failed: ${asked.body}`);
const questionId = asked.json<{ _id: string }>()._id;

/** The real id a route parameter names, so body validation runs against a real record. */
function realParam(url: string, name: string): string {
  if (name === 'paymentMethodId') return clientRow!.defaultPaymentMethodId ?? 'pm_none';
  if (name === 'customerId') return client.user.id;
  if (name === 'projectId') return projectId;
  if (name === 'attachmentId') return 'no-such-attachment';
  if (name === 'paymentId') return payment!.id;
  if (name === 'provider') return config.payments.provider;
  if (url.startsWith('/api/refunds/')) return 'no-such-refund';
  if (url.startsWith('/api/discount-codes/')) return 'no-such-code';
  if (url.startsWith('/api/webhooks/')) return 'no-such-endpoint';
  if (url.startsWith('/api/company/')) return 'no-such-record';
  if (url.startsWith('/api/companies/')) return 'no-such-company';
  if (url.startsWith('/api/invitations/')) return 'no-such-invitation';
  if (url.startsWith('/api/api-keys/') || url.startsWith('/api/users/api-keys/')) {
    return 'no-such-key';
  }
  if (url.startsWith('/api/users/clients/')) return client.user.id;
  if (url.startsWith('/api/users/site-users/')) return siteUserTarget.user.id;
  if (url.startsWith('/api/notifications/')) return notification?.id ?? 'none';
  if (url.startsWith('/api/services/')) return order.service.id;
  if (url.startsWith('/api/pages/')) return page.id;
  if (url.startsWith('/api/industries/')) return industry.id;
  if (url.startsWith('/api/company-pages/')) return 'about-us';
  if (url.startsWith('/api/invoices/')) return 'no-such-invoice';
  if (url.startsWith('/api/subscriptions/')) return 'no-such-subscription';
  if (url.startsWith('/api/quotes/')) return quote.id;
  if (url.startsWith('/api/payments/')) return payment!.id;
  if (url.startsWith('/api/projects')) return projectId;
  if (url.startsWith('/api/questions/')) return questionId;
  if (url.startsWith('/api/users/coordinators/')) return 'no-such-coordinator';
  if (url.startsWith('/api/my/request-plans/') || url.startsWith('/api/my/requests/')) {
    return 'no-such-plan';
  }
  if (url.startsWith('/api/requests/')) return 'no-such-request';
  if (url.startsWith('/api/business/logo/')) return '0000000000000000.png';
  throw new Error(`No real value for :${name} of ${url}`);
}

function tokenFor(route: DeclaredRoute): string | null {
  if (route.access === 'public') return null;
  if (route.access === 'authenticated' || route.access.startsWith('client:')) return client.token;
  return admin.token;
}

// --- What each route accepts ------------------------------------------------------------------

type OpenApiOperation = {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
};
const openapi = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
const operationOf = (route: DeclaredRoute) =>
  openapi.paths[route.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()];

interface FileField {
  name: string;
  accepts: 'image' | 'pdf' | 'video' | 'pdf-or-image';
}
interface MultipartRoute {
  /** Text fields of a form the route accepts. */
  fields: () => Record<string, string>;
  files: FileField[];
}

const serviceForm = () => ({
  title: `Fuzz service ${Math.random().toString(36).slice(2, 8)}`,
  description: 'A service.',
  packages: JSON.stringify([
    {
      title: 'P',
      type: 'one-time',
      baseCost: 100,
      recurringCost: 0,
      priceSuffix: 'excluding GST',
      features: ['a'],
    },
  ]),
  serviceExtras: JSON.stringify([{ title: 'E', description: 'An extra', price: 10 }]),
});
const pageForm = () => ({ title: 'Fuzz page', 'items[0][title]': 'A', 'items[0][link]': '/a' });
const industryForm = () => ({ title: 'Fuzz industry', link: '/services/seo' });
const siteUserForm = () => ({
  email: `fuzz-${Math.random().toString(36).slice(2, 10)}@example.com`,
  role: 'co-ordinator',
  'profile[firstName]': 'Fuzz',
});
const serviceFiles: FileField[] = [
  { name: 'featurePhoto', accepts: 'image' },
  { name: 'comparisonPdf', accepts: 'pdf' },
  { name: 'gallery', accepts: 'image' },
  { name: 'featureVideos', accepts: 'video' },
  { name: 'featureVideoThumbnails', accepts: 'image' },
];

/** Routes that read multipart forms (their OpenAPI entry has no body schema to read). */
const MULTIPART: Record<string, MultipartRoute> = {
  'POST /api/services': { fields: serviceForm, files: serviceFiles },
  'PUT /api/services/:id': { fields: serviceForm, files: serviceFiles },
  'POST /api/pages': {
    fields: pageForm,
    files: [{ name: 'items[0][featurePhoto]', accepts: 'image' }],
  },
  'PUT /api/pages/:id': {
    fields: pageForm,
    files: [{ name: 'items[0][featurePhoto]', accepts: 'image' }],
  },
  'POST /api/industries': {
    fields: industryForm,
    files: [{ name: 'featurePhoto', accepts: 'image' }],
  },
  'PUT /api/industries/:id': {
    fields: industryForm,
    files: [{ name: 'featurePhoto', accepts: 'image' }],
  },
  'POST /api/users/site-users': {
    fields: siteUserForm,
    files: [{ name: 'profilePhoto', accepts: 'image' }],
  },
  'PUT /api/users/site-users/:id': {
    fields: () => ({ ...siteUserForm(), email: siteUserTarget.user.email }),
    files: [{ name: 'profilePhoto', accepts: 'image' }],
  },
  'POST /api/projects/:id/brief': {
    fields: () => ({ text: 'Our brief' }),
    files: [{ name: 'attachments', accepts: 'pdf-or-image' }],
  },
};

/** Bodies the routes accept, so one changed field is the only thing wrong. */
function validBody(key: string): unknown {
  switch (key) {
    case 'POST /api/payments/handle-payment':
      return orderBody(order, { coordinatorId: cora.id, idempotencyKey: 'fuzz-order-key-1' });
    case 'POST /api/payments/guest-checkout':
      return {
        ...orderBody(order, { coordinatorId: cora.id, idempotencyKey: 'fuzz-guest-key-1' }),
        customer: { name: 'Guest Person', email: 'guest-fuzz@example.com' },
        projectDetails: {
          ...orderBody(order, { coordinatorId: cora.id }).projectDetails,
          firstName: 'Guest',
          lastName: 'Person',
          emailAddress: 'guest-fuzz@example.com',
        },
      };
    case 'PUT /api/users/projects/:projectId/status':
    case 'PUT /api/projects/:projectId/status':
      return {
        statusUpdate: { title: 'Project In Progress', date: '2030-01-01', description: 'Going' },
      };
    case 'PATCH /api/projects/:id':
      return { expectedDeliveryDate: '2030-02-03' };
    case 'POST /api/quotes':
    case 'PUT /api/quotes/:id':
      return {
        name: 'Fuzz quote',
        summary: 's',
        internalNotes: 'n',
        deliverables: 'a, b',
        extras: '',
        value: 100,
      };
    case 'POST /api/users/clients/:id/notes':
      return { note: 'A note' };
    case 'PUT /api/users/profile':
    case 'PUT /api/users/clients/:id':
      return {
        profile: {
          firstName: 'Fuzz',
          lastName: 'Person',
          companyName: 'Acme',
          contactNumber: '0412345678',
        },
      };
    case 'POST /api/auth/signup':
      return {
        email: 'fuzz-signup@example.com',
        phoneNumber: '0412345678',
        password: 'x'.repeat(12),
      };
    default:
      return undefined;
  }
}

// --- Sending a case and checking the property -------------------------------------------------

interface Case {
  route: DeclaredRoute;
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer | FormData;
  /** The input is certainly invalid: the route must refuse it. */
  mustRefuse: boolean;
  /** The input names no real record (a path trick): nothing may change, whatever the status. */
  mustNotChange?: boolean;
}

// Which tables each request changed: only the tables a statement touched are hashed again.
const tableChanges = await watchTableChanges(db, { exclude: MAY_CHANGE_ON_REFUSAL });
let lastFiles = storedFiles(config.dataDir);

const STACK = /\n\s+at |node_modules|\.ts:\d+|\.js:\d+/;
const STORED_NAME = /^(private\/)?\d{4}\/\d{2}\/[A-Za-z0-9_-]+(\.w\d+)?\.[a-z0-9]{2,5}$/;

type CaseInput = Omit<Case, 'route'>;

/** Counterexamples print as their label, not as megabytes of payload. */
function printable(c: CaseInput, route: DeclaredRoute): Case {
  return Object.assign(
    { ...c, route },
    { [fc.toStringMethod]: () => `${c.method} ${c.url.slice(0, 120)} [${c.label}]` },
  );
}

async function check(c: Case) {
  const res = await app.inject({
    method: c.method as 'POST',
    url: c.url,
    headers: c.headers,
    ...(c.payload !== undefined ? { body: c.payload } : {}),
  });
  await settle();
  const changed = await tableChanges.changed();
  const files = storedFiles(config.dataDir);
  const newFiles = files.filter((f) => !lastFiles.includes(f));
  const filesBefore = lastFiles;
  lastFiles = files;

  const where = `${c.method} ${c.url.slice(0, 200)} [${c.label.slice(0, 80)}] -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  expect(res.body, where).not.toMatch(STACK);
  if (res.statusCode >= 400) {
    if (PAGE_ROUTE.test(c.route.url) && /^text\/html/.test(String(res.headers['content-type']))) {
      expect(res.body, where).toMatch(/<h1>[^<]+<\/h1>/);
    } else {
      expect(res.headers['content-type'], where).toMatch(/^application\/json/);
      const message = res.json<{ message?: unknown }>().message;
      expect(typeof message === 'string' && message.trim().length > 0, where).toBe(true);
    }
    expect(changed, `${where}: a refused request changed tables`).toEqual([]);
    expect(files, `${where}: a refused request left files`).toEqual(filesBefore);
    return;
  }
  expect(c.mustRefuse, `${where}: certainly invalid input was accepted`).toBe(false);
  if (c.mustNotChange)
    expect(changed, `${where}: a request for no record changed tables`).toEqual([]);
  // Files are stored under names the server makes, whatever the client called them.
  for (const f of newFiles) expect(f, where).toMatch(STORED_NAME);
  // Fields a client may add never make anyone staff: only the site-user routes change who is.
  const nowStaff = await staffIds();
  if (!c.route.url.startsWith('/api/users/site-users')) expect(nowStaff, where).toEqual(staff);
  staff = nowStaff;
}

const staffIds = async () =>
  (await db.select({ id: users.id }).from(users).where(ne(users.role, 'client')))
    .map((u) => u.id)
    .sort();
let staff = await staffIds();

// --- Generators per route ---------------------------------------------------------------------

const keyOf = (r: DeclaredRoute) => `${r.method} ${r.url}`;
const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

function concreteUrl(route: DeclaredRoute, override?: { name: string; value: string }): string {
  return route.url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    override?.name === name ? override.value : encodeURIComponent(realParam(route.url, name)),
  );
}

const auth = (route: DeclaredRoute): Record<string, string> => {
  const token = tokenFor(route);
  return token ? bearer(token) : {};
};
const hasBodyMethod = (m: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m);

function pathCases(route: DeclaredRoute): fc.Arbitrary<CaseInput> | null {
  const names = paramNames(route.url);
  if (!names.length) return null;
  const key = keyOf(route);
  const body = MULTIPART[key] ? undefined : (validBody(key) ?? bodyExample(route));
  return fc.tuple(fc.constantFrom(...names), pathTrick).map(([name, value]) => ({
    label: `path ${name}=${value.slice(0, 40)}`,
    method: route.method,
    url: concreteUrl(route, { name, value }),
    headers: {
      ...auth(route),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
    mustRefuse: false,
    mustNotChange: true,
  }));
}

function queryCases(route: DeclaredRoute): fc.Arbitrary<CaseInput> | null {
  const params = (operationOf(route)?.parameters ?? []).filter((p) => p.in === 'query');
  if (!params.length) return null;
  const value = fc.oneof(hostileString, hostileNumber.map(String), fc.constantFrom('1', '0', ''));
  return fc.tuple(fc.constantFrom(...params), value, fc.boolean()).map(([param, v, twice]) => {
    const encoded = `${encodeURIComponent(param.name)}=${encodeURIComponent(v)}`;
    const numeric = param.schema.type === 'integer' || param.schema.type === 'number';
    return {
      label: `query ${param.name}=${v.slice(0, 40)}${twice ? ' (twice)' : ''}`,
      method: route.method,
      url: `${concreteUrl(route)}?${twice ? `${encoded}&${encoded}` : encoded}`,
      headers: auth(route),
      // A repeated parameter arrives as a list: maybe refused, maybe the first is taken.
      mustRefuse: !twice && violates(param.schema, numeric ? Number(v) : v),
    };
  });
}

function bodySchema(route: DeclaredRoute): JsonSchema | undefined {
  return operationOf(route)?.requestBody?.content?.['application/json']?.schema;
}
function bodyExample(route: DeclaredRoute): unknown {
  const schema = bodySchema(route);
  return schema ? exampleFor(schema) : undefined;
}

/** Body cases every POST/PUT/PATCH/DELETE gets: what no JSON route may accept. */
function rawBodyCases(route: DeclaredRoute): fc.Arbitrary<CaseInput> | null {
  if (!hasBodyMethod(route.method)) return null;
  const key = keyOf(route);
  const takesBody = !!bodySchema(route) || !!MULTIPART[key];
  const base = validBody(key) ?? bodyExample(route) ?? {};
  // A route that reads no body would act on a real record whatever the body says (a DELETE, a
  // cancel): aim those at a record that does not exist, and nothing may change.
  const names = paramNames(route.url);
  const aimless = !takesBody && names.length > 0;
  const url = aimless
    ? concreteUrl(route, { name: names[0]!, value: 'no-such-record' })
    : concreteUrl(route);
  const headers = auth(route);
  return fc.oneof(
    malformedJson.map((text) => ({
      label: `malformed JSON ${JSON.stringify(text).slice(0, 40)}`,
      method: route.method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: text,
      mustRefuse: true,
      mustNotChange: aimless,
    })),
    fc.constantFrom(...wrongContentTypes).map((type) => ({
      label: `content type ${type}`,
      method: route.method,
      url,
      headers: { ...headers, 'content-type': type },
      payload: JSON.stringify(base),
      mustRefuse: takesBody,
      mustNotChange: aimless,
    })),
    fc.constant({
      label: 'body over the size limit',
      method: route.method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...(base as object), padding: hugeString(1024 * 1024 + 10) }),
      mustRefuse: true,
      mustNotChange: aimless,
    }),
    fc.constantFrom<unknown>(null, [], 'text', 42, true, [base]).map((value) => ({
      label: `body ${JSON.stringify(value).slice(0, 30)}`,
      method: route.method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(value),
      mustRefuse: takesBody,
      mustNotChange: aimless,
    })),
  );
}

/** One field of a plausible body changed to something hostile, or privileged fields added. */
function jsonFieldCases(route: DeclaredRoute): fc.Arbitrary<CaseInput> | null {
  const schema = bodySchema(route);
  if (!schema) return null;
  const key = keyOf(route);
  const base = validBody(key) ?? exampleFor(schema);
  const paths = fieldPaths(schema);
  const url = concreteUrl(route);
  const headers = { ...auth(route), 'content-type': 'application/json' };
  const toCase = (label: string, body: unknown): CaseInput => ({
    label,
    method: route.method,
    url,
    headers,
    payload: JSON.stringify(body),
    mustRefuse: violates(schema, body),
  });
  const options: fc.Arbitrary<CaseInput>[] = [
    privilegedFields.map((extra) => {
      const body = { ...(base as object), ...extra };
      // Inside nested objects too (projectDetails, profile, statusUpdate).
      for (const [k, v] of Object.entries(base as object)) {
        if (v && typeof v === 'object' && !Array.isArray(v)) {
          (body as Record<string, unknown>)[k] = { ...v, ...extra };
        }
      }
      return toCase(`privileged fields ${Object.keys(extra).join(',')}`, body);
    }),
  ];
  if (paths.length) {
    const value = fc.oneof(anyJsonValue, hostileString, hostileNumber);
    options.push(
      fc
        .tuple(fc.constantFrom(...paths), value)
        .map(([path, v]) =>
          toCase(`${path.join('.')}=${JSON.stringify(v)?.slice(0, 40)}`, setPath(base, path, v)),
        ),
      fc
        .constantFrom(...paths)
        .map((path) => toCase(`without ${path.join('.')}`, deletePath(base, path))),
    );
  }
  return fc.oneof(...options);
}

// Uploads: files that are not what they say, and files too large.
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script>');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);
const disguised: { label: string; bytes: Buffer; name: string; type: string }[] = [
  { label: 'HTML named .png', bytes: HTML, name: 'photo.png', type: 'image/png' },
  { label: 'SVG named .png', bytes: SVG, name: 'photo.png', type: 'image/png' },
  { label: 'SVG as SVG', bytes: SVG, name: 'photo.svg', type: 'image/svg+xml' },
  {
    label: 'HTML behind PNG magic',
    bytes: Buffer.concat([PNG_MAGIC, HTML]),
    name: 'photo.png',
    type: 'image/png',
  },
  { label: 'HTML named .pdf', bytes: HTML, name: 'brief.pdf', type: 'application/pdf' },
  { label: 'SVG named .pdf', bytes: SVG, name: 'brief.pdf', type: 'application/pdf' },
  { label: 'HTML named .mp4', bytes: HTML, name: 'clip.mp4', type: 'video/mp4' },
  { label: 'empty file', bytes: Buffer.alloc(0), name: 'photo.png', type: 'image/png' },
  { label: 'PNG with junk pixels', bytes: JUNK_PIXELS_PNG, name: 'photo.png', type: 'image/png' },
];
const oversize = (accepts: FileField['accepts']) => {
  const limit = accepts === 'video' ? UPLOAD_LIMITS.video : UPLOAD_LIMITS.image;
  const head =
    accepts === 'video' ? TINY_MP4 : accepts === 'pdf' ? Buffer.from('%PDF-1.4\n') : PNG_MAGIC;
  return Buffer.concat([head, Buffer.alloc(limit + 1024, 0x20)]);
};

function multipartCases(route: DeclaredRoute): fc.Arbitrary<CaseInput> | null {
  const spec = MULTIPART[keyOf(route)];
  if (!spec) return null;
  const url = concreteUrl(route);
  const headers = auth(route);
  const withFile = (label: string, field: FileField, bytes: Buffer, name: string, type: string) => {
    const form = multipart(spec.fields());
    form.append(field.name, new Blob([bytes], { type }), name);
    return { label, method: route.method, url, headers, payload: form, mustRefuse: true };
  };
  const fieldNames = Object.keys(spec.fields());
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...spec.files), fc.constantFrom(...disguised))
      .map(([field, d]) => withFile(`${field.name}: ${d.label}`, field, d.bytes, d.name, d.type)),
    fc
      .constantFrom(...spec.files)
      .map((field) =>
        withFile(`${field.name}: oversize`, field, oversize(field.accepts), 'big.png', 'image/png'),
      ),
    // A real image in a field that takes only other kinds, or a file in a field nobody reads.
    fc.constantFrom('unexpectedField', '../../etc/passwd', '').map((fieldName) => {
      const form = multipart(spec.fields(), [{ field: fieldName, fixture: 'image.png' }]);
      return {
        label: `file in field ${fieldName}`,
        method: route.method,
        url,
        headers,
        payload: form,
        mustRefuse: true,
      };
    }),
    // A good image under a hostile file name: may be stored, but never under that name.
    fc
      .tuple(
        fc.constantFrom(...spec.files.filter((f) => f.accepts !== 'pdf' && f.accepts !== 'video')),
        fc.constantFrom(
          '../../../../tmp/evil.png',
          '/etc/passwd',
          'a\u0000.png',
          '..\\..\\x.png',
          '\u202Egnp.exe',
        ),
      )
      .map(([field, filename]) => ({
        label: `${field.name}: file name ${JSON.stringify(filename)}`,
        method: route.method,
        url,
        headers,
        payload: multipart(spec.fields(), [{ field: field.name, fixture: 'image.png', filename }]),
        mustRefuse: false,
      })),
    // Hostile text in one form field.
    fc
      .tuple(fc.constantFrom(...fieldNames), fc.oneof(hostileString, hostileNumber.map(String)))
      .map(([name, value]) => ({
        label: `form ${name}=${JSON.stringify(value).slice(0, 40)}`,
        method: route.method,
        url,
        headers,
        payload: multipart({ ...spec.fields(), [name]: value }),
        mustRefuse: false,
      })),
  );
}

/** Every route: odd but well-formed headers (caching, language, encoding, request id). */
function headerCases(route: DeclaredRoute): fc.Arbitrary<CaseInput> {
  const printable = fc.oneof(
    fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      maxLength: 60,
    }),
    fc.constantFrom('*', 'W/"x"', '"' + 'a'.repeat(8_000) + '"', 'gzip;q=NaN, br;q=-1', '../../x'),
  );
  const key = keyOf(route);
  const body = MULTIPART[key] ? undefined : validBody(key);
  return fc
    .tuple(
      fc.constantFrom(
        'if-none-match',
        'if-modified-since',
        'accept-language',
        'accept-encoding',
        'x-request-id',
        'accept',
        'range',
      ),
      printable,
    )
    .map(([name, value]) => ({
      label: `header ${name}: ${value.slice(0, 40)}`,
      method: route.method,
      // A path trick keeps a valid write from happening; GETs read the real record.
      url:
        hasBodyMethod(route.method) && paramNames(route.url).length
          ? concreteUrl(route, { name: paramNames(route.url)[0]!, value: 'no-such-record' })
          : concreteUrl(route),
      headers: {
        ...auth(route),
        [name]: value,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: body !== undefined ? JSON.stringify(body) : undefined,
      mustRefuse: false,
      mustNotChange: hasBodyMethod(route.method) && paramNames(route.url).length > 0,
    }));
}

// Every route, every case: dates that do not exist, edits that name nothing, junk images. These
// are sent in full rather than sampled, so a new route or field is tried the day it is added.

/** Well-formed dates (or nearly) that name no real day or time. */
const IMPOSSIBLE_DATES = [
  '2024-13-45',
  '2024-02-30',
  '2023-02-29',
  '2024-04-31',
  '2024-00-10',
  '0000-01-01',
  '2024-02-30T10:00:00Z',
  '2024-01-01T24:61:00Z',
];

/** A field that holds a date, by its declared format or by its name (expectedDeliveryDate, from). */
function isDateField(name: string, schema: JsonSchema | undefined): boolean {
  const format = (schema as { format?: string } | undefined)?.format;
  if (format === 'date' || format === 'date-time') return true;
  return /date|^(from|to|since|until)$/i.test(name) || /[a-z]At$/.test(name);
}

function schemaAt(schema: JsonSchema, path: string[]): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema.oneOf?.[0] ?? schema.anyOf?.[0] ?? schema;
  for (const key of path) node = node?.properties?.[key];
  return node;
}

/** The query parameters and body fields of a route that hold dates. */
function dateFields(route: DeclaredRoute): { query: string[]; body: string[][] } {
  const query = (operationOf(route)?.parameters ?? [])
    .filter((p) => p.in === 'query' && isDateField(p.name, p.schema))
    .map((p) => p.name);
  const schema = bodySchema(route);
  const body = schema
    ? fieldPaths(schema).filter((path) => isDateField(path.at(-1)!, schemaAt(schema, path)))
    : [];
  return { query, body };
}

function fixedCases(route: DeclaredRoute): CaseInput[] {
  const key = keyOf(route);
  const headers = auth(route);
  const json = { ...headers, 'content-type': 'application/json' };
  const cases: CaseInput[] = [];
  const fields = dateFields(route);
  for (const name of fields.query) {
    for (const date of IMPOSSIBLE_DATES) {
      cases.push({
        label: `query ${name}=${date}`,
        method: route.method,
        url: `${concreteUrl(route)}?${name}=${encodeURIComponent(date)}`,
        headers,
        mustRefuse: true,
      });
    }
  }
  const schema = bodySchema(route);
  if (schema) {
    const base = validBody(key) ?? exampleFor(schema);
    for (const path of fields.body) {
      for (const date of IMPOSSIBLE_DATES) {
        cases.push({
          label: `${path.join('.')}=${date}`,
          method: route.method,
          url: concreteUrl(route),
          headers: json,
          payload: JSON.stringify(setPath(base, path, date)),
          mustRefuse: true,
        });
      }
    }
  }
  if (route.method === 'PATCH' || route.method === 'PUT') {
    // A route that reads no body would act on its record whatever was sent: aim it at none.
    const takesBody = !!schema || !!MULTIPART[key];
    const names = paramNames(route.url);
    const aimless = !takesBody && names.length > 0;
    cases.push({
      label: 'empty body {}',
      method: route.method,
      url: aimless
        ? concreteUrl(route, { name: names[0]!, value: 'no-such-record' })
        : concreteUrl(route),
      headers: json,
      payload: '{}',
      mustRefuse: MULTIPART[key] ? true : violates(schema, {}),
      mustNotChange: aimless,
    });
  }
  const spec = MULTIPART[key];
  for (const field of spec?.files ?? []) {
    if (field.accepts !== 'image' && field.accepts !== 'pdf-or-image') continue;
    const form = multipart(spec!.fields());
    form.append(field.name, new Blob([JUNK_PIXELS_PNG], { type: 'image/png' }), 'photo.png');
    cases.push({
      label: `${field.name}: PNG with junk pixels`,
      method: route.method,
      url: concreteUrl(route),
      headers,
      payload: form,
      mustRefuse: true,
    });
  }
  return cases;
}

// --- The tests --------------------------------------------------------------------------------

const routes = app.declaredRoutes.filter((r) => !SKIPPED[keyOf(r)]);

describe('bad input on every API route', () => {
  it('covers every declared route, and knows every route that reads a form', () => {
    for (const key of [...Object.keys(SKIPPED), ...Object.keys(MULTIPART)]) {
      expect(app.declaredRoutes.map(keyOf), key).toContain(key);
    }
    expect(routes.length).toBeGreaterThan(80);
  });

  it('accepts the valid bodies and forms the cases start from', async () => {
    // Otherwise a refusal of a "one bad field" case could be for another reason.
    const industryRes = await app.inject({
      method: 'POST',
      url: '/api/industries',
      headers: bearer(admin.token),
      body: multipart(industryForm(), [{ field: 'featurePhoto', fixture: 'image.png' }]),
    });
    expect(industryRes.statusCode, industryRes.body).toBe(201);
    const serviceRes = await app.inject({
      method: 'POST',
      url: '/api/services',
      headers: bearer(admin.token),
      body: multipart(serviceForm()),
    });
    expect(serviceRes.statusCode, serviceRes.body).toBe(201);
    const note = await app.inject({
      method: 'POST',
      url: `/api/users/clients/${client.user.id}/notes`,
      headers: bearer(admin.token),
      payload: validBody('POST /api/users/clients/:id/notes') as object,
    });
    expect(note.statusCode, note.body).toBeLessThan(300);
    await settle();
    await tableChanges.changed();
    lastFiles = storedFiles(config.dataDir);
  });

  for (const route of routes) {
    const generators = [
      headerCases(route),
      pathCases(route),
      queryCases(route),
      rawBodyCases(route),
      jsonFieldCases(route),
      multipartCases(route),
    ].filter((g): g is fc.Arbitrary<CaseInput> => g !== null);
    const withBody = hasBodyMethod(route.method);
    it(`${route.method} ${route.url} (${route.access})`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(...generators).map((c) => printable(c, route)),
          (c) => check(c),
        ),
        { seed: SEED, numRuns: withBody ? RUNS_WITH_BODY : RUNS_WITHOUT_BODY },
      );
    });
  }
});

describe('impossible dates, empty edits and junk images on every API route', () => {
  const withCases = routes.filter((route) => fixedCases(route).length > 0);

  it('finds the date fields of the routes that take dates', () => {
    const dated = routes.filter((route) => {
      const { query, body } = dateFields(route);
      return query.length + body.length > 0;
    });
    for (const key of [
      'GET /api/projects-all',
      'GET /api/reports/sales.csv',
      'GET /api/reports/revenue',
      'PATCH /api/projects/:id',
      'PUT /api/projects/:projectId/status',
      'PUT /api/users/projects/:projectId/status',
    ]) {
      expect(dated.map(keyOf), key).toContain(key);
    }
  });

  for (const route of withCases) {
    it(`${route.method} ${route.url} (${route.access})`, async () => {
      for (const c of fixedCases(route)) await check({ ...c, route });
    });
  }
});
