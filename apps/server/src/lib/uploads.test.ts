import { createReadStream, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createLocalFileStore } from '../plugins/file-store.ts';
import { JUNK_PIXELS_PNG } from '../test/catalogue-admin-helpers.ts';
import { detectFileType, type UploadKind } from './detect-file-type.ts';
import { saveUpload } from './uploads.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');
const limits = { image: 1024 * 1024, pdf: 1024 * 1024, video: 4 * 1024 * 1024 };

function setup() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'noise-store-'));
  return { root, store: createLocalFileStore(root) };
}

const upload = (store: ReturnType<typeof setup>['store'], file: string, accept: UploadKind[]) =>
  saveUpload({
    store,
    stream: createReadStream(path.join(fixtures, file)),
    originalName: file,
    accept,
    limits,
    field: 'featurePhoto',
  });

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);
}

describe('detectFileType', () => {
  it('reads the type from the bytes, not the name', async () => {
    const detect = async (file: string) => detectFileType(readFileSync(path.join(fixtures, file)));
    expect((await detect('image.png'))?.contentType).toBe('image/png');
    expect((await detect('image.jpg'))?.contentType).toBe('image/jpeg');
    expect((await detect('document.pdf'))?.kind).toBe('pdf');
    expect(await detect('disguised-html.png')).toBeNull();
    expect(await detect('disguised-svg.png')).toBeNull();
  });
});

describe('saveUpload', () => {
  it('stores an image under a server-made name with WebP variants', async () => {
    const { root, store } = setup();
    const saved = await upload(store, 'image.png', ['image']);
    expect(saved.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[a-z0-9]{16}\.png$/);
    expect(Object.keys(saved.variants)).toEqual(['480', '960', '1600']);
    expect(saved.variants[480]).toMatch(/\.w480\.webp$/);
    const files = listFiles(root);
    expect(files).toHaveLength(4);
    expect(files.some((f) => f.includes('image'))).toBe(false);
  });

  it('refuses HTML or SVG named .png and stores nothing', async () => {
    const { root, store } = setup();
    await expect(upload(store, 'disguised-html.png', ['image'])).rejects.toThrow(
      /must be an image/,
    );
    await expect(upload(store, 'disguised-svg.png', ['image'])).rejects.toThrow(/must be an image/);
    expect(listFiles(root)).toEqual([]);
  });

  it('refuses a PDF where an image is expected, and accepts it where a PDF is', async () => {
    const { store } = setup();
    await expect(upload(store, 'document.pdf', ['image'])).rejects.toThrow(/must be an image/);
    const saved = await upload(store, 'document.pdf', ['pdf']);
    expect(saved.url).toMatch(/\.pdf$/);
  });

  it('stops reading an oversize file at the cap with 413, storing nothing', async () => {
    const { root, store } = setup();
    const png = readFileSync(path.join(fixtures, 'image.png'));
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 64 * 1024;
        this.push(produced === 64 * 1024 ? png : Buffer.alloc(64 * 1024));
        if (produced > 50 * 1024 * 1024) this.push(null);
      },
    });
    const error = await saveUpload({
      store,
      stream: endless,
      originalName: 'big.png',
      accept: ['image'],
      limits,
      field: 'gallery',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      statusCode: 413,
      message: 'The file for gallery is larger than 1 MB',
    });
    expect(produced).toBeLessThan(4 * 1024 * 1024);
    expect(listFiles(root)).toEqual([]);
  });

  it('refuses a PNG whose header is sound and whose pixels are junk, storing nothing', async () => {
    const { root, store } = setup();
    for (const isPrivate of [false, true]) {
      const error = await saveUpload({
        store,
        stream: Readable.from([JUNK_PIXELS_PNG]),
        originalName: 'photo.png',
        accept: ['image', 'pdf'],
        limits,
        field: 'featurePhoto',
        private: isPrivate,
      }).catch((e: unknown) => e);
      expect(error, `private: ${isPrivate}`).toMatchObject({
        statusCode: 400,
        message: 'The file for featurePhoto is not a valid image',
      });
    }
    expect(listFiles(root)).toEqual([]);
  });

  it('keeps private files out of the public URL space', async () => {
    const { store } = setup();
    const saved = await saveUpload({
      store,
      stream: createReadStream(path.join(fixtures, 'document.pdf')),
      originalName: 'brief.pdf',
      accept: ['pdf', 'image'],
      limits,
      field: 'attachments',
      private: true,
    });
    expect(saved.key.startsWith('private/')).toBe(true);
    expect(saved.url).toBe('');
  });
});

