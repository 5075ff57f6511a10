import { useEffect, useState } from 'react';
import { apiFetch } from '@/lib/api-client';

/**
 * A private image shown in the thread: fetched with the session (it is no public URL) and drawn
 * from a temporary blob URL, released when it leaves the page. Nothing shows if it cannot load;
 * its chip below still downloads it.
 */
export function ImagePreview({ url, name }: { url: string; name: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    apiFetch(url, { signal: controller.signal })
      .then((response) => response.blob())
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => setSrc(null));
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (!src) return null;
  return (
    <img
      src={src}
      alt={name}
      className="max-h-60 w-auto max-w-full rounded-xl border-2 border-line bg-paper object-contain"
    />
  );
}
