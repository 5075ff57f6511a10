import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { createTestApp } from '../../test/app.ts';
import { openDemoFile, peek, resolveOwnFileUrl } from './own-files.ts';

const fixture = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../fixtures/sample.pdf',
);
const { app, config } = await createTestApp();
const uploads = path.join(config.dataDir, 'uploads');
mkdirSync(path.join(uploads, '2024/05'), { recursive: true });
copyFileSync(fixture, path.join(uploads, '2024/05/sample.pdf'));
writeFileSync(path.join(uploads, '2024/05/fake.pdf'), '<html><script>alert(1)</script></html>');
mkdirSync(path.join(uploads, 'private/2024'), { recursive: true });
copyFileSync(fixture, path.join(uploads, 'private/2024/brief.pdf'));

const PUBLIC = 'https://noise.example';
const pdf = (url: string) => app.inject({ url: `/api/pdf?url=${encodeURIComponent(url)}` });

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('resolveOwnFileUrl', () => {
  it('accepts our upload and demo paths, and absolute URLs on our own origin', () => {
    expect(resolveOwnFileUrl('/uploads/2024/05/a.pdf', PUBLIC)).toEqual({
      area: 'uploads',
      key: '2024/05/a.pdf',
    });
    expect(resolveOwnFileUrl('/demo/pdf/seo-comparison.pdf?v=2#page=1', PUBLIC)).toEqual({
      area: 'demo',
      relativePath: 'pdf/seo-comparison.pdf',
    });
    expect(resolveOwnFileUrl(`${PUBLIC}/uploads/2024/05/a.pdf`, PUBLIC)).toEqual({
      area: 'uploads',
      key: '2024/05/a.pdf',
    });
  });

  it.each([
    'https://evil.example/x.pdf',
    '//evil.example/uploads/x.pdf',
    'http://noise.example/uploads/x.pdf', // another scheme is another origin
    'https://noise.example.evil.example/uploads/x.pdf',
    'https://user:pass@noise.example/uploads/x.pdf',
    'file:///etc/passwd',
    'data:application/pdf;base64,JVBERi0=',
    'javascript:alert(1)',
    'uploads/x.pdf',
    '/etc/passwd',
    '/api/pdf?url=/uploads/x.pdf',
  ])('refuses %s as not ours with 400', (url) => {
    const error = refusal(() => resolveOwnFileUrl(url, PUBLIC));
    expect(error.statusCode).toBe(400);
  });

  it.each([
    '/uploads/../../etc/passwd',
    '/uploads/%2e%2e/%2e%2e/etc/passwd',
    '/uploads/%2E%2E/secret.pdf',
    '/uploads/%252e%252e/secret.pdf',
    '/demo/..%2f..%2fserver/secret.pdf',
    '/uploads/.%2e/x.pdf',
    '/uploads/a\\..\\..\\x.pdf',
    '/uploads//etc/passwd',
    '/uploads/./x.pdf',
    '/uploads/x%00.pdf',
    '/uploads/%E0%A4%A.pdf',
    '/uploads',
    `${PUBLIC}/uploads/%2e%2e/x.pdf`,
    `${PUBLIC}/uploads/../../etc/passwd`,
  ])('refuses the traversal %s with 400', (url) => {
    const error = refusal(() => resolveOwnFileUrl(url, PUBLIC));
    expect(error.statusCode).toBe(400);
  });

  it('answers a private upload as not found', () => {
    expect(refusal(() => resolveOwnFileUrl('/uploads/private/x.pdf', PUBLIC)).statusCode).toBe(404);
  });
});

describe('GET /api/pdf', () => {
  it('serves one of our uploaded PDFs inline, unsniffable', async () => {
    const res = await pdf('/uploads/2024/05/sample.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="sample.pdf"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(readFileSync(fixture))).toBe(true);
  });

  it('serves a shipped demo comparison sheet, also given as an absolute URL of ours', async () => {
    const res = await pdf('/demo/pdf/seo-comparison.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const absolute = await pdf(`${config.publicUrl}/demo/pdf/seo-comparison.pdf`);
    expect(absolute.statusCode).toBe(200);
  });

  it('refuses a foreign URL without fetching it', async () => {
    const res = await pdf('https://evil.example/x.pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only PDF files stored on this site can be shown');
  });

  it('refuses traversal, plain and percent-encoded', async () => {
    for (const url of [
      '/uploads/../../etc/passwd',
      '/uploads/%2e%2e/%2e%2e/etc/passwd',
      '/demo/%2e%2e/%2e%2e/%2e%2e/server/package.json',
    ]) {
      const res = await pdf(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe('That file address is not allowed');
    }
    // Sent with the dots encoded once only, the query decodes to '..'.
    const raw = await app.inject({ url: '/api/pdf?url=/uploads/%2e%2e/%2e%2e/etc/passwd' });
    expect(raw.statusCode).toBe(400);
  });

  it('refuses a file that is not a PDF, whatever its name', async () => {
    const res = await pdf('/uploads/2024/05/fake.pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('That file is not a PDF');
    const svg = await pdf('/demo/services/seo-1.svg');
    expect(svg.statusCode).toBe(400);
  });

  it('answers 404 for a missing file and for private uploads', async () => {
    expect((await pdf('/uploads/2024/05/missing.pdf')).statusCode).toBe(404);
    expect((await pdf('/demo/pdf/missing.pdf')).statusCode).toBe(404);
    const priv = await pdf('/uploads/private/2024/brief.pdf');
    expect(priv.statusCode).toBe(404);
    expect(priv.json().message).toBe('PDF not found');
  });

  it('asks for the url parameter', async () => {
    const res = await app.inject({ url: '/api/pdf' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/url/);
    expect((await pdf('   ')).statusCode).toBe(400);
  });
});

describe('openDemoFile', () => {
  it('does not follow a symlink out of its root', async () => {
    const root = path.join(config.dataDir, 'demo-root');
    mkdirSync(root, { recursive: true });
    copyFileSync(fixture, path.join(config.dataDir, 'outside.pdf'));
    symlinkSync(path.join(config.dataDir, 'outside.pdf'), path.join(root, 'link.pdf'));
    expect(await openDemoFile([root], 'link.pdf')).toBeNull();
    copyFileSync(fixture, path.join(root, 'inside.pdf'));
    const inside = await openDemoFile([root], 'inside.pdf');
    expect(inside).not.toBeNull();
    // Read to the end: a stream dropped before it opened its file would open it after the
    // test's folder is gone, and fail outside any test.
    const chunks: Buffer[] = [];
    for await (const chunk of inside!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('peek', () => {
  it('reads the first bytes and leaves the stream whole', async () => {
    const stream = Readable.from([Buffer.from('%P'), Buffer.from('DF-1.4 rest')], {
      objectMode: false,
    });
    expect((await peek(stream, 5)).toString()).toBe('%PDF-');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('%PDF-1.4 rest');
  });

  it('resolves with what there is when the stream is shorter', async () => {
    expect((await peek(Readable.from([Buffer.from('%P')]), 5)).toString()).toBe('%P');
    expect((await peek(Readable.from([]), 5)).length).toBe(0);
  });
});
