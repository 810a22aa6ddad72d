/**
 * What went wrong, in domain terms. The set is closed on purpose: the error handler maps each kind to one
 * HTTP status, so services never think in status codes.
 */
export const ERROR_KINDS = [
  'invalid',
  'unauthorized',
  'forbidden',
  'not-found',
  'conflict',
  'limit-hit',
  'too-large',
  'unprocessable',
  'too-many-requests',
  'unavailable',
  'broken',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export type DomainErrorOptions = {
  /** The reference server's error code, e.g. 'StorageLimitHit'. */
  code?: string | undefined;
  /** Extra fields of the answer besides `detail` and `code` (e.g. `{email: [message]}` for form errors). */
  extra?: Record<string, unknown> | undefined;
  /**
   * Sent as `detail` instead of the text, for the few reference answers whose detail is an object (push finish:
   * `{corrupted_files: [...]}`); the text still names the error in logs.
   */
  structuredDetail?: Record<string, unknown> | undefined;
};

/** An expected failure of a domain operation: thrown by services and plugins, answered by the error handler. */
export class DomainError extends Error {
  readonly code: string | undefined;
  readonly extra: Record<string, unknown>;
  readonly structuredDetail: Record<string, unknown> | undefined;

  constructor(
    readonly kind: ErrorKind,
    readonly detail: string,
    options: DomainErrorOptions = {},
  ) {
    super(detail);
    this.name = 'DomainError';
    this.code = options.code;
    this.extra = options.extra ?? {};
    this.structuredDetail = options.structuredDetail;
  }
}

const make =
  (kind: ErrorKind) =>
  (detail: string, options?: DomainErrorOptions): DomainError =>
    new DomainError(kind, detail, options);

/** The input breaks a rule (a bad name, a weak password, an expired link). */
export const invalid = make('invalid');
/** The caller is not signed in, or the credentials are wrong. */
export const unauthorized = make('unauthorized');
/** The caller is known but may not do this. */
export const forbidden = make('forbidden');
export const notFound = make('not-found');
/** The operation clashes with existing data (a taken name, a pending request). */
export const conflict = make('conflict');
/** A quota (storage, counts) would be exceeded. */
export const limitHit = make('limit-hit');
/** A request body over its size limit (a v2 chunk beyond the chunk size). */
export const tooLarge = make('too-large');
/** Well-formed, but nothing of it could be carried out (e.g. only unknown usernames). */
export const unprocessable = make('unprocessable');
export const tooManyRequests = make('too-many-requests');
/** The service refuses for now (maintenance mode). */
export const unavailable = make('unavailable');
/** The server's own data is inconsistent (e.g. blobs missing on disk): not the caller's fault. */
export const broken = make('broken');

/**
 * A form error: `detail` for notifications, plus the field's messages the way the reference sends them
 * (`{password: ['…']}`), which the web app shows under the field.
 */
export function fieldError(kind: ErrorKind, field: string, message: string): DomainError {
  return new DomainError(kind, message, { extra: { [field]: [message] } });
}
