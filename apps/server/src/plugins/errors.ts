import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes, hasErrorCode } from '../lib/error-codes.ts';
import { AppError, UnavailableError } from '../lib/errors.ts';
import { STORAGE_FULL_MESSAGE } from './storage-guard.ts';

/**
 * One error handler: validation -> 400 with the field messages; AppError -> its status; anything
 * unknown -> 500 with the request id and nothing of the stack, SQL or secrets.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join(
          '.',
        ),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({
        statusCode: 400,
        error: 'bad_request',
        message: details[0]?.message ?? 'Invalid request',
        details,
        requestId: request.id,
      });
    }
    if (error instanceof UnavailableError) {
      // The mail server or file store is away: worth a warning, not an error of ours.
      request.log.warn(
        { err: error.cause, dependency: error.dependency },
        'dependency unavailable',
      );
    }
    if (error instanceof AppError) {
      // RFC 9110 §11.6.1: a 401 says how to authenticate (the session token or an API key).
      if (error.statusCode === 401) reply.header('www-authenticate', 'Bearer');
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        error: error.code,
        message: error.message,
        details: error.details,
        requestId: request.id,
      });
    }
    if (isUnstorableText(error)) {
      // PostgreSQL refuses text with a NUL character (or invalid UTF-8): the caller sent it.
      return reply.status(400).send({
        statusCode: 400,
        error: 'bad_request',
        message: 'The request contains characters that cannot be saved (such as a NUL character)',
        requestId: request.id,
      });
    }
    if (isStorageFull(error)) {
      // The database or the upload folder cannot grow: the request's transaction was rolled back,
      // and an operator must free space, so it is logged as an error.
      request.log.error({ err: error }, 'storage full');
      return reply.status(503).header('retry-after', '60').send({
        statusCode: 503,
        error: 'storage_full',
        message: STORAGE_FULL_MESSAGE,
        requestId: request.id,
      });
    }
    if (isDatabaseUnavailable(error)) {
      // The database restarts or fails over: the caller may retry; do not look like a bug.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({
        statusCode: 503,
        error: 'service_unavailable',
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
        requestId: request.id,
      });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type, 429.
      return reply.status(status).send({
        statusCode: status,
        error: clientCode(error, status),
        message: clientMessage(error),
        requestId: request.id,
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      statusCode: 500,
      error: 'internal_error',
      message: `Something went wrong on our side. Please try again. (Reference ${request.id})`,
      requestId: request.id,
    });
  });
}

/** 22021 invalid byte sequence (a NUL in text), 22P05 untranslatable character; drizzle wraps. */
function isUnstorableText(error: unknown): boolean {
  return hasErrorCode(error, '22021', '22P05');
}

/** PostgreSQL's disk_full (53100, 'could not extend file'), or a file write's ENOSPC. */
export function isStorageFull(error: unknown): boolean {
  return hasErrorCode(error, '53100', 'ENOSPC');
}

/**
 * The database cannot be reached or is going away: refused or dropped connections, PostgreSQL
 * shutting down or starting (57P0x), connection failures (08xxx), no free connection slot, and
 * node-postgres's own messages for those. Drizzle wraps the driver's error as `cause`.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (errorCodes(error).some((code) => UNAVAILABLE_CODES.has(code))) return true;
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/** The app's own word for a client error Fastify or a plugin raised, never its `FST_…` code. */
function clientCode(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'invalid_json';
    default:
      return STATUS_WORDS[status] ?? 'bad_request';
  }
}

const STATUS_WORDS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message;
  }
}
