import { Play } from 'lucide-react';
import { useState } from 'react';
import type { FeatureVideo } from '@noise/shared/catalogue';
import { GALLERY_IMAGE_SIZES, responsiveImage, thumbnailImage } from '@noise/shared/images';
import { cn } from '@/lib/utils';

export const VIDEO_PLACEHOLDER = '/video-placeholder.svg';
export const IMAGE_PLACEHOLDER = '/service-placeholder.svg';

type MediaItem =
  | { kind: 'video'; url: string; thumbnail: string }
  | { kind: 'image'; url: string; thumbnail: string };

interface MediaGalleryProps {
  title: string;
  videos: FeatureVideo[];
  images: string[];
}

/**
 * docs/product.md#media-gallery: a large view of the selected item and a row of 64 px thumbnails,
 * videos first then images, the first selected. The large view is 250 px tall on small screens,
 * 400 px on md+.
 */
export function MediaGallery({ title, videos, images }: MediaGalleryProps) {
  const items: MediaItem[] = [
    ...videos
      .filter((video) => video.url)
      .map((video) => ({
        kind: 'video' as const,
        url: video.url,
        thumbnail: video.thumbnailUrl || VIDEO_PLACEHOLDER,
      })),
    ...images.filter(Boolean).map((url) => ({ kind: 'image' as const, url, thumbnail: url })),
  ];
  const [selected, setSelected] = useState(0);
  const current = items[selected] ?? items[0];

  if (!current) {
    return (
      <div className="h-[250px] overflow-hidden rounded-card bg-ink md:h-[400px]">
        <img src={IMAGE_PLACEHOLDER} alt="" className="size-full object-cover" />
      </div>
    );
  }

  const videoCount = items.filter((item) => item.kind === 'video').length;
  const labelOf = (item: MediaItem, index: number) =>
    item.kind === 'video'
      ? `Play video ${index + 1} of ${videoCount}`
      : `Show image ${index - videoCount + 1} of ${items.length - videoCount}`;

  return (
    <div>
      <div className="h-[250px] overflow-hidden rounded-card bg-ink shadow-card md:h-[400px]">
        {current.kind === 'video' ? (
          <video
            key={current.url}
            src={current.url}
            poster={current.thumbnail === VIDEO_PLACEHOLDER ? undefined : current.thumbnail}
            controls
            preload="metadata"
            className="size-full object-contain"
            aria-label={`${title}: video`}
          />
        ) : (
          <img
            key={current.url}
            {...responsiveImage(current.url, GALLERY_IMAGE_SIZES)}
            alt={`${title}: image ${selected - videoCount + 1}`}
            fetchPriority="high"
            className="size-full object-cover"
            onError={(event) => {
              event.currentTarget.src = IMAGE_PLACEHOLDER;
            }}
          />
        )}
      </div>
      {items.length > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto p-1" aria-label="Media">
          {items.map((item, index) => (
            <li key={`${item.kind}-${item.url}`} className="shrink-0">
              <button
                type="button"
                aria-label={labelOf(item, index)}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
                className={cn(
                  'relative block size-16 cursor-pointer overflow-hidden rounded-xl border-2 bg-ink transition-[border-color,opacity] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-strong',
                  index === selected
                    ? 'border-accent'
                    : 'border-transparent opacity-70 hover:opacity-100',
                )}
              >
                <img
                  src={thumbnailImage(item.thumbnail)}
                  alt=""
                  loading="lazy"
                  className="size-full object-cover"
                  onError={(event) => {
                    event.currentTarget.src =
                      item.kind === 'video' ? VIDEO_PLACEHOLDER : IMAGE_PLACEHOLDER;
                  }}
                />
                {item.kind === 'video' ? (
                  <span className="absolute inset-0 grid place-items-center bg-ink/30 text-paper">
                    <Play aria-hidden="true" className="size-5 fill-current" />
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