const xml = (text: string) => strToU8(`<?xml version="1.0" encoding="UTF-8"?>${text}`);

/** An Office Open XML package as Office writes it: deflated parts, the content types first. */
const officeOpenXml = (parts: Record<string, string>) =>
  Buffer.from(
    zipSync({
      '[Content_Types].xml': xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ),
      '_rels/.rels': xml('<Relationships/>'),
      ...Object.fromEntries(Object.entries(parts).map(([name, text]) => [name, xml(text)])),
    }),
  );

const DOCX = officeOpenXml({ 'word/document.xml': '<w:document/>' });
const XLSX = officeOpenXml({
  'xl/workbook.xml': '<workbook/>',
  'xl/worksheets/sheet1.xml': '<worksheet/>',
});
const PPTX = officeOpenXml({ 'ppt/presentation.xml': '<p:presentation/>' });
const ZIP = Buffer.from(
  zipSync({ 'logo/final.svg': strToU8('<svg/>'), 'notes.txt': strToU8('Two options.') }),
);
/** OpenDocument: the `mimetype` entry first and stored, then the rest. */
const openDocument = (type: string, files: Zippable = {}) =>
  Buffer.from(
    zipSync({
      mimetype: [strToU8(type), { level: 0 }],
      'content.xml': xml('<office:document-content/>'),
      ...files,
    }),
  );

const END_OF_CHAIN = 0xfffffffe;
const NO_ENTRY = 0xffffffff;

/**
 * A compound file (MS-CFB version 3, 512-byte sectors), the container of Office 97-2003 files,
 * whose root holds these empty streams and, when given, an 'ObjectPool' storage holding more:
 * sector 0 is the allocation table, the directory follows.
 */
function compoundFile(rootStreams: string[], nested: string[] = []): Buffer {
  const entries: { name: string; type: number; right: number; child: number }[] = [];
  const chain = (names: string[], type = 2) => {
    const first = entries.length;
    names.forEach((name, i) =>
      entries.push({
        name,
        type,
        right: i < names.length - 1 ? first + i + 1 : NO_ENTRY,
        child: NO_ENTRY,
      }),
    );
    return names.length ? first : NO_ENTRY;
  };
  entries.push({ name: 'Root Entry', type: 5, right: NO_ENTRY, child: NO_ENTRY });
  const names = nested.length ? [...rootStreams, 'ObjectPool'] : rootStreams;
  entries[0]!.child = chain(names);
  if (nested.length) entries.find((e) => e.name === 'ObjectPool')!.type = 1;
  if (nested.length) entries.find((e) => e.name === 'ObjectPool')!.child = chain(nested);

  const directorySectors = Math.ceil(entries.length / 4);
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(1, 44);
  header.writeUInt32LE(1, 48);
  header.writeUInt32LE(4096, 56);
  header.writeUInt32LE(END_OF_CHAIN, 60);
  header.writeUInt32LE(END_OF_CHAIN, 68);
  header.fill(0xff, 76);
  header.writeUInt32LE(0, 76);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0);
  for (let i = 1; i <= directorySectors; i++) {
    fat.writeUInt32LE(i < directorySectors ? i + 1 : END_OF_CHAIN, 4 * i);
  }
  const directory = Buffer.alloc(512 * directorySectors);
  entries.forEach((entry, i) => {
    const at = 128 * i;
    directory.write(`${entry.name}\0`, at, 'utf16le');
    directory.writeUInt16LE((entry.name.length + 1) * 2, at + 64);
    directory[at + 66] = entry.type;
    directory[at + 67] = 1;
    directory.writeUInt32LE(NO_ENTRY, at + 68);
    directory.writeUInt32LE(entry.right, at + 72);
    directory.writeUInt32LE(entry.child, at + 76);
    directory.writeUInt32LE(END_OF_CHAIN, at + 116);
  });
  for (let i = entries.length; i < directorySectors * 4; i++) {
    directory.fill(0xff, 128 * i + 68, 128 * i + 80);
  }
  return Buffer.concat([header, fat, directory]);
}

