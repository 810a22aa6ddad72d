import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_TEXTS } from '@waymark/contract';
import { DomainError, type ErrorKind } from '../lib/errors.ts';
import { isStorageWriteFailure } from '../lib/storage-errors.ts';
import { PROBLEM_CONTENT_TYPE, problemBody, sendError, serializeProblem } from './problem.ts';

type ValidationIssue = { instancePath?: string; message?: string; params?: { issue?: { path?: unknown[] } } };

function describeValidation(issues: ValidationIssue[], context: string | undefined): string {
  const [first] = issues;
  const field = first?.params?.issue?.path?.join('.') || first?.instancePath?.replace(/^\//, '') || context;
  const message = first?.message ?? 'Invalid input';
  // The reference server's form errors read 'This field is required.(login)'.
  return field ? `${message}(${field})` : message;
}

/** The one place where domain error kinds become HTTP statuses. */
const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  // The reference answers StorageLimitHit and UpdateProjectAccessError with 422.
  'limit-hit': 422,
  'too-large': 413,
  unprocessable: 422,
  'too-many-requests': 429,
  unavailable: 503,
  broken: 500,
};

/** The reference's error body: extra fields first so `detail` and `code` always win. */
function errorBody(error: DomainError): Record<string, unknown> {
  return {
    ...error.extra,
    detail: error.structuredDetail ?? error.detail,
    ...(error.code ? { code: error.code } : {}),
  };
}

/** Short texts for Fastify's router errors, which would otherwise echo the whole URL back. */
export function frameworkErrorDetail(code: string): string {
  if (code === 'FST_ERR_BAD_URL') return 'Malformed URL';
  if (code === 'FST_ERR_MAX_PARAM_LENGTH') return 'URL too long';
  return 'Bad request';
}

/** Status and detail of the HTTP parser's errors, as Node itself would answer them (but in the {detail} shape). */
function clientErrorAnswer(code: string | undefined): { status: number; detail: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, detail: 'Request header fields too large' };
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return { status: 413, detail: 'Chunk extensions too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, detail: 'Request timeout' };
  return { status: 400, detail: 'Bad request' };
}

/**
 * Fastify's `clientErrorHandler`: errors of Node's HTTP parser (headers over the size limit, malformed requests,
 * request timeouts) happen before any request exists, so they never reach the error handler below. They answer
 * a problem `{detail, status, title, type}` with the matching status and close the connection. The body-rate rule of
 * `request-timeouts.ts` answers through it too.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const { status, detail } = clientErrorAnswer(error.code);
  // No request exists yet to tell whose path it was: answered as the Mergin API answers (most callers are its clients).
  const body = serializeProblem(problemBody(status, { detail }));
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
  // Closed for good once the answer is out: HTTP sockets are half-open, so a plain end() would leave a client
  // that keeps sending (a request trickling past its timeout) holding the connection.
  socket.destroySoon();
}

/**
 * Every error answers `{detail, code?, ...extra}` (on the Mergin API's paths as a problem, `plugins/problem.ts`):
 * domain errors by their kind, validation and Fastify's own client errors with 400/4xx, anything else a logged
 * 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) return sendError(reply, STATUS_OF_KIND[error.kind], errorBody(error));
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendError(reply, 400, {
        detail: describeValidation(error.validation ?? [], error.validationContext),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type…).
      return sendError(reply, status, { detail: error.message });
    }
    if (isStorageWriteFailure(error)) {
      // The disk is full, read-only or refuses the server: the operator must act, the client may retry later.
      request.log.error({ err: error }, 'storage write failed');
      return sendError(reply, 507, { detail: ERROR_TEXTS.storageFailure });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, { detail: 'Internal server error' });
  });
}
