import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { projects } from '../db/schema.ts';
import { bearer } from './factories.ts';
import { multipart } from './multipart.ts';

/** Every file under DATA_DIR/uploads, as store keys. */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** The smallest thing our upload check takes for an MP4 video: an ftyp box. */
export const TINY_MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42', 'latin1'),
  Buffer.alloc(64, 1),
]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG with a sound signature and header (800 by 500, RGB) and junk where the pixels should be:
 * it passes a check of the type and size, and fails only when the image is decoded.
 */
export const JUNK_PIXELS_PNG = (() => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(800, 0);
  header.writeUInt32BE(500, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from('not pixels, '.repeat(100))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
})();

export type FileSpec = NonNullable<Parameters<typeof multipart>[1]>[number];

/** A multipart request with fixtures and, optionally, generated videos. */
export function form(
  fields: Record<string, string>,
  files: FileSpec[] = [],
  videos: { field: string; count: number } | undefined = undefined,
) {
  const body = multipart(fields, files);
  for (let i = 0; i < (videos?.count ?? 0); i++) {
    body.append(videos!.field, new Blob([TINY_MP4], { type: 'video/mp4' }), `clip-${i}.mp4`);
  }
  return body;
}

export const sendForm = (
  app: FastifyInstance,
  token: string | null,
  method: 'POST' | 'PUT',
  url: string,
  body: FormData,
) =>
  app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    body,
  });

/** An order (project) for the service, as checkout leaves it. */
export async function createOrder(
  app: FastifyInstance,
  values: {
    userId: string;
    serviceId?: string | null;
    createdAt?: Date;
    totalPriceCents?: number;
    title?: string;
    type?: 'Project' | 'CustomQuote';
    /** The team member it is assigned to: a co-ordinator sees only theirs. */
    coordinatorId?: string | null;
  },
) {
  const [row] = await app.database.db
    .insert(projects)
    .values({
      userId: values.userId,
      coordinatorId: values.coordinatorId ?? null,
      serviceId: values.serviceId ?? null,
      type: values.type ?? 'Project',
      serviceTitle: values.title ?? 'An order',
      totalPriceCents: values.totalPriceCents ?? 10_000,
      oneTimeTotalWithGstCents: Math.round((values.totalPriceCents ?? 10_000) * 1.1),
      currency: 'USD',
      ...(values.createdAt ? { createdAt: values.createdAt, startDate: values.createdAt } : {}),
    })
    .returning();
  return row!;
}
