import type { FastifyRequest } from 'fastify';
import type { FileStore } from '../plugins/file-store.ts';
import type { UploadKind } from './detect-file-type.ts';
import { AppError, badRequest } from './errors.ts';
import {
  saveUpload,
  type CheckedUpload,
  type SavedUpload,
  type UploadCap,
  type UploadLimits,
} from './uploads.ts';

export interface FileFieldRule {
  accept: readonly UploadKind[];
  /** How many files the field takes (1 unless a list, like gallery). */
  max?: number;
  private?: boolean;
  /** A further size limit than the kinds' (lib/uploads.ts). */
  cap?: UploadCap;
  /** Refuses a file by its name, type or size before it is stored (lib/uploads.ts). */
  check?: (file: CheckedUpload, fields: Record<string, string>) => void | Promise<void>;
}

export interface MultipartBody {
  /** Text fields by name, as sent (`profile[firstName]` stays a flat key). */
  fields: Record<string, string>;
  files: Record<string, SavedUpload[]>;
  /** Deletes every file this request stored: call when the request fails after reading. */
  discard(): Promise<void>;
}

/**
 * Reads a multipart request: text fields, and files only in the fields the route names, each
 * checked and stored as it streams in (lib/uploads.ts). A file in an unexpected field, or more
 * files than allowed, is refused and everything stored so far is removed.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: {
    store: FileStore;
    limits: UploadLimits;
    files: Record<string, FileFieldRule>;
    /**
     * Keep a file's name as sent, directories included, for a check to refuse (by default the
     * parser keeps only what follows the last `/` or `\`).
     */
    preservePath?: boolean;
  },
): Promise<MultipartBody> {
  if (!request.isMultipart()) throw badRequest('Send this form as multipart/form-data');
  const fields: Record<string, string> = {};
  const files: Record<string, SavedUpload[]> = {};
  const discard = async () => {
    const all = Object.values(files).flat();
    await Promise.all(
      all.flatMap((f) => [
        options.store.delete(f.key),
        ...Object.values(f.variants).map((url) =>
          options.store.delete(url.replace(/^\/uploads\//, '')),
        ),
      ]),
    );
  };
  try {
    for await (const part of request.parts(
      options.preservePath ? { preservePath: true } : undefined,
    )) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string')
          throw badRequest(`Field ${part.fieldname} must be text`);
        fields[part.fieldname] = part.value;
        continue;
      }
      const name = part.fieldname.replace(/\[\]$/, '');
      const rule = options.files[name];
      if (!rule) {
        part.file.resume();
        throw badRequest(`Unexpected file field ${part.fieldname}`);
      }
      const list = (files[name] ??= []);
      if (list.length >= (rule.max ?? 1)) {
        part.file.resume();
        throw badRequest(`Too many files for ${name} (at most ${rule.max ?? 1})`);
      }
      list.push(
        await saveUpload({
          store: options.store,
          stream: part.file,
          originalName: part.filename,
          accept: rule.accept,
          limits: options.limits,
          field: name,
          private: rule.private,
          cap: rule.cap,
          check: rule.check && ((file) => rule.check!(file, fields)),
        }).catch((error: unknown) => {
          throw refusedFile(error, name, list.length, part.filename);
        }),
      );
    }
  } catch (error) {
    await discard();
    if (isCutOffBody(error)) throw badRequest(CUT_OFF_MESSAGE);
    throw error;
  }
  return { fields, files, discard };
}

/**
 * A refused file's error names it in its details: `{field}.{index}` (the n-th file of the field,
 * from 0) and the message in its own name, so a form can say it beside the file's question.
 */
function refusedFile(error: unknown, field: string, index: number, filename: string): unknown {
  if (!(error instanceof AppError) || error.details?.length || error.statusCode >= 500) {
    return error;
  }
  const named = error.message.startsWith(`The file for ${field} `)
    ? `‘${filename.slice(0, 200)}’ ${error.message.slice(`The file for ${field} `.length)}`
    : error.message;
  return new AppError(error.code, error.statusCode, error.message, [
    { path: `${field}.${index}`, message: named },
  ]);
}

export const CUT_OFF_MESSAGE =
  'The form arrived incomplete (the upload was cut off). Please send it again.';

/**
 * The multipart parser's (busboy's) errors for a body that ends or breaks before its closing
 * boundary: the client's fault (a dropped connection, a proxy's limit, a hostile client), so a
 * 400, not a 500. Storage and database failures keep their own answer.
 */
function isCutOffBody(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof AppError) return false;
  return /^(Unexpected end of multipart data|(Part|Preamble) terminated early|Malformed part header|Multipart: Boundary not found)/.test(
    error.message,
  );
}

/**
 * A text field this form does not read is refused by name, like an unknown JSON field
 * (docs/decisions/063-unknown-fields.md), instead of being dropped.
 */
export function refuseUnknownFields(
  fields: Record<string, string>,
  known: readonly string[] | ((name: string) => boolean),
) {
  const isKnown = typeof known === 'function' ? known : (name: string) => known.includes(name);
  const unknown = Object.keys(fields).filter((name) => !isKnown(name));
  if (unknown.length === 0) return;
  const details = unknown.map((name) => ({ path: name, message: `Unrecognized key: "${name}"` }));
  throw badRequest(details[0]!.message, details);
}

/** `profile[firstName]` style keys to a nested object one level deep. */
export function nestFields(fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const match = /^([A-Za-z0-9_]+)\[([A-Za-z0-9_]+)\]$/.exec(key);
    if (match) {
      const group = (out[match[1]!] ??= {}) as Record<string, unknown>;
      if (typeof group === 'object') group[match[2]!] = value;
    } else {
      out[key] = value;
    }
  }
  return out;
}