const HTML_PAGE = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

describe('office documents and zip files', () => {
  it('are told apart by what is inside them', async () => {
    const cases: [Buffer, string | null][] = [
      [DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [XLSX, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [PPTX, 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
      [
        officeOpenXml({ 'xl/workbook.xml': '<workbook/>', 'xl/vbaProject.bin': '' }),
        'application/vnd.ms-excel.sheet.macroEnabled.12',
      ],
      [
        openDocument('application/vnd.oasis.opendocument.text'),
        'application/vnd.oasis.opendocument.text',
      ],
      [
        openDocument('application/vnd.oasis.opendocument.spreadsheet'),
        'application/vnd.oasis.opendocument.spreadsheet',
      ],
      [
        openDocument('application/vnd.oasis.opendocument.presentation'),
        'application/vnd.oasis.opendocument.presentation',
      ],
      // A zip of anything else, an OpenDocument type we do not know, an empty zip: plain zips.
      [ZIP, 'application/zip'],
      [openDocument('application/x-something-else'), 'application/zip'],
      [Buffer.from(zipSync({})), 'application/zip'],
      [compoundFile(['1Table', 'SummaryInformation', 'WordDocument']), 'application/msword'],
      [compoundFile(['Workbook']), 'application/vnd.ms-excel'],
      [compoundFile(['Current User', 'PowerPoint Document']), 'application/vnd.ms-powerpoint'],
      // An Excel workbook with a Word document inside is a workbook.
      [compoundFile(['Workbook'], ['WordDocument']), 'application/vnd.ms-excel'],
      // Other compound files: an installer, a mail item.
      [compoundFile(['SummaryInformation', 'Contents']), null],
      [compoundFile([]), null],
    ];
    for (const [bytes, type] of cases) {
      const detected = await detectFileType(bytes, 'upload');
      expect(detected?.contentType ?? null, type ?? 'refused').toBe(type);
    }
    expect((await detectFileType(DOCX))?.kind).toBe('document');
    expect((await detectFileType(ZIP))?.kind).toBe('zip');
  });

  it('are refused when only their first bytes look right', async () => {
    const signature = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    for (const bytes of [
      Buffer.concat([Buffer.from('PK\x03\x04'), HTML_PAGE]),
      DOCX.subarray(0, DOCX.length - 30),
      Buffer.concat([signature, HTML_PAGE]),
      compoundFile(['WordDocument']).subarray(0, 1024),
    ]) {
      expect(await detectFileType(bytes)).toBeNull();
    }
  });

  it('take a zip that file-type names otherwise (an EPUB, a Java archive) as a zip file', async () => {
    const manifest = strToU8('Manifest-Version: 1.0\n');
    for (const bytes of [
      openDocument('application/epub+zip'),
      Buffer.from(zipSync({ 'META-INF/MANIFEST.MF': manifest, 'app/Main.class': manifest })),
    ]) {
      expect((await detectFileType(bytes))?.contentType).toBe('application/zip');
    }
  });

  it('refuse a compound file whose streams are named like built-in properties', async () => {
    const streams = ['constructor', 'toString', '__proto__', 'hasOwnProperty'];
    expect(await detectFileType(compoundFile(streams), 'budget.xlsx')).toBeNull();
  });

  it("take a password-protected document's application from its name, the only place it is", async () => {
    const encrypted = compoundFile(['EncryptionInfo', 'EncryptedPackage']);
    expect((await detectFileType(encrypted, 'Budget.XLSX'))?.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(await detectFileType(encrypted, 'budget')).toBeNull();
  });

  it('are stored under our own name with their real type', async () => {
    const { root, store } = setup();
    const save = (bytes: Buffer, name: string) =>
      saveUpload({
        store,
        stream: Readable.from([bytes]),
        originalName: name,
        accept: ['pdf', 'image', 'document', 'zip'],
        limits,
        field: 'attachments',
        private: true,
      });
    const docx = await save(DOCX, 'Brief v2.docx');
    expect(docx).toMatchObject({
      kind: 'document',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      originalName: 'Brief v2.docx',
      variants: {},
    });
    expect(docx.key).toMatch(/^private\/\d{4}\/\d{2}\/[a-z0-9]{16}\.docx$/);
    expect((await save(compoundFile(['WordDocument']), 'old.doc')).key).toMatch(/\.doc$/);
    expect((await save(ZIP, 'logos.zip')).contentType).toBe('application/zip');
    expect(listFiles(root)).toHaveLength(3);
  });

  it('refuses a web page named .docx and stores nothing', async () => {
    const { root, store } = setup();
    const error = await saveUpload({
      store,
      stream: Readable.from([HTML_PAGE]),
      originalName: 'contract.docx',
      accept: ['pdf', 'image', 'document', 'zip'],
      limits,
      field: 'attachments',
      private: true,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      statusCode: 400,
      message:
        'The file for attachments must be a PDF, an image (JPEG, PNG, GIF, WebP or AVIF), an office document (Word, Excel, PowerPoint or OpenDocument) or a zip file',
    });
    expect(listFiles(root)).toEqual([]);
  });

  it('holds documents and zips to the PDF limit', async () => {
    const { root, store } = setup();
    // Stored, not deflated, so the archive is as large as what is in it.
    const big = (kb: number) =>
      Buffer.from(zipSync({ 'scan.bin': [new Uint8Array(kb * 1024).fill(7), { level: 0 }] }));
    const save = (bytes: Buffer) =>
      saveUpload({
        store,
        stream: Readable.from([bytes]),
        originalName: 'scans.zip',
        accept: ['video', 'zip'],
        limits: { image: 256 * 1024, pdf: 1024 * 1024, video: 4 * 1024 * 1024 },
        field: 'attachments',
        private: true,
      });
    expect((await save(big(800))).kind).toBe('zip');
    await expect(save(big(1100))).rejects.toMatchObject({
      statusCode: 413,
      message: 'The file for attachments is larger than 1 MB',
    });
    expect(listFiles(root)).toHaveLength(1);
  });

  it('refuses a zip bomb by the sizes its directory declares, unpacking nothing, and stores nothing', async () => {
    const { root, store } = setup();
    const save = (bytes: Uint8Array, originalName: string) =>
      saveUpload({
        store,
        stream: Readable.from([Buffer.from(bytes)]),
        originalName,
        accept: ['document', 'zip'],
        limits,
        field: 'attachments',
        private: true,
      });
    // 60 MiB of zeros deflate to about 60 KB: a thousand times smaller.
    const zeros = new Uint8Array(60 * 1024 ** 2);
    const bomb = zipSync({ 'zeros.bin': zeros });
    expect(bomb.length).toBeLessThan(limits.pdf);
    await expect(save(bomb, 'photos.zip')).rejects.toMatchObject({
      statusCode: 400,
      message:
        'The file for attachments would unpack to 60 MB: a zip that expands that much is refused',
    });
    // An Office document is a zip too.
    const docx = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'word/document.xml': strToU8('<w:document/>'),
      'word/media/zeros.bin': zeros,
    });
    await expect(save(docx, 'contract.docx')).rejects.toMatchObject({ statusCode: 400 });
    expect(listFiles(root)).toEqual([]);
    // Well-compressed text under the line is a zip like any other.
    const notes = zipSync({ 'notes.txt': strToU8('Two options. '.repeat(100_000)) });
    expect((await save(notes, 'notes.zip')).kind).toBe('zip');
  });

  it('refuses an Office 97-2003 file larger than a document may be for its size, unread', async () => {
    const { root, store } = setup();
    const doc = compoundFile(['1Table', 'SummaryInformation', 'WordDocument']);
    const padded = Buffer.concat([doc, Buffer.alloc(1100 * 1024 - doc.length)]);
    await expect(
      saveUpload({
        store,
        stream: Readable.from([padded]),
        originalName: 'minutes.doc',
        accept: ['video', 'document'],
        limits: { image: 256 * 1024, pdf: 1024 * 1024, video: 4 * 1024 * 1024 },
        field: 'attachments',
        private: true,
      }),
    ).rejects.toMatchObject({
      statusCode: 413,
      message: 'The file for attachments is larger than 1 MB',
    });
    expect(listFiles(root)).toHaveLength(0);
  });
});
