import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { UnavailableError } from '../lib/errors.ts';

export interface StoredFile {
  body: Readable;
  size: number | undefined;
}

/**
 * Where uploaded files live (README.md, Configuration): local disk under DATA_DIR/uploads by default, an
 * S3-compatible bucket when configured, so several server processes share one store. Keys are
 * made by the server (see lib/uploads.ts); a key never comes from a browser.
 */
export interface FileStore {
  kind: 'local' | 's3';
  /** Moves a finished temporary file into the store under `key`. */
  putFile(key: string, tempPath: string, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^(?:private\/)?[a-z0-9][a-z0-9/_-]*\.[a-z0-9.]+$/;

/** Keys are ours, but check anyway: no traversal, no absolute paths, a fixed alphabet. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//');
}

export function createLocalFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe file key ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async putFile(key, tempPath) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(tempPath, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(tempPath, target);
        await rm(tempPath, { force: true });
      }
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const file = resolve(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { body: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      if (!isSafeKey(key)) return;
      await rm(resolve(key), { force: true });
    },
  };
}

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

export function createS3FileStore(options: S3Options): FileStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // By default the SDK streams a body with a trailing checksum (aws-chunked encoding). Many
    // S3-compatible stores keep that framing as part of the object, corrupting every upload;
    // checksums only where an operation requires one work with AWS S3 and with them all.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  /** A bucket that does not answer is the caller's 503 ('try again'), never a 500 or a 404. */
  const send: S3Client['send'] = async (command: Parameters<S3Client['send']>[0]) => {
    try {
      return await client.send(command);
    } catch (error) {
      throw isStoreUnavailable(error)
        ? new UnavailableError(
            'file store',
            'We could not store or fetch the file just now: file storage is not answering. Please try again in a few minutes.',
            { cause: error },
          )
        : error;
    }
  };
  return {
    kind: 's3',
    async putFile(key, tempPath, contentType) {
      if (!isSafeKey(key)) throw new Error(`unsafe file key ${key}`);
      const info = await stat(tempPath);
      await send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: createReadStream(tempPath),
          ContentLength: info.size,
          ContentType: contentType,
        }),
      );
      await rm(tempPath, { force: true });
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const res = await send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        return { body: res.Body as Readable, size: res.ContentLength };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isSafeKey(key)) return;
      await send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
  };
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'TimeoutError',
  'RequestTimeout',
]);

/**
 * The store cannot be reached, or answers that it is failing or overloaded (5xx, 429). A 4xx
 * such as AccessDenied or NoSuchBucket is a setting to fix, not an outage, and stays an error.
 */
export function isStoreUnavailable(error: unknown): boolean {
  const e = (error ?? {}) as {
    code?: unknown;
    name?: unknown;
    $metadata?: { httpStatusCode?: number };
  };
  const status = e.$metadata?.httpStatusCode;
  if (typeof status === 'number') return status >= 500 || status === 429;
  return UNREACHABLE.has(String(e.code)) || UNREACHABLE.has(String(e.name));
}
