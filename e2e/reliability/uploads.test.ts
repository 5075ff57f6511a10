import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoordinator, signUpCustomer, staffToken } from '../checkout/helpers.ts';
import { placePaidOrder } from '../customer/helpers.ts';
import { startServer, type RunningServer } from '../support/server.ts';

// Hostile files through every upload route of the built server; then every stored file is
// fetched the way a browser would. An upload must never come back as a page of this origin.

const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/fixtures',
);
const realPng = readFileSync(path.join(fixtures, 'image.png'));
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SCRIPT = '<script>document.title = "owned:" + document.domain</script>';
const HTML = `<!doctype html><html><body><h1>hi</h1>${SCRIPT}</body></html>`;

interface Payload {
  name: string;
  bytes: Buffer;
  filename: string;
  type: string;
  /** Files whose bytes really are an image or a PDF may be stored (and must be served safely). */
  mayBeStored: boolean;
}

const payloads: Payload[] = [
  {
    name: 'HTML',
    bytes: Buffer.from(HTML),
    filename: 'page.html',
    type: 'text/html',
    mayBeStored: false,
  },
  {
    name: 'SVG with a script',
    bytes: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${SCRIPT}<rect width="10" height="10"/></svg>`,
    ),
    filename: 'logo.svg',
    type: 'image/svg+xml',
    mayBeStored: false,
  },
  {
    name: 'HTML named .png',
    bytes: Buffer.from(HTML),
    filename: 'photo.png',
    type: 'image/png',
    mayBeStored: false,
  },
  {
    name: 'HTML behind PNG magic bytes',
    bytes: Buffer.concat([PNG_MAGIC, Buffer.from(HTML)]),
    filename: 'photo.png',
    type: 'image/png',
    mayBeStored: false,
  },
  {
    name: 'a real PNG with HTML appended, named .html',
    bytes: Buffer.concat([realPng, Buffer.from(HTML)]),
    filename: 'page.html',
    type: 'text/html',
    mayBeStored: true,
  },
  {
    name: 'HTML behind a PDF header, named .html',
    bytes: Buffer.from(`%PDF-1.4\n${HTML}\n%%EOF\n`),
    filename: 'page.html',
    type: 'text/html',
    mayBeStored: true,
  },
];

let server: RunningServer;
let staff: string;
let customer: { token: string; email: string };
let projectId: string;
const privateUrls = new Set<string>();

interface Route {
  name: string;
  method: 'POST';
  url: () => string;
  token: () => string;
  field: string;
  fields: () => Record<string, string>;
}

const serviceFields = () => ({
  title: `Upload probe ${Math.random().toString(36).slice(2, 8)}`,
  description: 'Probe',
  paymentType: 'one-off',
  packages: JSON.stringify([
    {
      title: 'Starter',
      type: 'one-time',
      baseCost: 100,
      recurringCost: 0,
      priceSuffix: 'exc. GST',
      features: ['A'],
    },
  ]),
});

const routes: Route[] = [
  ...['featurePhoto', 'gallery', 'comparisonPdf', 'featureVideos', 'featureVideoThumbnails'].map(
    (field): Route => ({
      name: `POST /api/services ${field}`,
      method: 'POST',
      url: () => '/api/services',
      token: () => staff,
      field,
      fields: serviceFields,
    }),
  ),
  {
    name: 'POST /api/pages items[0][featurePhoto]',
    method: 'POST',
    url: () => '/api/pages',
    token: () => staff,
    field: 'items[0][featurePhoto]',
    fields: () => ({ title: 'Probe page', 'items[0][title]': 'Item', 'items[0][link]': '/x' }),
  },
  {
    name: 'POST /api/industries featurePhoto',
    method: 'POST',
    url: () => '/api/industries',
    token: () => staff,
    field: 'featurePhoto',
    fields: () => ({ title: `Probe ${Math.random().toString(36).slice(2, 6)}`, link: '/x' }),
  },
  {
    name: 'POST /api/users/site-users profilePhoto',
    method: 'POST',
    url: () => '/api/users/site-users',
    token: () => staff,
    field: 'profilePhoto',
    fields: () => ({
      email: `probe-${Math.random().toString(36).slice(2, 8)}@example.com`,
      role: 'co-ordinator',
      'profile[firstName]': 'Probe',
      'profile[lastName]': 'User',
    }),
  },
  {
    name: 'POST /api/projects/:id/brief attachments',
    method: 'POST',
    url: () => `/api/projects/${projectId}/brief`,
    token: () => customer.token,
    field: 'attachments',
    fields: () => ({ text: 'Our brief' }),
  },
];

/** Every string in a JSON answer that points at a stored file. */
function fileUrls(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    const match =
      /(\/uploads\/[^\s"?#]+|\/api\/projects\/[^/]+\/brief\/attachments\/[^\s"?#]+)/.exec(value);
    if (match) out.add(match[1]!);
  } else if (Array.isArray(value)) value.forEach((v) => fileUrls(v, out));
  else if (value && typeof value === 'object')
    Object.values(value).forEach((v) => fileUrls(v, out));
  return out;
}

/** Every file in the data folder's upload store, as keys. */
function storedKeys(): string[] {
  const root = path.join(server.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

function expectServedSafely(url: string, res: Response) {
  const type = res.headers.get('content-type') ?? '';
  expect(type, url).not.toMatch(/html|svg|xml|javascript|ecmascript/i);
  expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
  const disposition = res.headers.get('content-disposition') ?? '';
  const csp = res.headers.get('content-security-policy') ?? '';
  const sandboxed = /(^|;\s*)sandbox(\s*;|\s*$)/.test(csp);
  expect(disposition.startsWith('attachment') || sandboxed, `${url}: ${disposition} / ${csp}`).toBe(
    true,
  );
}

beforeAll(async () => {
  server = await startServer({ UPLOAD_RATE_LIMIT_PER_MINUTE: '100000' });
  staff = await staffToken(server);
  const coordinator = await createCoordinator(server, staff);
  customer = await signUpCustomer(server);
  const services = (await (await fetch(`${server.url}/api/services`)).json()) as { _id: string }[];
  const detail = (await (await fetch(`${server.url}/api/services/${services[0]!._id}`)).json()) as {
    packages: { title: string }[];
  };
  const project = await placePaidOrder(server, customer, {
    serviceId: services[0]!._id,
    packageTitle: detail.packages[0]!.title,
    extraTitles: [],
    coordinatorId: coordinator._id,
  });
  projectId = project._id;
});

afterAll(async () => {
  await server?.stop();
});

describe('uploads are never served as pages of the site', () => {
  const before = new Set<string>();

  it.each(
    routes.flatMap((route) =>
      payloads.map((payload) => [route.name, payload.name, route, payload] as const),
    ),
  )('%s: %s is refused or stored inertly', async (_route, _payload, route, payload) => {
    if (before.size === 0) storedKeys().forEach((k) => before.add(k));
    const form = new FormData();
    for (const [k, v] of Object.entries(route.fields())) form.append(k, v);
    form.append(
      route.field,
      new Blob([new Uint8Array(payload.bytes)], { type: payload.type }),
      payload.filename,
    );
    const res = await fetch(`${server.url}${route.url()}`, {
      method: route.method,
      headers: { authorization: `Bearer ${route.token()}` },
      body: form,
    });
    const body = (await res.json()) as unknown;
    if (!payload.mayBeStored) {
      expect(res.status, JSON.stringify(body)).toBe(400);
      // Refused for the file, not for some other field of the form.
      expect((body as { message: string }).message).toMatch(/^The file for /);
      return;
    }
    // Accepted or refused, whatever was stored is checked below.
    expect([200, 201, 400], JSON.stringify(body)).toContain(res.status);
    for (const url of fileUrls(body)) {
      if (url.startsWith('/api/')) privateUrls.add(url);
    }
  });

  it('every stored public file is served with a safe type, nosniff and a sandbox or attachment', async () => {
    const keys = storedKeys().filter((k) => !k.startsWith('private/'));
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const res = await fetch(`${server.url}/uploads/${key}`);
      expect(res.status, key).toBe(200);
      expectServedSafely(key, res);
      await res.arrayBuffer();
    }
  });

  it('private brief files are not public, and their own route serves them as attachments', async () => {
    const privateKeys = storedKeys().filter((k) => k.startsWith('private/'));
    expect(privateKeys.length).toBeGreaterThan(0);
    for (const key of privateKeys) {
      expect((await fetch(`${server.url}/uploads/${key}`)).status, key).toBe(404);
    }
    const brief = (await (
      await fetch(`${server.url}/api/projects/${projectId}/brief`, {
        headers: { authorization: `Bearer ${customer.token}` },
      })
    ).json()) as unknown;
    fileUrls(brief).forEach((u) => privateUrls.add(u));
    expect(privateUrls.size).toBeGreaterThan(0);
    for (const url of privateUrls) {
      const res = await fetch(`${server.url}${url}`, {
        headers: { authorization: `Bearer ${customer.token}` },
      });
      expect(res.status, url).toBe(200);
      expectServedSafely(url, res);
      expect(res.headers.get('content-disposition'), url).toMatch(/^attachment/);
      await res.arrayBuffer();
    }
  });
});
