/**
 * What a project message may carry (docs/decisions/052-project-messages.md): PDFs, images, office
 * documents (Word, Excel, PowerPoint, old and new, and OpenDocument) and zip files. The server
 * checks each file's bytes (apps/server/src/lib/detect-file-type.ts) and is the only judge; the
 * names and types here are the browser's first check, so a wrong file is refused before it
 * uploads.
 */

/** The upload kinds (apps/server/src/lib/detect-file-type.ts) a message's files may be. */
export const ATTACHMENT_KINDS = ['pdf', 'image', 'document', 'zip'] as const;

/** In the words of a message that refuses a file. */
export const ATTACHMENT_TYPES_TEXT = 'images, PDFs, office documents and zip files';

const TYPES_BY_EXTENSION: Record<string, readonly string[]> = {
  pdf: ['application/pdf'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  avif: ['image/avif'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  docm: ['application/vnd.ms-word.document.macroenabled.12'],
  xls: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  xlsm: ['application/vnd.ms-excel.sheet.macroenabled.12'],
  ppt: ['application/vnd.ms-powerpoint'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  pptm: ['application/vnd.ms-powerpoint.presentation.macroenabled.12'],
  odt: ['application/vnd.oasis.opendocument.text'],
  ods: ['application/vnd.oasis.opendocument.spreadsheet'],
  odp: ['application/vnd.oasis.opendocument.presentation'],
  // Windows names a zip application/x-zip-compressed.
  zip: ['application/zip', 'application/x-zip-compressed'],
};

const EXTENSIONS = new Set(Object.keys(TYPES_BY_EXTENSION));
const TYPES = new Set(Object.values(TYPES_BY_EXTENSION).flat());

/** The `accept` of a message's file input: the types, and the extensions for systems without. */
export const ATTACHMENT_ACCEPT = [
  ...TYPES,
  ...[...EXTENSIONS].map((extension) => `.${extension}`),
].join(',');

/**
 * Whether a chosen file looks like one a message takes, by its name or its type: browsers on
 * some systems give an office document no type at all. The server still checks the bytes.
 */
export function isAttachableFile(file: { name: string; type: string }): boolean {
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  return EXTENSIONS.has(extension) || TYPES.has(file.type.toLowerCase());
}
