import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { BinListing, LibraryFile, LibraryListing } from '@noise/shared/files';
import { createTestApp, testRepositories } from '../../test/app.ts';
import { createOrder } from '../../test/catalogue-admin-helpers.ts';
import { bearer, createTeammate, createUser } from '../../test/factories.ts';
import { fixturesDir, multipart } from '../../test/multipart.ts';
import { createQuote, pay, quoteBody, signQuote } from '../../test/order-factories.ts';
import { purgeBins } from './purge-bin.ts';

const PNG = readFileSync(path.join(fixturesDir, 'image.png'));
const { app, config } = await createTestApp();
const repos = testRepositories(app);
const cora = await createUser(app, { role: 'co-ordinator', firstName: 'Cora', lastName: 'Team' });
const colin = await createUser(app, { role: 'co-ordinator', firstName: 'Colin', lastName: 'Else' });
const admin = await createUser(app, { role: 'admin' });
const owner = await createUser(app, { firstName: 'Olive', lastName: 'Owner' });
const member = await createTeammate(app, owner.user, 'member', { firstName: 'Max' });
const billing = await createTeammate(app, owner.user, 'billing');
const other = await createUser(app, { firstName: 'Bob', lastName: 'Other' });
const companyOf = async (userId: string) => (await repos.companies.membershipOf(userId))!.companyId;
const company = await companyOf(owner.user.id);
const otherCompany = await companyOf(other.user.id);
const project = await createOrder(app, {
  userId: owner.user.id,
  title: 'Logo Design',
  coordinatorId: cora.user.id,
});
const colinsProject = await createOrder(app, {
  userId: owner.user.id,
  title: 'SEO',
  coordinatorId: colin.user.id,
});

