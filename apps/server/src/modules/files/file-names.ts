import { extensionOf, nameProblem } from '@noise/shared/files';
import { badRequest } from '../../lib/errors.ts';

/**
 * The names a file of each stored type may end in (the type is read from its bytes,
 * lib/detect-file-type.ts, and is the extension of its stored key): a PNG named report.pdf
 * would open in the wrong application, or not at all, on the computer it is downloaded to.
 */
const NAME_EXTENSIONS: Record<string, readonly string[]> = {
  jpg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  avif: ['avif'],
  pdf: ['pdf'],
  mp4: ['mp4', 'm4v'],
  mov: ['mov', 'qt'],
  webm: ['webm', 'mkv'],
  docx: ['docx', 'dotx'],
  docm: ['docm', 'dotm'],
  xlsx: ['xlsx', 'xltx'],
  xlsm: ['xlsm', 'xltm'],
  pptx: ['pptx', 'potx', 'ppsx'],
  pptm: ['pptm', 'potm', 'ppsm'],
  odt: ['odt', 'ott'],
  ods: ['ods', 'ots'],
  odp: ['odp', 'otp'],
  doc: ['doc', 'dot'],
  xls: ['xls', 'xlt'],
  ppt: ['ppt', 'pot', 'pps'],
  zip: ['zip'],
};

const TYPE_WORDS: Record<string, string> = {
  jpg: 'a JPEG image',
  png: 'a PNG image',
  gif: 'a GIF image',
  webp: 'a WebP image',
  avif: 'an AVIF image',
  pdf: 'a PDF',
  mp4: 'an MP4 video',
  mov: 'a QuickTime video',
  webm: 'a WebM video',
  zip: 'a zip file',
};

/** The stored type of a file, from its key ('private/2026/05/abc.png' -> 'png'). */
export const storedTypeOf = (fileKey: string) => extensionOf(fileKey);

/**
 * The name a file is kept under: checked as any name (no path, no control characters, not blank
 * or too long), given the extension of its type when it has none, and refused when it has
 * another type's.
 */
export function libraryFileName(name: string, storedType: string): string {
  const problem = nameProblem(name, 'file');
  if (problem) throw badRequest(problem, [{ path: 'name', message: problem }]);
  const trimmed = name.trim();
  const allowed = NAME_EXTENSIONS[storedType] ?? [storedType];
  const given = extensionOf(trimmed);
  if (!given) return `${trimmed}.${allowed[0]}`;
  if (allowed.includes(given)) return trimmed;
  const what = TYPE_WORDS[storedType] ?? `a .${allowed[0]} file`;
  const message = `${trimmed} is ${what}, but its name ends in .${given}: name it .${allowed[0]}`;
  throw badRequest(message, [{ path: 'name', message }]);
}
