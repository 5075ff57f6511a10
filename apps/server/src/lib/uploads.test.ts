import { createReadStream, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLocalFileStore } from '../plugins/file-store.ts';
import { JUNK_PIXELS_PNG } from '../test/catalogue-admin-helpers.ts';
import { detectFileType, saveUpload, type UploadKind } from './uploads.ts';

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
  it('reads the type from the bytes, not the name', () => {
    expect(detectFileType(readFileSync(path.join(fixtures, 'image.png')))?.contentType).toBe(
      'image/png',
    );
    expect(detectFileType(readFileSync(path.join(fixtures, 'image.jpg')))?.contentType).toBe(
      'image/jpeg',
    );
    expect(detectFileType(readFileSync(path.join(fixtures, 'document.pdf')))?.kind).toBe('pdf');
    expect(detectFileType(readFileSync(path.join(fixtures, 'disguised-html.png')))).toBeNull();
    expect(detectFileType(readFileSync(path.join(fixtures, 'disguised-svg.png')))).toBeNull();
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
