import { AppError, badRequest } from './errors.ts';

/** sharp, loaded with the first image, not at every start (docs/performance.md#server-start). */
const loadSharp = async () => (await import('sharp')).default;

/** The widths of the WebP copies of a public image, for srcset. */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;

/**
 * Checks an uploaded image by decoding all of it, and for a public one writes its resized WebP
 * copies beside `file` (`{file}-{width}.webp`, in IMAGE_VARIANT_WIDTHS order). The header can be
 * sound and the pixels junk: such a file is refused whole, before anything is stored. The files
 * written are pushed to `written` as they are made, so the caller removes them whatever happens.
 */
export async function decodeUploadedImage(
  file: string,
  field: string,
  options: { private?: boolean; written: string[] },
): Promise<void> {
  await assertImageSize(file, field);
  const sharp = await loadSharp();
  try {
    if (options.private) {
      // Nothing is kept of a private image but the file: a thumbnail nobody keeps decodes it.
      await sharp(file, { animated: false }).resize({ width: 32 }).raw().toBuffer();
      return;
    }
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const variant = `${file}-${width}.webp`;
      options.written.push(variant);
      await sharp(file, { animated: false })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toFile(variant);
    }
  } catch (error) {
    // A system error (disk full, permissions) is ours: let it be a 500.
    if ((error as NodeJS.ErrnoException).code) throw error;
    throw badRequest(`The file for ${field} is not a valid image`);
  }
}

async function assertImageSize(file: string, field: string) {
  const sharp = await loadSharp();
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
