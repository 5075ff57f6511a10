import { readFile, stat } from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { readCompoundFileNames } from './compound-file.ts';

export type UploadKind = 'image' | 'pdf' | 'video' | 'document' | 'zip';

interface DetectedFile {
  kind: UploadKind;
  contentType: string;
  ext: string;
  /**
   * A zip (or an Office document, which is one) whose entries say they unpack to far more than
   * it weighs: a zip bomb, refused (zipBombOf).
   */
  unpacksTo?: number;
}

const detected = (kind: UploadKind, ext: string, contentType: string): DetectedFile => ({
  kind,
  contentType,
  ext,
});
const PNG = detected('image', 'png', 'image/png');
const MP4 = detected('video', 'mp4', 'video/mp4');
const WEBM = detected('video', 'webm', 'video/webm');
const ZIP = detected('zip', 'zip', 'application/zip');
/** A compound file too large to be a document: refused for its size, never stored. */
const UNREAD_COMPOUND_FILE = detected('document', 'cfb', 'application/x-cfb');

/** file-type's answers that need no more reading, as we store them: its finer names folded in. */
const PLAIN_TYPES: Record<string, DetectedFile> = {
  jpg: detected('image', 'jpg', 'image/jpeg'),
  png: PNG,
  apng: PNG,
  gif: detected('image', 'gif', 'image/gif'),
  webp: detected('image', 'webp', 'image/webp'),
  avif: detected('image', 'avif', 'image/avif'),
  pdf: detected('pdf', 'pdf', 'application/pdf'),
  mov: detected('video', 'mov', 'video/quicktime'),
  ...Object.fromEntries(['mp4', 'm4v', 'm4p', 'f4v', 'f4p', '3gp', '3g2'].map((ext) => [ext, MP4])),
  webm: WEBM,
  mkv: WEBM,
};

const OFFICE_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  docm: 'application/vnd.ms-word.document.macroEnabled.12',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xlsm: 'application/vnd.ms-excel.sheet.macroEnabled.12',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pptm: 'application/vnd.ms-powerpoint.presentation.macroEnabled.12',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const officeDocument = (ext: string) => detected('document', ext, OFFICE_TYPES[ext]!);

/** Office Open XML: the application's folder, with `vbaProject.bin` in it when it has macros. */
const OFFICE_OPEN_XML: Record<string, string> = { 'word/': 'doc', 'xl/': 'xls', 'ppt/': 'ppt' };
/** Office 97-2003: the stream at the top of the compound file (Book: Excel 5 and 95). */
const LEGACY_OFFICE = new Map([
  ['WordDocument', 'doc'],
  ['Workbook', 'xls'],
  ['Book', 'xls'],
  ['PowerPoint Document', 'ppt'],
]);
/**
 * What file-type (21) names a file that starts like a zip: a zip, EPUB, Java, Firefox and
 * Android packages, 3D and Visio models, Office Open XML with or without macros and its
 * templates and shows, OpenDocument and its templates. A name missing here is refused.
 */
const ZIP_BASED = /^(zip|epub|jar|xpi|apk|3mf|vsdx|(doc|dot|xls|xlt|ppt|pot|pps)[xm]|o[dt][tspg])$/;
/** More entries than any document has; a hostile directory is not read past it. */
const ZIP_MAX_ENTRIES = 100_000;
/**
 * A zip bomb, by what its directory declares: more than 2 GiB unpacked in all, or more than
 * 50 MiB at over 100 times its packed size (documents and folders of files compress 2 to 10
 * times; a bomb's zeros a thousand). Nothing is unpacked to find out.
 */
export const ZIP_BOMB = { maxUnpacked: 2 * 1024 ** 3, ratio: 100, ratioAbove: 50 * 1024 ** 2 };

function zipBombOf(entries: ZipEntries): number | undefined {
  const { unpacked, packed } = entries;
  const bomb =
    unpacked > ZIP_BOMB.maxUnpacked ||
    (unpacked > ZIP_BOMB.ratioAbove && unpacked > ZIP_BOMB.ratio * Math.max(packed, 1));
  return bomb ? unpacked : undefined;
}

