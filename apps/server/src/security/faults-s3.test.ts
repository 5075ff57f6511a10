import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { industrySchema } from '@noise/shared/catalogue';
import { briefAttachments, industries, projectBriefs } from '../db/schema.ts';
import { createTestApp } from '../test/app.ts';
import { createOrder, form, sendForm } from '../test/catalogue-admin-helpers.ts';
import { createUser } from '../test/factories.ts';
import { snapshotDatabase } from '../test/db-snapshot.ts';

// Uploads stream through temporary files; this file's own folder shows whether a failed upload
// leaves any behind, whatever other test files upload meanwhile.
const tmp = mkdtempSync(path.join(os.tmpdir(), 'noise-s3-faults-tmp-'));
const tmpBefore = process.env.TMPDIR;
process.env.TMPDIR = tmp;
afterAll(() => {
  // Test files may share a worker: the next one gets the folder it had.
  if (tmpBefore === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpBefore;
  rmSync(tmp, { recursive: true, force: true });
});
const leftoverTempFiles = () => {
  const dir = path.join(tmp, 'noise-uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
};

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver on 127.0.0.1, stopped and started again on the same port and folder (the same bucket). */
const BUCKET = 'noise-faults';
const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'noise-s3-faults-'));
let s3rver: S3rverInstance | null = null;
let port = 0;
async function startS3() {
  s3rver = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  port = (await s3rver.run()).port;
}
async function stopS3() {
  await s3rver?.close();
  s3rver = null;
}
await startS3();
afterAll(async () => {
  await stopS3();
  rmSync(s3Dir, { recursive: true, force: true });
});

const s3 = {
  bucket: BUCKET,
  region: 'us-east-1',
  endpoint: `http://127.0.0.1:${port}`,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
};
const client = new S3Client({
  region: s3.region,
  endpoint: s3.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
afterAll(() => client.destroy());
const bucketKeys = async () =>
  ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? [])
    .map((o) => o.Key!)
    .sort();
const inBucket = (key: string) =>
  client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    () => true,
    () => false,
  );

const { app } = await createTestApp({ s3 });
const db = app.database.db;
const admin = await createUser(app, { role: 'admin' });
const customer = await createUser(app);
const project = await createOrder(app, { userId: customer.user.id, title: 'Brand refresh' });

const industryForm = (title: string) =>
  form({ title, link: '/services/seo' }, [
    { field: 'featurePhoto', fixture: 'image.png', type: 'image/png' },
  ]);
const briefForm = () =>
  form({ text: 'Our brand guide is attached.' }, [
    { field: 'attachments', fixture: 'sample.pdf', type: 'application/pdf' },
    { field: 'attachments', fixture: 'image.png', type: 'image/png' },
  ]);
const postBrief = () =>
  sendForm(app, customer.token, 'POST', `/api/projects/${project.id}/brief`, briefForm());

/**
 * What a failed upload must leave as it was: every table but the upload rate counter (each
 * upload counts, refused or not) and the temporary folder.
 */
async function stateNow() {
  return {
    db: await snapshotDatabase(db, { exclude: ['rate_counters'] }),
    temp: leftoverTempFiles(),
  };
}

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('30');
}

describe('S3 storage down', () => {
  it('refuses catalogue and brief uploads with a 503 that says so, and changes nothing', async () => {
    // Before the outage: one industry with a photo, stored in the bucket.
    const created = await sendForm(
      app,
      admin.token,
      'POST',
      '/api/industries',
      industryForm('Cafes'),
    );
    expect(created.statusCode, created.body).toBe(201);
    const cafes = industrySchema.parse(created.json());
    const keysBefore = await bucketKeys();

    await stopS3();
    const before = await stateNow();
    const started = performance.now();
    const newIndustry = await sendForm(
      app,
      admin.token,
      'POST',
      '/api/industries',
      industryForm('Bakeries'),
    );
    const newPhotoMs = performance.now() - started;
    const changedPhoto = await sendForm(
      app,
      admin.token,
      'PUT',
      `/api/industries/${cafes._id}`,
      industryForm('Cafes and bars'),
    );
    const brief = await postBrief();
    for (const res of [newIndustry, changedPhoto, brief]) {
      expectUnavailable(res);
      expect(res.json()).toMatchObject({
        error: 'service_unavailable',
        message: expect.stringMatching(/file storage is not answering.*try again/i),
      });
    }
    // Under the SDK's own retries, a refused connection fails fast.
    expect(newPhotoMs).toBeLessThan(10_000);

    // No row was written or changed (the industry still names its old photo), no temporary
    // file is left behind.
    expect(await stateNow()).toEqual(before);
    const [row] = await db.select().from(industries).where(eq(industries.id, cafes._id));
    expect(row!.featurePhotoUrl).toBe(cafes.featurePhoto);

    // Public files cannot be served meanwhile either: a 503, not a 404 that would look final.
    expectUnavailable(await app.inject({ url: cafes.featurePhoto }));

    await startS3();
    expect(await bucketKeys()).toEqual(keysBefore);
    expect((await app.inject({ url: cafes.featurePhoto })).statusCode).toBe(200);
  });

  it('takes the same uploads once S3 is back, and every stored row names a file in the bucket', async () => {
    const bakeries = await sendForm(
      app,
      admin.token,
      'POST',
      '/api/industries',
      industryForm('Bakeries'),
    );
    expect(bakeries.statusCode, bakeries.body).toBe(201);
    const brief = await postBrief();
    expect(brief.statusCode, brief.body).toBe(201);
    expect(brief.json().attachments).toHaveLength(2);

    const photos = (await db.select().from(industries)).map((i) => i.featurePhotoUrl);
    const attachments = await db
      .select({ key: briefAttachments.fileKey })
      .from(briefAttachments)
      .innerJoin(projectBriefs, eq(projectBriefs.id, briefAttachments.briefId));
    const keys = [
      ...photos.map((url) => url.replace(/^\/uploads\//, '')),
      ...attachments.map((a) => a.key),
    ];
    expect(keys).toHaveLength(4);
    for (const key of keys) expect(await inBucket(key), key).toBe(true);

    const file = brief.json().attachments[0].url as string;
    const served = await app.inject({
      url: file,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(served.statusCode).toBe(200);
    expect(leftoverTempFiles()).toEqual([]);
  });
});
