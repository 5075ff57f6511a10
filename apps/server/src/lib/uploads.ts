import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import type { FileStore } from '../plugins/file-store.ts';
import { AppError, badRequest } from './errors.ts';
import { newId } from './ids.ts';

export type UploadKind = 'image' | 'pdf' | 'video' | 'document' | 'zip';

interface Detected {
  kind: UploadKind;
  contentType: string;
  ext: string;
}

/** Reads up to `length` bytes of a file from `position` (fewer at its end). */
type ReadAt = (position: number, length: number) => Promise<Buffer>;

/**
 * The file's real type from its bytes; the name and the browser's content type are never
 * trusted. SVG and HTML are not accepted anywhere: they can carry scripts. Office documents and
 * zip files are containers, so their inside is read too (a zip's central directory, a compound
 * file's directory): a page of HTML named report.docx is nothing we take. `name` is read only to
 * tell which application a password-protected Office file is for, which its bytes hide.
 */
export async function detectFileType(bytes: Buffer, name = ''): Promise<Detected | null> {
  const readAt: ReadAt = async (position, length) => bytes.subarray(position, position + length);
  return sniff(bytes.length, readAt, name);
}

async function sniff(size: number, readAt: ReadAt, name: string): Promise<Detected | null> {
  const head = await readAt(0, 64);
  const ascii = head.subarray(0, 16).toString('latin1');
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { kind: 'image', contentType: 'image/jpeg', ext: 'jpg' };
  }
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { kind: 'image', contentType: 'image/png', ext: 'png' };
  }
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) {
    return { kind: 'image', contentType: 'image/gif', ext: 'gif' };
  }
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') {
    return { kind: 'image', contentType: 'image/webp', ext: 'webp' };
  }
  if (ascii.slice(4, 8) === 'ftyp') {
    const brand = ascii.slice(8, 12);
    if (brand === 'avif' || brand === 'avis') {
      return { kind: 'image', contentType: 'image/avif', ext: 'avif' };
    }
    if (brand.startsWith('qt'))
      return { kind: 'video', contentType: 'video/quicktime', ext: 'mov' };
    return { kind: 'video', contentType: 'video/mp4', ext: 'mp4' };
  }
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) {
    return { kind: 'video', contentType: 'video/webm', ext: 'webm' };
  }
  if (ascii.startsWith('%PDF-')) return { kind: 'pdf', contentType: 'application/pdf', ext: 'pdf' };
  // 'PK' and a local file header, or the end record alone of an empty archive.
  if (ascii.startsWith('PK\x03\x04') || ascii.startsWith('PK\x05\x06'))
    return sniffZip(size, readAt);
  if (head.subarray(0, 8).equals(COMPOUND_FILE_SIGNATURE)) {
    return sniffCompoundFile(size, readAt, name);
  }
  return null;
}

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

export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;

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

