import { useEffect, useMemo } from 'react';

/*
 * Temporary URLs for chosen files (previews). One URL per File, shared by every component that
 * shows it, revoked shortly after the last one lets go; the delay lets a remount (StrictMode, a
 * list reordering) pick the same URL up again instead of showing a revoked one.
 */
const entries = new Map<File, { url: string; holders: number }>();
const REVOKE_DELAY_MS = 1000;

function urlOf(file: File): string {
  let entry = entries.get(file);
  if (!entry) {
    entry = { url: URL.createObjectURL(file), holders: 0 };
    entries.set(file, entry);
  }
  return entry.url;
}

function hold(file: File) {
  urlOf(file);
  entries.get(file)!.holders += 1;
}

function release(file: File) {
  const entry = entries.get(file);
  if (!entry) return;
  entry.holders -= 1;
  window.setTimeout(() => {
    const current = entries.get(file);
    if (current && current.holders <= 0) {
      URL.revokeObjectURL(current.url);
      entries.delete(file);
    }
  }, REVOKE_DELAY_MS);
}

/** Object URLs for `files` (pass a stable array, such as state). */
export function useObjectUrls(files: readonly File[]): string[] {
  const urls = files.map(urlOf);
  useEffect(() => {
    files.forEach(hold);
    return () => files.forEach(release);
  }, [files]);
  return urls;
}

/** The object URL of one chosen file, or null. */
export function useObjectUrl(file: File | null | undefined): string | null {
  const files = useMemo(() => (file ? [file] : []), [file]);
  return useObjectUrls(files)[0] ?? null;
}
