import { API_MSG } from '@repo/shared/constants/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isConnectionLost, pgError } from '#src/db/client.ts';
import { AppError } from './errors.ts';

/**
 * The one place errors leave the API: `{ message, code?, fieldErrors? }`.
 * Client mistakes keep their 4xx status and a readable message; anything else is logged and answered
 * with a generic 500 — never a stack trace or SQL.
 */
export function registerErrorHandlers(app: FastifyInstance) {
  // Text with a NUL character can never be stored (PostgreSQL refuses it): refuse it before anything reads it.
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.query) || hasNul(request.params) || hasNul(request.body)) {
      throw new AppError(400, 'Text must not contain NUL characters', 'BAD_REQUEST');
    }
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({ message: err.message, code: err.code, fieldErrors: err.fieldErrors });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: Record<string, string> = {};
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fieldErrors[key] ??= v.message ?? 'Invalid value';
      }
      const first = Object.values(fieldErrors)[0];
      return reply.status(400).send({ message: first ?? API_MSG.badRequest, code: 'BAD_REQUEST', fieldErrors });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ message: API_MSG.internal, code: 'INTERNAL' });
    }
    // PostgreSQL data exceptions (SQLSTATE class 22: a NUL byte, a number or date out of range) come from input.
    // The database connection was lost under a transaction (single statements were already tried again).
    if (isConnectionLost(err)) {
      request.log.warn({ err: { message: err.message } }, 'database connection lost during the request');
      return reply.status(503).header('retry-after', 1).send({ message: API_MSG.tryAgain, code: 'UNAVAILABLE' });
    }
    const sqlState = pgError(err)?.code;
    // A row referred to was deleted meanwhile (e.g. a room deleted while a guest held it): try again.
    if (sqlState === '23503') {
      request.log.info({ sqlState }, 'a referenced row changed meanwhile');
      return reply.status(409).send({ message: API_MSG.changedMeanwhile, code: 'CONFLICT' });
    }
    if (sqlState?.startsWith('22')) {
      request.log.info({ sqlState }, 'input refused by the database');
      return reply.status(400).send({ message: 'A value in the request is not valid', code: 'BAD_REQUEST' });
    }
    if (isMalformedMultipart(err)) {
      request.log.info({ err: { message: err.message } }, 'malformed multipart body');
      return reply.status(400).send({ message: 'The upload is not a valid form. Please try again', code: 'BAD_MULTIPART' });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: API_MSG.tooMany, code: 'TOO_MANY_REQUESTS' });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large, multipart limits).
      request.log.info({ err: { message: err.message, code: err.code } }, 'client error');
      return reply.status(status).send({ message: clientMessage(err), code: err.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: API_MSG.internal, code: 'INTERNAL' });
  });
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || hasNul(v, depth + 1)) return true;
  return false;
}

/** Errors of the multipart parser (a cut-off body, a missing boundary, a malformed part) carry no status. */
function isMalformedMultipart(err: Error): boolean {
  return !('statusCode' in err && err.statusCode) && /[\\/]@fastify[\\/]busboy[\\/]/.test(err.stack ?? '');
}

function clientMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The request is too large';
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return 'Too many files';
    default:
      return err.statusCode === 400 && /JSON/i.test(err.message) ? 'The request body is not valid JSON' : API_MSG.badRequest;
  }
}
