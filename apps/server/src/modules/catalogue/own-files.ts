import { createReadStream, existsSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';

/**
 * A file of our own that GET /api/pdf may serve: an upload of the file store (`/uploads/<key>`)
 * or a file shipped with the web app (`/demo/<path>`).
 */
export type OwnFile = { area: 'uploads'; key: string } | { area: 'demo'; relativePath: string };

const NOT_OURS = 'Only PDF files stored on this site can be shown';
const NOT_ALLOWED = 'That file address is not allowed';

/**
 * Resolves the `url` a browser sends to one of our own files, or throws a 400. Accepts a path
 * ('/uploads/2024/05/abc.pdf', '/demo/pdf/seo-comparison.pdf') or an absolute URL on our own
 * origin. Never anything that would make the server fetch elsewhere, and no traversal: '..' and
 * '.' segments, backslashes, empty segments and percent-encoded (or double-encoded) forms of them
 * are refused rather than normalised.
 */
export function resolveOwnFileUrl(input: string, publicUrl: string): OwnFile {
  const raw = input.trim();
  if (!raw) throw badRequest('Give the address of a PDF file');
  if (raw.length > 2048) throw badRequest('That file address is too long');
  // Control characters and backslashes (which some parsers read as '/') have no place here.
  if (hasControlOrBackslash(raw)) throw badRequest(NOT_ALLOWED);

  let encodedPath: string;
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw badRequest(NOT_OURS);
    }
    if (url.origin !== new URL(publicUrl).origin || url.username || url.password) {
      throw badRequest(NOT_OURS);
    }
    // The URL parser has already resolved '..' segments; the checks below still refuse what is
    // left of them, and the prefix check refuses anything that climbed out.
    encodedPath = url.pathname;
  } else if (raw.startsWith('/')) {
    encodedPath = raw.replace(/[?#].*$/, '');
  } else {
    throw badRequest(NOT_OURS);
  }

  let decoded: string;
  try {
    decoded = decodeURIComponent(encodedPath);
  } catch {
    throw badRequest(NOT_ALLOWED);
  }
  const segments = decoded.split('/').slice(1);
  const unsafe = (s: string) =>
    s === '' || s === '.' || s === '..' || s.includes('%') || hasControlOrBackslash(s);
  if (segments.length < 2 || segments.some(unsafe)) throw badRequest(NOT_ALLOWED);

  const [area, ...rest] = segments;
  const relativePath = rest.join('/');
  if (area === 'uploads') {
    // Private uploads (customer briefs) are never public; answer as if they did not exist.
    if (rest[0] === 'private') throw notFound('PDF not found');
    return { area: 'uploads', key: relativePath };
  }
  if (area === 'demo') return { area: 'demo', relativePath };
  throw badRequest(NOT_OURS);
}

function hasControlOrBackslash(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

export interface UploadSource {
  get(key: string): Promise<{ body: Readable; size: number | undefined } | null>;
}

/** Where the shipped /demo files are: the built web app, else its public folder (development). */
export function demoRoots(webDistDir: string | undefined): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    webDistDir && path.join(webDistDir, 'demo'),
    path.resolve(here, '../../../../web/public/demo'),
  ];
  return candidates.filter((c): c is string => Boolean(c) && existsSync(c!));
}

/** Opens a shipped file, refusing anything (a symlink included) that leads out of its root. */
export async function openDemoFile(
  roots: readonly string[],
  relativePath: string,
): Promise<{ body: Readable; size: number } | null> {
  for (const root of roots) {
    const candidate = path.resolve(root, relativePath);
    if (!candidate.startsWith(root + path.sep)) continue;
    try {
      const [realRoot, realFile] = await Promise.all([realpath(root), realpath(candidate)]);
      if (!realFile.startsWith(realRoot + path.sep)) continue;
      const info = await stat(realFile);
      if (!info.isFile()) continue;
      return { body: createReadStream(realFile), size: info.size };
    } catch {
      continue;
    }
  }
  return null;
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/**
 * Reads the first bytes of a stream and puts them back, so the stream can still be sent whole.
 * Resolves with fewer bytes when the stream is shorter.
 */
export function peek(stream: Readable, bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onReadable = () => {
      const chunk = stream.read(bytes) as Buffer | null;
      if (chunk === null) return;
      cleanup();
      stream.unshift(chunk);
      resolve(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.alloc(0));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    stream.on('readable', onReadable);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}

/** The stream of one of our own PDF files, checked by its first bytes. */
export async function openOwnPdf(
  file: OwnFile,
  sources: { uploads: UploadSource; demoRoots: readonly string[] },
): Promise<{ body: Readable; size: number | undefined; name: string }> {
  const opened =
    file.area === 'uploads'
      ? await sources.uploads.get(file.key)
      : await openDemoFile(sources.demoRoots, file.relativePath);
  if (!opened) throw notFound('PDF not found');
  const head = await peek(opened.body, PDF_MAGIC.length);
  if (!head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    opened.body.destroy();
    throw new AppError('not_a_pdf', 400, 'That file is not a PDF');
  }
  const base = path.posix.basename(file.area === 'uploads' ? file.key : file.relativePath);
  const name = base.replace(/[^A-Za-z0-9._-]/g, '_') || 'document.pdf';
  return { body: opened.body, size: opened.size, name };
}
