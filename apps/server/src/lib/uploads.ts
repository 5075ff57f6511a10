import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import type { FileStore } from '../plugins/file-store.ts';
import { AppError, badRequest } from './errors.ts';
import { newId } from './ids.ts';

export type UploadKind = 'image' | 'pdf' | 'video' | 'document';

interface Detected {
  kind: UploadKind;
  contentType: string;
  ext: string;
}

/**
 * The file's real type from its first bytes; the name and the browser's content type are never
 * trusted. SVG and HTML are not accepted anywhere: they can carry scripts.
 */
export function detectFileType(head: Buffer): Detected | null {
  const ascii = head.subarray(0, 16).toString('latin1');
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { kind: 'image', contentType: 'image/jpeg', ext: 'jpg' };
  }
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { kind: 'image', contentType: 'image/png', ext: 'png' };
  }
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) {
    return { kind: 'image', contentType: 'image/gif', ext: 'gif' };
  }
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') {
    return { kind: 'image', contentType: 'image/webp', ext: 'webp' };
  }
  if (ascii.slice(4, 8) === 'ftyp') {
    const brand = ascii.slice(8, 12);
    if (brand === 'avif' || brand === 'avis') {
      return { kind: 'image', contentType: 'image/avif', ext: 'avif' };
    }
    if (brand.startsWith('qt'))
      return { kind: 'video', contentType: 'video/quicktime', ext: 'mov' };
    return { kind: 'video', contentType: 'video/mp4', ext: 'mp4' };
  }
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) {
    return { kind: 'video', contentType: 'video/webm', ext: 'webm' };
  }
  if (ascii.startsWith('%PDF-')) return { kind: 'pdf', contentType: 'application/pdf', ext: 'pdf' };
  return null;
}

export interface UploadLimits {
  image: number;
  pdf: number;
  video: number;
}

export interface SavedUpload {
  key: string;
  /** Public URL (`/uploads/<key>`), or an empty string for a private file. */
  url: string;
  contentType: string;
  kind: UploadKind;
  size: number;
  originalName: string;
  /** Resized WebP copies of an image, for srcset: width -> URL. */
  variants: Record<number, string>;
}

export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;

const KIND_LABEL: Record<UploadKind, string> = {
  image: 'an image (JPEG, PNG, GIF, WebP or AVIF)',
  pdf: 'a PDF',
  video: 'a video (MP4, MOV or WebM)',
  document: 'a document',
};

/**
 * Streams an upload to a temporary file, stopping as soon as it passes the size cap, checks its
 * type from its bytes, and moves it into the file store under a name the server makes.
 */
export async function saveUpload(options: {
  store: FileStore;
  stream: NodeJS.ReadableStream & { truncated?: boolean };
  originalName: string;
  accept: readonly UploadKind[];
  limits: UploadLimits;
  field: string;
  private?: boolean;
}): Promise<SavedUpload> {
  const { store, accept, limits, field } = options;
  const maxBytes = Math.max(...accept.map((k) => (k === 'document' ? limits.pdf : limits[k])));
  const tmpDir = path.join(os.tmpdir(), 'noise-uploads');
  await mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
  const variantTmps: string[] = [];
  let size = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(tooLarge(field, maxBytes));
        return;
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(options.stream, cap, createWriteStream(tmp));
    if (options.stream.truncated) throw tooLarge(field, maxBytes);
    if (size === 0) throw badRequest(`The file for ${field} is empty`);
    const head = Buffer.alloc(64);
    const fh = await open(tmp, 'r');
    await fh.read(head, 0, 64, 0);
    await fh.close();
    const detected = detectFileType(head);
    if (!detected || !accept.includes(detected.kind)) {
      throw badRequest(
        `The file for ${field} must be ${accept.map((k) => KIND_LABEL[k]).join(' or ')}`,
      );
    }
    const limit = limits[detected.kind === 'document' ? 'pdf' : detected.kind];
    if (size > limit) throw tooLarge(field, limit);
    if (detected.kind === 'image') {
      await assertDecodableImage(tmp, field);
      // The header can be sound and the pixels junk: decode the whole image (making the variants,
      // or a thumbnail nobody keeps) before anything is stored, so such a file is refused whole.
      await decodeImage(field, async () => {
        if (options.private) {
          await sharp(tmp, { animated: false }).resize({ width: 32 }).raw().toBuffer();
          return;
        }
        for (const width of IMAGE_VARIANT_WIDTHS) {
          const variantTmp = `${tmp}-${width}.webp`;
          variantTmps.push(variantTmp);
          await sharp(tmp, { animated: false })
            .rotate()
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: 78 })
            .toFile(variantTmp);
        }
      });
    }

    const now = new Date();
    const base = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${newId()}`;
    const key = `${options.private ? 'private/' : ''}${base}.${detected.ext}`;
    const variants: Record<number, string> = {};
    for (const [index, width] of IMAGE_VARIANT_WIDTHS.entries()) {
      const variantTmp = variantTmps[index];
      if (!variantTmp) break;
      const variantKey = `${base}.w${width}.webp`;
      await store.putFile(variantKey, variantTmp, 'image/webp');
      variants[width] = `/uploads/${variantKey}`;
    }
    await store.putFile(key, tmp, detected.contentType);
    return {
      key,
      url: options.private ? '' : `/uploads/${key}`,
      contentType: detected.contentType,
      kind: detected.kind,
      size,
      originalName: options.originalName.slice(0, 200),
      variants,
    };
  } finally {
    await Promise.all([tmp, ...variantTmps].map((file) => rm(file, { force: true })));
  }
}

async function assertDecodableImage(file: string, field: string) {
  try {
    const meta = await sharp(file).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    if (meta.width * meta.height > 100_000_000)
      throw badRequest(`The image for ${field} is too large`);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(`The file for ${field} is not a readable image`);
  }
}

/** Runs sharp's decoding; a file it cannot decode is the caller's mistake, not ours. */
async function decodeImage(field: string, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    // A system error (disk full, permissions) is ours: let it be a 500.
    if ((error as NodeJS.ErrnoException).code) throw error;
    throw badRequest(`The file for ${field} is not a valid image`);
  }
}

function tooLarge(field: string, maxBytes: number) {
  return new AppError(
    'file_too_large',
    413,
    `The file for ${field} is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`,
  );
}

/** The store key of one of our public upload URLs, or null for anything else. */
export function keyFromUploadUrl(url: string): string | null {
  const match = /^\/uploads\/(.+)$/.exec(url);
  return match ? match[1]! : null;
}