/**
 * The file's real type from its bytes (or the file at a path); the name and the browser's
 * content type are never trusted. file-type reads the first bytes, and names neither HTML nor
 * SVG, so they are refused everywhere: they can carry scripts. Office documents and zip files
 * are containers, so their inside is read too (a zip's central directory, a compound file's
 * directory): a page of HTML named report.docx is nothing we take. `name` is read only to tell
 * which application a password-protected Office file is for, which its bytes hide.
 */
export async function detectFileType(
  file: Buffer | string,
  name = '',
  options: { documentLimit?: number } = {},
): Promise<DetectedFile | null> {
  const found =
    typeof file === 'string' ? await fileTypeFromFile(file) : await fileTypeFromBuffer(file);
  if (!found) return null;
  const plain = PLAIN_TYPES[found.ext];
  if (plain) return plain;
  if (found.ext === 'cfb') {
    // Only a document can be a compound file: one larger than a document may be is not read (its
    // size refuses it), and one that fits is read whole, as its directory can be anywhere in it.
    const size = typeof file === 'string' ? (await stat(file)).size : file.length;
    if (size > (options.documentLimit ?? Infinity)) return UNREAD_COMPOUND_FILE;
    const names = readCompoundFileNames(typeof file === 'string' ? await readFile(file) : file);
    return names && detectLegacyOffice(names, name);
  }
  if (!ZIP_BASED.test(found.ext)) return null;
  const entries = await readZipEntries(file);
  if (!entries) return null;
  const unpacksTo = zipBombOf(entries);
  const container = zipContainerOf(found.ext, entries.names);
  return unpacksTo === undefined ? container : { ...container, unpacksTo };
}

/** What a zip is by its entries: an Office or OpenDocument file, or a plain zip. */
function zipContainerOf(ext: string, names: string[]): DetectedFile {
  // OpenDocument: file-type has read the `mimetype` entry.
  if (/^od[tsp]$/.test(ext)) return officeDocument(ext);
  const lower = names.map((n) => n.toLowerCase());
  const folder = Object.keys(OFFICE_OPEN_XML).find((f) => lower.some((n) => n.startsWith(f)));
  if (!folder || !lower.includes('[content_types].xml')) return ZIP;
  const macros = lower.includes(`${folder}vbaproject.bin`);
  return officeDocument(`${OFFICE_OPEN_XML[folder]}${macros ? 'm' : 'x'}`);
}

function detectLegacyOffice(names: string[], name: string): DetectedFile | null {
  const legacy = names.map((n) => LEGACY_OFFICE.get(n)).find(Boolean);
  if (legacy) return officeDocument(legacy);
  // A password-protected .docx, .xlsx or .pptx is an encrypted package in a compound file, and
  // only its name says which application it is for.
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const encrypted = names.includes('EncryptedPackage') && /^(doc|xls|ppt)[xm]$/.test(ext);
  return encrypted ? officeDocument(ext) : null;
}

interface ZipEntries {
  names: string[];
  /** The sizes its entries declare, packed and unpacked, in all. */
  packed: number;
  unpacked: number;
}

/**
 * The names and declared sizes in a zip's central directory (at its end), or null when it has
 * none that holds together: a file that only starts like a zip is not one. Names stay bytes to
 * yauzl, so one it would refuse to extract (`../x`) is still read: we never extract.
 */
function readZipEntries(file: Buffer | string): Promise<ZipEntries | null> {
  const options = { lazyEntries: true, decodeStrings: false, validateEntrySizes: false };
  return new Promise((resolve) => {
    const read = (error: Error | null, zip?: ZipFile) => {
      if (error || !zip || zip.entryCount > ZIP_MAX_ENTRIES) {
        zip?.close();
        return resolve(null);
      }
      const found: ZipEntries = { names: [], packed: 0, unpacked: 0 };
      zip.on('entry', (entry: Entry) => {
        found.names.push(String(entry.fileName));
        found.packed += entry.compressedSize;
        found.unpacked += entry.uncompressedSize;
        zip.readEntry();
      });
      zip.on('end', () => resolve(found));
      zip.on('error', () => resolve(null));
      zip.readEntry();
    };
    if (typeof file === 'string') yauzl.open(file, options, read);
    else yauzl.fromBuffer(file, options, read);
  });
}
