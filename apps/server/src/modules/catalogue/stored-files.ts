import type { FastifyBaseLogger } from 'fastify';
import { IMAGE_VARIANT_WIDTHS } from '../../lib/upload-images.ts';
import { keyFromUploadUrl, type SavedUpload } from '../../lib/uploads.ts';
import type { FileStore } from '../../plugins/file-store.ts';

/**
 * The width of the WebP copy the public site shows for catalogue images: wide enough for the
 * 400 px high gallery and the page and industry tiles on a 2x screen, a fraction of an original.
 */
export const CATALOGUE_IMAGE_WIDTH = 960;

/** The URL stored for an uploaded file: the 960 px WebP copy of an image, else the file itself. */
export function storedUrlOf(upload: SavedUpload): string {
  return upload.variants[CATALOGUE_IMAGE_WIDTH] ?? upload.url;
}

const ORIGINAL_IMAGE_EXTS = ['jpg', 'png', 'gif', 'webp', 'avif'] as const;

/**
 * Every store key that belongs with one stored URL: an image's original and all its WebP copies
 * (lib/uploads.ts names them `<base>.<ext>` and `<base>.w<width>.webp`), or just the file. Only
 * our own `/uploads/` URLs have keys; demo and external URLs have none.
 */
export function storeKeysOf(url: string): string[] {
  const key = keyFromUploadUrl(url);
  if (!key) return [];
  const variant = /^(.+)\.w\d+\.webp$/.exec(key);
  const image = /^(.+)\.(?:jpg|png|gif|webp|avif)$/.exec(key);
  const base = variant?.[1] ?? image?.[1];
  if (!base) return [key];
  return [
    ...ORIGINAL_IMAGE_EXTS.map((ext) => `${base}.${ext}`),
    ...IMAGE_VARIANT_WIDTHS.map((width) => `${base}.w${width}.webp`),
  ];
}

/**
 * Deletes the files behind URLs the catalogue no longer uses. Runs after the database change has
 * committed: a failure here leaves an orphan file (logged), never a row pointing at nothing.
 */
export async function removeStoredFiles(
  store: FileStore,
  log: FastifyBaseLogger,
  urls: Iterable<string>,
): Promise<void> {
  const keys = new Set([...urls].flatMap(storeKeysOf));
  await Promise.all(
    [...keys].map((key) =>
      store.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not remove file')),
    ),
  );
}