const base = (id = company) => `/api/companies/${id}`;
const uploadsDir = path.join(config.dataDir, 'uploads');
/** Every object the file store holds, so a refusal can be seen to store nothing. */
function storedObjects(): string[] {
  try {
    return readdirSync(uploadsDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

async function list(token: string, folder?: string, companyId = company) {
  const res = await app.inject({
    url: `${base(companyId)}/files${folder ? `?folder=${folder}` : ''}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LibraryListing>();
}

function upload(
  token: string,
  options: { folderId?: string; bytes?: Buffer; name?: string; companyId?: string } = {},
) {
  const form = new FormData();
  if (options.folderId) form.append('folderId', options.folderId);
  form.append(
    'file',
    new Blob([options.bytes ?? PNG], { type: 'image/png' }),
    options.name ?? 'logo.png',
  );
  return app.inject({
    method: 'POST',
    url: `${base(options.companyId)}/files`,
    headers: bearer(token),
    body: form,
  });
}

async function makeFolder(token: string, name: string, parentId?: string) {
  return app.inject({
    method: 'POST',
    url: `${base()}/folders`,
    headers: bearer(token),
    payload: { name, ...(parentId ? { parentId } : {}) },
  });
}

const root = await list(owner.token);
const brand = root.folders.find((f) => f.kind === 'brand')!;
const orderFolder = root.folders.find((f) => f.projectId === project.id)!;

/** A PNG whose header claims 11,000 × 11,000 pixels: decoding it would take gigabytes. */
function pixelFlood(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(11_000, 0);
  ihdr.writeUInt32BE(11_000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(20_001))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the file library', () => {
  it('has Brand assets and a folder per order, and shows what it holds of the quota', () => {
    expect(root.folders.map((f) => f.name)).toEqual([
      'Brand assets',
      `Order ${colinsProject.orderNumber} · SEO`,
      `Order ${project.orderNumber} · Logo Design`,
    ]);
    expect(root.usage).toEqual({ usedBytes: 0, quotaBytes: 5 * 1024 ** 3 });
  });

  it('takes an upload into a folder, lists it and serves it as a private download', async () => {
    const res = await upload(member.token, { folderId: brand._id, name: 'Logo.png' });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json<LibraryFile>();
    expect(file).toMatchObject({ name: 'Logo.png', source: 'upload', readOnly: false });
    const inBrand = await list(owner.token, brand._id);
    expect(inBrand.files.map((f) => f.name)).toEqual(['Logo.png']);
    expect(inBrand.usage.usedBytes).toBe(PNG.length);
    expect(inBrand.path.map((f) => f.name)).toEqual(['Brand assets']);
    const download = await app.inject({ url: file.url, headers: bearer(member.token) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(download.headers['content-disposition']).toBe('attachment; filename="Logo.png"');
    expect(download.headers['content-security-policy']).toContain('sandbox');
  });

  it('names a file without an extension after its type', async () => {
    const res = await upload(owner.token, { name: 'favicon' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<LibraryFile>().name).toBe('favicon.png');
  });

  it('refuses, storing nothing, a wrong extension, a path, control characters and a pixel flood', async () => {
    const before = storedObjects();
    const cases: [Buffer | undefined, string, string][] = [
      [
        undefined,
        'report.pdf',
        'report.pdf is a PNG image, but its name ends in .pdf: name it .png',
      ],
      [undefined, '../../etc/logo.png', 'A file name cannot contain / or \\'],
      [undefined, '..\\logo.png', 'A file name cannot contain / or \\'],
      [undefined, 'lo\u0007go.png', 'A file name cannot contain control characters'],
      [pixelFlood(), 'huge.png', 'The image for file is too large'],
    ];
    for (const [bytes, name, message] of cases) {
      const res = await upload(owner.token, { name, ...(bytes ? { bytes } : {}) });
      expect({ name, status: res.statusCode, message: res.json().message }).toEqual({
        name,
        status: 400,
        message,
      });
    }
    expect(storedObjects()).toEqual(before);
  });

  it('makes folders, refusing a blank, too long, path-like or taken name', async () => {
    const made = await makeFolder(member.token, ' Logos ');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Logos', kind: 'custom', parentId: null });
    const refusals: [string, number, string][] = [
      ['', 400, 'Enter a name for the folder'],
      ['x'.repeat(81), 400, 'A folder name can be at most 80 characters'],
      ['../up', 400, 'A folder name cannot contain / or \\'],
      ['tab\there', 400, 'A folder name cannot contain control characters'],
      ['LOGOS', 409, "There is already a folder named 'LOGOS' here"],
      ['brand assets', 409, "There is already a folder named 'brand assets' here"],
    ];
    for (const [name, status, message] of refusals) {
      const res = await makeFolder(owner.token, name);
      expect({ name, status: res.statusCode, message: res.json().message }).toEqual({
        name,
        status,
        message,
      });
    }
    // The same name inside another folder is another place.
    const inside = await makeFolder(owner.token, 'Logos', brand._id);
    expect(inside.statusCode, inside.body).toBe(201);
    const top = await list(owner.token);
    expect(top.folders.filter((f) => f.name === 'Logos')).toHaveLength(1);
    expect(top.destinations.map((d) => d.label)).toContain('Brand assets / Logos');
  });

  it('renames and moves a file; refuses a wrong extension, a path and another company’s folder', async () => {
    const file = (await upload(owner.token)).json<LibraryFile>();
    const patch = (payload: object, token = owner.token) =>
      app.inject({
        method: 'PATCH',
        url: `${base()}/files/${file._id}`,
        headers: bearer(token),
        payload,
      });
    expect((await patch({ name: 'Final logo' })).json().name).toBe('Final logo.png');
    for (const [name, message] of [
      ['final.pdf', 'final.pdf is a PNG image, but its name ends in .pdf: name it .png'],
      ['../final.png', 'A file name cannot contain / or \\'],
      ['fi\nnal.png', 'A file name cannot contain control characters'],
      ['   ', 'Enter a name for the file'],
    ]) {
      const res = await patch({ name });
      expect({ status: res.statusCode, message: res.json().message }).toEqual({
        status: 400,
        message,
      });
    }
    const otherFolder = (await list(other.token, undefined, otherCompany)).folders[0]!;
    const crossed = await patch({ folderId: otherFolder._id });
    expect({ status: crossed.statusCode, message: crossed.json().message }).toEqual({
      status: 404,
      message: 'Folder not found',
    });
    const moved = await patch({ folderId: orderFolder._id });
    expect(moved.json()).toMatchObject({ folderId: orderFolder._id, name: 'Final logo.png' });
    expect((await patch({ name: 'x.png' }, member.token)).statusCode).toBe(403);
    const row = await repos.files.findFile(company, file._id);
    expect(row).toMatchObject({ name: 'Final logo.png', folderId: orderFolder._id });
  });

  it('deletes to the bin, restores from it, and the purge empties it after 30 days', async () => {
    const folder = (await makeFolder(owner.token, 'Drafts')).json<{ _id: string }>();
    const file = (await upload(owner.token, { folderId: folder._id })).json<LibraryFile>();
    const del = (url: string, token = owner.token) =>
      app.inject({ method: 'DELETE', url, headers: bearer(token) });
    // A folder with a file in it is refused and keeps it.
    const full = await del(`${base()}/folders/${folder._id}`);
    expect({ status: full.statusCode, message: full.json().message }).toEqual({
      status: 409,
      message: "'Drafts' is not empty: move or delete its files and folders first",
    });
    expect((await del(`${base()}/files/${file._id}`, member.token)).statusCode).toBe(403);
    const binned = await del(`${base()}/files/${file._id}`);
    expect(binned.statusCode, binned.body).toBe(200);
    expect(binned.json<LibraryFile>().deletedBy).toBe('Olive Owner');
    expect((await list(owner.token, folder._id)).files).toEqual([]);
    expect((await app.inject({ url: file.url, headers: bearer(owner.token) })).statusCode).toBe(
      404,
    );
    const bin = (
      await app.inject({ url: `${base()}/bin`, headers: bearer(owner.token) })
    ).json<BinListing>();
    expect(bin.files.map((f) => f._id)).toEqual([file._id]);
    expect(Date.parse(bin.files[0]!.purgeAt!) - Date.parse(bin.files[0]!.deletedAt!)).toBe(
      30 * 24 * 3600_000,
    );
    const restored = await app.inject({
      method: 'POST',
      url: `${base()}/bin/${file._id}/restore`,
      headers: bearer(owner.token),
    });
    expect(restored.json()).toMatchObject({ folderId: folder._id, deletedAt: null });
    expect((await list(owner.token, folder._id)).files.map((f) => f._id)).toEqual([file._id]);

    // Deleted again, the purge takes it only once its 30 days are over: row and stored object.
    await del(`${base()}/files/${file._id}`);
    const objects = storedObjects().length;
    expect(
      await purgeBins({ repos, store: app.files }, new Date(Date.now() + 29 * 86_400_000)),
    ).toBe(0);
    expect(
      await purgeBins({ repos, store: app.files }, new Date(Date.now() + 31 * 86_400_000)),
    ).toBe(1);
    expect(await repos.files.findFile(company, file._id)).toBeUndefined();
    expect(storedObjects()).toHaveLength(objects - 1);
    // An empty folder goes.
    expect((await del(`${base()}/folders/${folder._id}`)).statusCode).toBe(204);
  });

  it('deletes a file in the bin for good at once, freeing its room', async () => {
    const file = (await upload(owner.token)).json<LibraryFile>();
    const used = (await list(owner.token)).usage.usedBytes;
    await app.inject({
      method: 'DELETE',
      url: `${base()}/files/${file._id}`,
      headers: bearer(owner.token),
    });
    expect((await list(owner.token)).usage.usedBytes).toBe(used);
    const gone = await app.inject({
      method: 'DELETE',
      url: `${base()}/bin/${file._id}`,
      headers: bearer(owner.token),
    });
    expect(gone.statusCode).toBe(204);
    expect((await list(owner.token)).usage.usedBytes).toBe(used - PNG.length);
  });

  it('shows an order’s message, brief and deliverable files in its folder, never internal notes', async () => {
    const post = async (token: string, url: string, fields: Record<string, string>) => {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        body: multipart(fields, [
          { field: 'attachments', fixture: 'sample.pdf', filename: `${fields.text}.pdf` },
        ]),
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const p = `/api/projects/${project.id}`;
    await post(owner.token, `${p}/messages`, { text: 'from-customer' });
    await post(cora.token, `${p}/messages`, { text: 'team-only', internal: 'true' });
    await post(cora.token, `${p}/messages`, { text: 'the-logo', deliverable: 'Logo' });
    await post(owner.token, `${p}/brief`, { text: 'our-brief' });
    const folder = await list(owner.token, orderFolder._id);
    const own = folder.files.filter((f) => f.readOnly);
    expect(own.map((f) => [f.name, f.source]).sort()).toEqual([
      ['from-customer.pdf', 'message'],
      ['our-brief.pdf', 'brief'],
      ['the-logo.pdf', 'deliverable'],
    ]);
    expect(JSON.stringify(await list(admin.token, orderFolder._id))).not.toContain('team-only');
    for (const f of own) {
      const res = await app.inject({ url: f.url, headers: bearer(member.token) });
      expect(res.statusCode, f.name).toBe(200);
    }
    // They are the conversation's: the library cannot rename or delete them.
    const message = own.find((f) => f.source === 'message')!;
    const rename = await app.inject({
      method: 'PATCH',
      url: `${base()}/files/${message._id}`,
      headers: bearer(owner.token),
      payload: { name: 'renamed.pdf' },
    });
    expect(rename.statusCode).toBe(404);
  });

  it('shows the signed proposal of a paid proposal in its order’s folder', async () => {
    const quote = await createQuote(app, { accepted: false, customerId: owner.user.id });
    expect((await signQuote(app, quote.id, owner.token)).statusCode).toBe(200);
    const paid = await pay(app, owner.token, quoteBody(quote, { coordinatorId: cora.user.id }));
    expect(paid.statusCode, paid.body).toBe(200);
    const projectId = paid.json<{ projectId: string }>().projectId;
    const folder = (await list(owner.token)).folders.find((f) => f.projectId === projectId)!;
    const files = (await list(owner.token, folder._id)).files;
    expect(files.map((f) => [f.name, f.source])).toEqual([
      ['proposal-launch-campaign-signed.pdf', 'proposal'],
    ]);
    const pdf = await app.inject({ url: files[0]!.url, headers: bearer(owner.token) });
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('answers 404 to another company for the library, its folders and its files', async () => {
    const file = (await upload(owner.token, { folderId: brand._id })).json<LibraryFile>();
    const asOther = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url, headers: bearer(other.token), ...(payload ? { payload } : {}) });
    expect((await asOther('GET', `${base()}/files`)).statusCode).toBe(404);
    expect((await asOther('GET', `${base()}/bin`)).statusCode).toBe(404);
    expect((await asOther('GET', file.url)).statusCode).toBe(404);
    expect((await upload(other.token, { companyId: company })).statusCode).toBe(404);
    // Through Bob's own library's address, Olive's ids are not found either.
    const crossed = base(otherCompany);
    expect((await asOther('GET', `${crossed}/files?folder=${brand._id}`)).statusCode).toBe(404);
    expect((await asOther('GET', `${crossed}/files/${file._id}/content`)).statusCode).toBe(404);
    expect(
      (await asOther('PATCH', `${crossed}/files/${file._id}`, { name: 'x.png' })).statusCode,
    ).toBe(404);
    expect((await asOther('DELETE', `${crossed}/files/${file._id}`)).statusCode).toBe(404);
    expect((await asOther('DELETE', `${crossed}/folders/${brand._id}`)).statusCode).toBe(404);
    expect(
      (await upload(other.token, { companyId: otherCompany, folderId: brand._id })).statusCode,
    ).toBe(404);
    const row = await repos.files.findFile(company, file._id);
    expect(row).toMatchObject({ name: 'logo.png', deletedAt: null });
  });

  it('refuses billing people, and shows staff the library their scope allows', async () => {
    expect(
      (await app.inject({ url: `${base()}/files`, headers: bearer(billing.token) })).statusCode,
    ).toBe(403);
    const asAdmin = await list(admin.token);
    expect(asAdmin.folders.map((f) => f._id)).toEqual(
      (await list(owner.token)).folders.map((f) => f._id),
    );
    // A co-ordinator sees the library of a company with an order of theirs, with only their orders' folders.
    const asCora = await list(cora.token);
    expect(asCora.folders.some((f) => f.projectId === colinsProject.id)).toBe(false);
    expect(asCora.folders.some((f) => f.projectId === project.id)).toBe(true);
    const colinsFolder = (await list(admin.token)).folders.find(
      (f) => f.projectId === colinsProject.id,
    )!;
    const hidden = await app.inject({
      url: `${base()}/files?folder=${colinsFolder._id}`,
      headers: bearer(cora.token),
    });
    expect(hidden.statusCode).toBe(404);
    const stranger = await app.inject({
      url: `${base(otherCompany)}/files`,
      headers: bearer(cora.token),
    });
    expect(stranger.statusCode).toBe(404);
    // Staff upload too; it counts against the company's quota.
    expect((await upload(admin.token)).statusCode).toBe(201);
  });
});

describe('the quota', () => {
  it('refuses an upload that does not fit, before anything is stored', async () => {
    const small = await createTestApp({ companyFilesQuotaBytes: PNG.length + 100 });
    const person = await createUser(small.app);
    const id = (await testRepositories(small.app).companies.membershipOf(person.user.id))!
      .companyId;
    const send = () => {
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
      return small.app.inject({
        method: 'POST',
        url: `/api/companies/${id}/files`,
        headers: bearer(person.token),
        body: form,
      });
    };
    expect((await send()).statusCode).toBe(201);
    const dir = path.join(small.config.dataDir, 'uploads');
    const count = () =>
      readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    const before = count();
    const refused = await send();
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toMatch(
      /^This file does not fit in the library: 7 KB of 7.1 KB is used\./,
    );
    expect(count()).toBe(before);
  });
});
