import { FileText, Film, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FileField, ImageFileField } from '../../components/file-field';
import { useObjectUrl, useObjectUrls } from '../../components/object-urls';
import { useConfirm } from '../../components/use-confirm';
import { newKey, type ServiceFiles, type VideoEntry } from './service-form-model';

interface MediaFieldsProps {
  files: ServiceFiles;
  onChange: (update: (files: ServiceFiles) => ServiceFiles) => void;
}

function fileNameOf(url: string): string {
  try {
    return decodeURIComponent(
      new URL(url, window.location.origin).pathname.split('/').pop() ?? url,
    );
  } catch {
    return url;
  }
}

function ComparisonPdfField({ files, onChange }: MediaFieldsProps) {
  const current =
    files.comparisonPdf?.name ?? (files.comparisonPdfUrl ? fileNameOf(files.comparisonPdfUrl) : '');
  return (
    <div className="flex flex-col gap-3">
      <FileField
        label="Comparison PDF"
        accept=".pdf,application/pdf"
        hint="Shown under 'Compare Services' on the service page."
        onFiles={([file]) => onChange((f) => ({ ...f, comparisonPdf: file ?? null }))}
      />
      {current ? (
        <div className="flex items-center gap-3 rounded-xl bg-canvas px-4 py-2.5 text-sm">
          <FileText aria-hidden="true" className="size-5 shrink-0 text-muted" />
          {files.comparisonPdf ? (
            <span className="min-w-0 flex-1 truncate">{current} (new)</span>
          ) : (
            <a
              href={files.comparisonPdfUrl}
              target="_blank"
              rel="noreferrer"
              className="min-w-0 flex-1 truncate font-semibold text-accent-strong underline-offset-4 hover:underline"
            >
              {current}
            </a>
          )}
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Remove comparison PDF"
            onClick={() =>
              onChange((f) =>
                f.comparisonPdf ? { ...f, comparisonPdf: null } : { ...f, comparisonPdfUrl: '' },
              )
            }
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function GalleryField({ files, onChange }: MediaFieldsProps) {
  const newUrls = useObjectUrls(files.galleryFiles);
  const tiles = [
    ...files.galleryUrls.map((url, index) => ({
      key: `kept-${url}`,
      url,
      label: `Remove gallery image ${index + 1}`,
      remove: () =>
        onChange((f) => ({ ...f, galleryUrls: f.galleryUrls.filter((u) => u !== url) })),
    })),
    ...files.galleryFiles.map((file, index) => ({
      key: `new-${index}-${file.name}`,
      url: newUrls[index] ?? '',
      label: `Remove gallery image ${files.galleryUrls.length + index + 1}`,
      remove: () =>
        onChange((f) => ({ ...f, galleryFiles: f.galleryFiles.filter((g) => g !== file) })),
    })),
  ];
  return (
    <div className="flex flex-col gap-3">
      <FileField
        label="Gallery images"
        accept="image/*"
        multiple
        hint="Choose several at once; they are added after the ones shown."
        onFiles={(chosen) =>
          onChange((f) => ({ ...f, galleryFiles: [...f.galleryFiles, ...chosen] }))
        }
      />
      {tiles.length ? (
        <ul aria-label="Gallery" className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {tiles.map((tile) => (
            <li
              key={tile.key}
              className="relative aspect-square overflow-hidden rounded-xl bg-canvas"
            >
              {tile.url ? <img src={tile.url} alt="" className="size-full object-cover" /> : null}
              <button
                type="button"
                aria-label={tile.label}
                onClick={tile.remove}
                className="absolute top-1.5 right-1.5 grid size-8 cursor-pointer place-items-center rounded-full bg-ink/80 text-paper hover:bg-ink focus-visible:outline-3 focus-visible:outline-accent-strong"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No gallery images yet.</p>
      )}
    </div>
  );
}

function VideoRow({
  video,
  index,
  onThumbnail,
  onRemove,
}: {
  video: VideoEntry;
  index: number;
  onThumbnail: (file: File | null) => void;
  onRemove: () => void;
}) {
  const videoUrl = useObjectUrl(video.kind === 'new' ? video.file : null);
  const thumbnailUrl = useObjectUrl(video.kind === 'new' ? video.thumbnail : null);
  const src = video.kind === 'kept' ? video.url : videoUrl;
  const poster = video.kind === 'kept' ? video.thumbnailUrl : thumbnailUrl;
  const name = video.kind === 'kept' ? fileNameOf(video.url) : video.file.name;
  return (
    <li className="rounded-xl border-2 border-line p-4">
      <fieldset className="flex flex-col gap-4 md:flex-row md:items-start">
        <legend className="sr-only">Video {index + 1}</legend>
        <div className="aspect-video w-full shrink-0 overflow-hidden rounded-lg bg-ink md:w-56">
          {src ? (
            <video
              src={src}
              poster={poster || undefined}
              preload="metadata"
              muted
              className="size-full object-cover"
            />
          ) : (
            <Film aria-hidden="true" className="m-auto size-8 text-paper/60" />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <p className="truncate text-sm font-semibold">
            Video {index + 1}: {name}
            {video.kind === 'new' ? <span className="font-normal text-muted"> (new)</span> : null}
          </p>
          {video.kind === 'new' ? (
            <ImageFileField
              label={`Thumbnail for video ${index + 1}`}
              file={video.thumbnail}
              onFile={onThumbnail}
              hint="Optional; a placeholder is shown without one."
            />
          ) : null}
        </div>
        <Button variant="ghost" size="sm" onClick={onRemove} className="self-start">
          <X aria-hidden="true" />
          Remove video<span className="sr-only"> {index + 1}</span>
        </Button>
      </fieldset>
    </li>
  );
}

function VideosField({ files, onChange }: MediaFieldsProps) {
  const [confirm, confirmElement] = useConfirm();
  return (
    <div className="flex flex-col gap-3">
      <FileField
        label="Feature videos"
        accept="video/*"
        multiple
        hint="Each new video can have its own thumbnail image."
        onFiles={(chosen) =>
          onChange((f) => ({
            ...f,
            videos: [
              ...f.videos,
              ...chosen.map((file) => ({
                key: newKey(),
                kind: 'new' as const,
                file,
                thumbnail: null,
              })),
            ],
          }))
        }
      />
      {files.videos.length ? (
        <ul aria-label="Feature videos" className="flex flex-col gap-3">
          {files.videos.map((video, index) => (
            <VideoRow
              key={video.key}
              video={video}
              index={index}
              onThumbnail={(thumbnail) =>
                onChange((f) => ({
                  ...f,
                  videos: f.videos.map((v) =>
                    v.key === video.key && v.kind === 'new' ? { ...v, thumbnail } : v,
                  ),
                }))
              }
              onRemove={async () => {
                if (!(await confirm('Are you sure you want to remove this video?'))) return;
                onChange((f) => ({ ...f, videos: f.videos.filter((v) => v.key !== video.key) }));
              }}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No feature videos yet.</p>
      )}
      {confirmElement}
    </div>
  );
}

/** Icon thumbnail, comparison PDF, gallery and feature videos of the service form. */
export function MediaFields({ files, onChange }: MediaFieldsProps) {
  return (
    <div className="flex flex-col gap-8">
      <ImageFileField
        label="Icon thumbnail"
        file={files.featurePhoto}
        currentUrl={files.featurePhotoUrl}
        onFile={(featurePhoto) => onChange((f) => ({ ...f, featurePhoto }))}
        onRemoveCurrent={() => onChange((f) => ({ ...f, featurePhotoUrl: '' }))}
        hint="The service's photo in lists and recently viewed."
      />
      <ComparisonPdfField files={files} onChange={onChange} />
      <GalleryField files={files} onChange={onChange} />
      <VideosField files={files} onChange={onChange} />
    </div>
  );
}
