const VARIANT = /\.w(?:480|960|1600)\.webp$/;
const WIDTHS = [480, 960, 1600] as const;

/**
 * An uploaded catalogue image is stored as WebP copies 480, 960 and 1600 px wide (the server keeps
 * the 960 one's URL): let the browser pick the one that fits. Other images pass through as they are.
 */
export function responsiveImage(
  url: string,
  sizes: string,
): { src: string; srcSet?: string; sizes?: string } {
  if (!url.startsWith('/uploads/') || !VARIANT.test(url)) return { src: url };
  const base = url.replace(VARIANT, '');
  return {
    src: url,
    srcSet: WIDTHS.map((w) => `${base}.w${w}.webp ${w}w`).join(', '),
    sizes,
  };
}

/** The smallest copy, for thumbnails. */
export function thumbnailImage(url: string): string {
  return url.startsWith('/uploads/') && VARIANT.test(url)
    ? url.replace(VARIANT, '.w480.webp')
    : url;
}

/** The `sizes` of the service page's main gallery image (the server preloads the same pick). */
export const GALLERY_IMAGE_SIZES = '(min-width: 1024px) 50vw, 100vw';

/** The `sizes` of a content page's item photos. */
export const PAGE_ITEM_IMAGE_SIZES = '(min-width: 1024px) 33vw, 100vw';
