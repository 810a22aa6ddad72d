import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

type ValidationIssue = { instancePath?: string; message?: string; params?: { issue?: { path?: unknown[] } } };

function describeValidation(issues: ValidationIssue[], context: string | undefined): string {
  const [first] = issues;
  const field = first?.params?.issue?.path?.join('.') || first?.instancePath?.replace(/^\//, '') || context;
  const message = first?.message ?? 'Invalid input';
  // The reference server's form errors read 'This field is required.(login)'.
  return field ? `${message}(${field})` : message;
}

/** Short texts for Fastify's router errors, which would otherwise echo the whole URL back. */
export function frameworkErrorDetail(code: string): string {
  if (code === 'FST_ERR_BAD_URL') return 'Malformed URL';
  if (code === 'FST_ERR_MAX_PARAM_LENGTH') return 'URL too long';
  return 'Bad request';
}

/** Every error answers JSON `{detail, code?}`: 4xx for the client's mistakes, 500 only for real bugs (logged). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body = { ...error.extra, detail: error.detail, ...(error.code ? { code: error.code } : {}) };
      return reply.status(error.statusCode).type('application/json').send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send({ detail: describeValidation(error.validation, error.validationContext) });
    }
    if (error.validation) {
      return reply
        .status(400)
        .send({ detail: describeValidation(error.validation, error.validationContext) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type…).
      return reply.status(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error' });
  });
}
