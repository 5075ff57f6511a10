import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { industrySchema } from '@noise/shared/catalogue';
import { createTestApp } from '../test/app.ts';
import { form, sendForm, storedFiles } from '../test/catalogue-admin-helpers.ts';
import { bearer, createUser } from '../test/factories.ts';
import { fixturesDir } from '../test/multipart.ts';
import type { Config } from '../config.ts';
import { createS3FileStore } from './file-store.ts';

// A real S3-compatible server (s3rver, from npm) on 127.0.0.1, with its own folder and bucket.
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const BUCKET = 'noise-uploads';
const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'noise-s3rver-'));
const s3rver = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: BUCKET }],
});
const { port } = await s3rver.run();
afterAll(async () => {
  await s3rver.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const s3: NonNullable<Config['s3']> = {
  bucket: BUCKET,
  region: 'us-east-1',
  endpoint: `http://127.0.0.1:${port}`,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
};
const store = createS3FileStore(s3);
const client = new S3Client({
  region: s3.region,
  endpoint: s3.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
afterAll(() => client.destroy());

const tempDir = mkdtempSync(path.join(os.tmpdir(), 'noise-s3-temp-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

function tempFile(bytes: Buffer): string {
  const file = path.join(tempDir, `upload-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, bytes);
  return file;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function bucketKeys(): Promise<string[]> {
  const res = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (res.Contents ?? []).map((o) => o.Key!).sort();
}

describe('S3 file store against s3rver', () => {
  it.each([
    ['catalogue/s3/photo.png', 'image.png', 'image/png'],
    ['catalogue/s3/photo.jpg', 'image.jpg', 'image/jpeg'],
    ['catalogue/s3/comparison.pdf', 'document.pdf', 'application/pdf'],
    ['private/briefs/s3/brief.pdf', 'sample.pdf', 'application/pdf'],
  ])('puts %s and gets the same bytes back as %s', async (key, fixture, contentType) => {
    const bytes = readFileSync(path.join(fixturesDir, fixture));
    const temp = tempFile(bytes);
    await store.putFile(key, temp, contentType);
    // The temporary file is the store's to remove once the object is in the bucket.
    expect(existsSync(temp)).toBe(false);

    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(head.ContentType).toBe(contentType);
    expect(head.ContentLength).toBe(bytes.length);

    const got = await store.get(key);
    expect(got).not.toBeNull();
    expect(got!.size).toBe(bytes.length);
    expect((await readAll(got!.body)).equals(bytes)).toBe(true);
  });

  it('answers null for a key that is not in the bucket', async () => {
    expect(await store.get('catalogue/s3/never-stored.png')).toBeNull();
  });

  it('deletes an object, and deleting a missing one is not an error', async () => {
    const key = 'catalogue/s3/to-delete.png';
    await store.putFile(key, tempFile(Buffer.from('not really a png')), 'image/png');
    expect(await store.get(key)).not.toBeNull();
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('refuses keys we would never make, before asking the bucket', async () => {
    const outside = 'catalogue/s3/outside.png';
    await store.putFile(outside, tempFile(Buffer.from('keep me')), 'image/png');
    for (const key of ['../outside.png', '/catalogue/s3/outside.png', 'catalogue//s3/x.png']) {
      expect(await store.get(key)).toBeNull();
      await expect(store.delete(key)).resolves.toBeUndefined();
      await expect(store.putFile(key, tempFile(Buffer.from('x')), 'image/png')).rejects.toThrow(
        /unsafe file key/,
      );
    }
    expect(await store.get(outside)).not.toBeNull();
    expect((await bucketKeys()).filter((k) => !/^(catalogue|private)\//.test(k))).toEqual([]);
  });
});

describe('uploads through the API on S3', async () => {
  const { app, config } = await createTestApp({ s3 });
  const admin = await createUser(app, { role: 'admin' });

  it('stores an industry photo in the bucket and serves it back at /uploads', async () => {
    expect(app.files.kind).toBe('s3');
    const before = await bucketKeys();
    const created = await sendForm(
      app,
      admin.token,
      'POST',
      '/api/industries',
      form({ title: 'Breweries', link: '/services/seo' }, [
        { field: 'featurePhoto', fixture: 'image.png', type: 'image/png' },
      ]),
    );
    expect(created.statusCode, created.body).toBe(201);
    const industry = industrySchema.parse(created.json());
    expect(industry.featurePhoto).toMatch(/^\/uploads\/.+\.webp$/);

    // Every variant went to the bucket; nothing landed on the local disk.
    const added = (await bucketKeys()).filter((k) => !before.includes(k));
    expect(added).toContain(industry.featurePhoto.slice('/uploads/'.length));
    expect(storedFiles(config.dataDir)).toEqual([]);

    const served = await app.inject({ url: industry.featurePhoto });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const body = served.rawPayload;
    expect(Number(served.headers['content-length'])).toBe(body.length);
    expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(body.subarray(8, 12).toString('latin1')).toBe('WEBP');

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/industries/${industry._id}`,
      headers: bearer(admin.token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await app.inject({ url: industry.featurePhoto })).statusCode).toBe(404);
    expect((await bucketKeys()).filter((k) => added.includes(k))).toEqual([]);
  });

  it('answers 404 for an upload that is not in the bucket', async () => {
    const res = await app.inject({ url: '/uploads/catalogue/nothing-here.png' });
    expect(res.statusCode).toBe(404);
  });
});