async function detectStoredFileType(file: string, size: number, name: string) {
  const handle = await open(file, 'r');
  try {
    return await sniff(
      size,
      async (position, length) => {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
        return buffer.subarray(0, bytesRead);
      },
      name,
    );
  } finally {
    await handle.close();
  }
}

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
}): Promise<SavedUpload> {
  const { store, accept, limits, field } = options;
  const maxBytes = Math.max(...accept.map((k) => limitOf(k, limits)));
  const tmpDir = path.join(os.tmpdir(), 'noise-uploads');
  await mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
  const variantTmps: string[] = [];
  let size = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(tooLarge(field, maxBytes));
        return;
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(options.stream, cap, createWriteStream(tmp));
    if (options.stream.truncated) throw tooLarge(field, maxBytes);
    if (size === 0) throw badRequest(`The file for ${field} is empty`);
    const detected = await detectStoredFileType(tmp, size, options.originalName);
    if (!detected || !accept.includes(detected.kind)) {
      throw badRequest(`The file for ${field} must be ${listOf(accept.map((k) => KIND_LABEL[k]))}`);
    }
    const limit = limitOf(detected.kind, limits);
    if (size > limit) throw tooLarge(field, limit);
    if (detected.kind === 'image') {
      await assertDecodableImage(tmp, field);
      // The header can be sound and the pixels junk: decode the whole image (making the variants,
      // or a thumbnail nobody keeps) before anything is stored, so such a file is refused whole.
      await decodeImage(field, async () => {
        if (options.private) {
          await sharp(tmp, { animated: false }).resize({ width: 32 }).raw().toBuffer();
          return;
        }
        for (const width of IMAGE_VARIANT_WIDTHS) {
          const variantTmp = `${tmp}-${width}.webp`;
          variantTmps.push(variantTmp);
          await sharp(tmp, { animated: false })
            .rotate()
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: 78 })
            .toFile(variantTmp);
        }
      });
    }

    const now = new Date();
    const base = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${newId()}`;
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

async function assertDecodableImage(file: string, field: string) {
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

/** Runs sharp's decoding; a file it cannot decode is the caller's mistake, not ours. */
async function decodeImage(field: string, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    // A system error (disk full, permissions) is ours: let it be a 500.
    if ((error as NodeJS.ErrnoException).code) throw error;
    throw badRequest(`The file for ${field} is not a valid image`);
  }
}

function tooLarge(field: string, maxBytes: number) {
  return new AppError(
    'file_too_large',
    413,
    `The file for ${field} is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`,
  );
}

/** The store key of one of our public upload URLs, or null for anything else. */
export function keyFromUploadUrl(url: string): string | null {
  const match = /^\/uploads\/(.+)$/.exec(url);
  return match ? match[1]! : null;
}

// Office documents and zip files: what is inside the container says what it is.

const officeDocument = (ext: string, contentType: string): Detected => ({
  kind: 'document',
  contentType,
  ext,
});

const ZIP: Detected = { kind: 'zip', contentType: 'application/zip', ext: 'zip' };

/** Office Open XML: a zip with `[Content_Types].xml` and the application's folder. */
const OFFICE_OPEN_XML = [
  {
    folder: 'word/',
    plain: officeDocument(
      'docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ),
    macros: officeDocument('docm', 'application/vnd.ms-word.document.macroEnabled.12'),
  },
  {
    folder: 'xl/',
    plain: officeDocument(
      'xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ),
    macros: officeDocument('xlsm', 'application/vnd.ms-excel.sheet.macroEnabled.12'),
  },
  {
    folder: 'ppt/',
    plain: officeDocument(
      'pptx',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ),
    macros: officeDocument('pptm', 'application/vnd.ms-powerpoint.presentation.macroEnabled.12'),
  },
] as const;

/** OpenDocument: a zip whose first entry, stored uncompressed, is `mimetype` with its type. */
const OPEN_DOCUMENT: Record<string, Detected> = Object.fromEntries(
  (
    [
      ['odt', 'application/vnd.oasis.opendocument.text'],
      ['ods', 'application/vnd.oasis.opendocument.spreadsheet'],
      ['odp', 'application/vnd.oasis.opendocument.presentation'],
    ] as const
  ).map(([ext, type]) => [type, officeDocument(ext, type)]),
);

const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_DIRECTORY_ENTRY = 0x02014b50;
const ZIP_END = 0x06054b50;
const ZIP64_END = 0x06064b50;
const ZIP64_END_LOCATOR = 0x07064b50;
/** More entries than any document has; a hostile directory is not read past it. */
const ZIP_MAX_ENTRIES = 100_000;

async function sniffZip(size: number, readAt: ReadAt): Promise<Detected | null> {
  const names = await readZipNames(size, readAt);
  if (!names) return null;
  const openDocument = await readOpenDocumentType(readAt);
  if (openDocument) return openDocument;
  const lower = names.map((n) => n.toLowerCase());
  if (lower.includes('[content_types].xml')) {
    for (const format of OFFICE_OPEN_XML) {
      if (!lower.some((n) => n.startsWith(format.folder))) continue;
      return lower.includes(`${format.folder}vbaproject.bin`) ? format.macros : format.plain;
    }
  }
  return ZIP;
}

/**
 * The names in a zip's central directory (at its end), or null when the file has none that
 * holds together: a file that only starts like a zip is not one.
 */
async function readZipNames(size: number, readAt: ReadAt): Promise<string[] | null> {
  // The end record is the last 22 bytes, unless a comment of up to 64 KB follows it.
  const tailLength = Math.min(size, 22 + 0xffff);
  const tailAt = size - tailLength;
  const tail = await readAt(tailAt, tailLength);
  let end = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === ZIP_END && i + 22 + tail.readUInt16LE(i + 20) <= tail.length) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  let count = tail.readUInt16LE(end + 10);
  let directoryLength = tail.readUInt32LE(end + 12);
  let directoryAt = tail.readUInt32LE(end + 16);
  if (count === 0xffff || directoryLength === 0xffffffff || directoryAt === 0xffffffff) {
    // Zip64: the real numbers are in a record that a locator just before the end record names.
    if (tailAt + end < 20) return null;
    const locator = await readAt(tailAt + end - 20, 20);
    if (locator.readUInt32LE(0) !== ZIP64_END_LOCATOR) return null;
    const record = await readAt(Number(locator.readBigUInt64LE(8)), 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_END) return null;
    count = Number(record.readBigUInt64LE(32));
    directoryLength = Number(record.readBigUInt64LE(40));
    directoryAt = Number(record.readBigUInt64LE(48));
  }
  if (count > ZIP_MAX_ENTRIES || directoryAt + directoryLength > tailAt + end) return null;
  const directory = await readAt(directoryAt, directoryLength);
  const names: string[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== ZIP_DIRECTORY_ENTRY) {
      return null;
    }
    const nameLength = directory.readUInt16LE(at + 28);
    if (at + 46 + nameLength > directory.length) return null;
    names.push(directory.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return names;
}

async function readOpenDocumentType(readAt: ReadAt): Promise<Detected | null> {
  const header = await readAt(0, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== ZIP_LOCAL_HEADER) return null;
  const stored = header.readUInt16LE(8) === 0;
  const length = header.readUInt32LE(18);
  const nameLength = header.readUInt16LE(26);
  const extraLength = header.readUInt16LE(28);
  if (!stored || nameLength !== 8 || length > 100) return null;
  const rest = await readAt(30, nameLength + extraLength + length);
  if (rest.toString('latin1', 0, nameLength) !== 'mimetype') return null;
  return OPEN_DOCUMENT[rest.toString('latin1', nameLength + extraLength)] ?? null;
}

/** The container of Office 97-2003 files (and of others: installers, Outlook items). */
const COMPOUND_FILE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Sector numbers above this one mark a chain's end or a free sector. */
const COMPOUND_LAST_SECTOR = 0xfffffffa;
const COMPOUND_NO_ENTRY = 0xffffffff;
/** More directory sectors than any document has; a hostile chain is not followed past it. */
const COMPOUND_MAX_DIRECTORY_SECTORS = 4096;

const LEGACY_OFFICE: Record<string, Detected> = {
  WordDocument: officeDocument('doc', 'application/msword'),
  Workbook: officeDocument('xls', 'application/vnd.ms-excel'),
  // Excel 5 and 95.
  Book: officeDocument('xls', 'application/vnd.ms-excel'),
  'PowerPoint Document': officeDocument('ppt', 'application/vnd.ms-powerpoint'),
};

async function sniffCompoundFile(
  size: number,
  readAt: ReadAt,
  name: string,
): Promise<Detected | null> {
  const names = await readCompoundFileNames(size, readAt);
  if (!names) return null;
  for (const stream of names) {
    const legacy = LEGACY_OFFICE[stream];
    if (legacy) return legacy;
  }
  // A password-protected .docx, .xlsx or .pptx is an encrypted package in a compound file, and
  // only its name says which application it is for.
  if (names.includes('EncryptedPackage')) {
    const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    for (const format of OFFICE_OPEN_XML) {
      if (format.plain.ext === ext) return format.plain;
      if (format.macros.ext === ext) return format.macros;
    }
  }
  return null;
}

/**
 * The names of the streams and storages at the top of a compound file (MS-CFB): the directory is
 * a chain of sectors found through the allocation table, and the root's children are a tree.
 * Null when any of it points outside the file or in a loop.
 */
async function readCompoundFileNames(size: number, readAt: ReadAt): Promise<string[] | null> {
  const header = await readAt(0, 512);
  if (header.length < 512) return null;
  const shift = header.readUInt16LE(30);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 2 ** shift;
  const perSector = sectorSize / 4;
  const readSector = async (n: number): Promise<Buffer | null> => {
    const at = (n + 1) * sectorSize;
    if (n > COMPOUND_LAST_SECTOR || at >= size) return null;
    const sector = await readAt(at, sectorSize);
    // Some writers leave the last sector short.
    if (sector.length === sectorSize) return sector;
    const padded = Buffer.alloc(sectorSize);
    sector.copy(padded);
    return padded;
  };

  // Where the allocation table's sectors are: the first 109 in the header, the rest in a chain.
  const fatLength = header.readUInt32LE(44);
  if (fatLength * sectorSize > size) return null;
  const fat: number[] = [];
  for (let i = 0; i < 109 && fat.length < fatLength; i++) fat.push(header.readUInt32LE(76 + 4 * i));
  const difatSeen = new Set<number>();
  let difat = header.readUInt32LE(68);
  while (fat.length < fatLength && difat <= COMPOUND_LAST_SECTOR) {
    const sector = difatSeen.has(difat) ? null : await readSector(difat);
    if (!sector) return null;
    difatSeen.add(difat);
    for (let i = 0; i < perSector - 1 && fat.length < fatLength; i++) {
      fat.push(sector.readUInt32LE(4 * i));
    }
    difat = sector.readUInt32LE(sectorSize - 4);
  }
  const fatSectors = new Map<number, Buffer>();
  const nextSector = async (n: number): Promise<number | null> => {
    const fatSector = fat[Math.floor(n / perSector)];
    if (fatSector === undefined) return null;
    const sector = fatSectors.get(fatSector) ?? (await readSector(fatSector));
    if (!sector) return null;
    fatSectors.set(fatSector, sector);
    return sector.readUInt32LE((n % perSector) * 4);
  };

  const entries: Buffer[] = [];
  const directorySeen = new Set<number>();
  let n: number | null = header.readUInt32LE(48);
  while (n !== null && n <= COMPOUND_LAST_SECTOR) {
    if (directorySeen.has(n) || directorySeen.size >= COMPOUND_MAX_DIRECTORY_SECTORS) return null;
    directorySeen.add(n);
    const sector = await readSector(n);
    if (!sector) return null;
    for (let at = 0; at < sectorSize; at += 128) entries.push(sector.subarray(at, at + 128));
    n = await nextSector(n);
  }
  if (n === null) return null;

  const root = entries[0];
  if (!root || root[66] !== 5) return null;
  const names: string[] = [];
  const walked = new Set<number>();
  const pending = [root.readUInt32LE(76)];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    const entry = entries[id];
    if (id === COMPOUND_NO_ENTRY || !entry || walked.has(id)) continue;
    walked.add(id);
    const nameLength = Math.min(entry.readUInt16LE(64), 64);
    names.push(entry.toString('utf16le', 0, Math.max(0, nameLength - 2)));
    pending.push(entry.readUInt32LE(68), entry.readUInt32LE(72));
  }
  return names;
}
