import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from '../plugins/file-store.ts';
import { detectFileType, type UploadKind } from './detect-file-type.ts';
import { AppError, badRequest } from './errors.ts';
import { newId } from './ids.ts';
import { decodeUploadedImage, IMAGE_VARIANT_WIDTHS } from './upload-images.ts';

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

const KIND_LABEL: Record<UploadKind, string> = {
  image: 'an image (JPEG, PNG, GIF, WebP or AVIF)',
  pdf: 'a PDF',
  video: 'a video (MP4, MOV or WebM)',
  document: 'an office document (Word, Excel, PowerPoint or OpenDocument)',
  zip: 'a zip file',
};

/** Office documents and zip files are held to the PDF limit: they are documents too. */
const limitOf = (kind: UploadKind, limits: UploadLimits) =>
  kind === 'image' || kind === 'video' ? limits[kind] : limits.pdf;

const listOf = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

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
  /**
   * A further limit than the kinds' (the room left in a company's library): passing it stops
   * the stream with `cap.refuse()`'s error, before anything is stored.
   */
  cap?: UploadCap;
  /** Last word on the file, once its type is known and before it is stored: throw to refuse. */
  check?: (file: CheckedUpload) => void | Promise<void>;
}): Promise<SavedUpload> {
  const { store, accept, limits, field, cap: extraCap } = options;
  const kindMax = Math.max(...accept.map((k) => limitOf(k, limits)));
  const maxBytes = extraCap ? Math.min(kindMax, extraCap.bytes) : kindMax;
  const overMax = () =>
    extraCap && extraCap.bytes < kindMax ? extraCap.refuse() : tooLarge(field, maxBytes);
  const tmpDir = path.join(os.tmpdir(), 'noise-uploads');
  await mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
  const variantTmps: string[] = [];
  let size = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(size > maxBytes ? overMax() : null, chunk);
    },
  });
  try {
    await pipeline(options.stream, cap, createWriteStream(tmp));
    if (options.stream.truncated) throw tooLarge(field, kindMax);
    if (size === 0) throw badRequest(`The file for ${field} is empty`);
    const detected = await detectFileType(tmp, options.originalName, {
      documentLimit: limits.pdf,
    });
    if (!detected || !accept.includes(detected.kind)) {
      throw badRequest(`The file for ${field} must be ${listOf(accept.map((k) => KIND_LABEL[k]))}`);
    }
    if (detected.unpacksTo !== undefined) {
      throw badRequest(
        `The file for ${field} would unpack to ${Math.round(detected.unpacksTo / 1024 ** 2).toLocaleString('en-AU')} MB: a zip that expands that much is refused`,
      );
    }
    const limit = limitOf(detected.kind, limits);
    if (size > limit) throw tooLarge(field, limit);
    if (detected.kind === 'image') {
      await decodeUploadedImage(tmp, field, { private: options.private, written: variantTmps });
    }
    await options.check?.({ ...detected, size, originalName: options.originalName });

    const base = `${new Date().toISOString().slice(0, 7).replace('-', '/')}/${newId()}`;
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

export interface UploadCap {
  bytes: number;
  refuse: () => Error;
}

export interface CheckedUpload {
  kind: UploadKind;
  ext: string;
  contentType: string;
  size: number;
  originalName: string;
}

function tooLarge(field: string, maxBytes: number) {
  const megabytes = Math.round(maxBytes / (1024 * 1024));
  const message = `The file for ${field} is larger than ${megabytes} MB`;
  return new AppError('file_too_large', 413, message);
}

/** The store key of one of our public upload URLs, or null for anything else. */
export function keyFromUploadUrl(url: string): string | null {
  const match = /^\/uploads\/(.+)$/.exec(url);
  return match ? match[1]! : null;
}
