import { createReadStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { saveUpload } from '../lib/uploads.ts';
import { createTestApp } from '../test/app.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');
const { app, config } = await createTestApp();

const store = (file: string, isPrivate = false) =>
  saveUpload({
    store: app.files,
    stream: createReadStream(path.join(fixtures, file)),
    originalName: file,
    accept: ['image', 'pdf'],
    limits: config.uploadLimits,
    field: 'file',
    private: isPrivate,
  });

describe('GET /uploads/*', () => {
  it('serves a stored image with a safe type, a sandbox CSP and long caching', async () => {
    const saved = await store('image.png');
    const res = await app.inject({ url: saved.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['cache-control']).toContain('immutable');
    const variant = await app.inject({ url: saved.variants[480]! });
    expect(variant.headers['content-type']).toBe('image/webp');
  });

  it('never serves private files, unknown keys or traversal', async () => {
    const saved = await store('document.pdf', true);
    expect((await app.inject({ url: `/uploads/${saved.key}` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/uploads/2026/01/nothing.png' })).statusCode).toBe(404);
    for (const url of ['/uploads/..%2f..%2fetc%2fpasswd', '/uploads/..%2ftoken-secret']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe('Not found');
    }
  });
});
