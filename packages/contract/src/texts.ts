import { USERNAME_MAX_LENGTH } from './limits.ts';

/**
 * Texts the server sends on the wire, exactly as SPEC.md §8 and the reference give them. The web app's own copy is
 * its catalogue (apps/web/src/i18n).
 */
export const MAINTENANCE_TEXT =
  'The service is currently in read-only mode for maintenance. Upload and update functions are not available at this time. Please try again later.';

export const ERROR_TEXTS = {
  csrfExpired: 'The CSRF token has expired.',
  csrfMissing: 'The CSRF token is missing.',
  invalidCredentials: 'Invalid username or password',
  /**
   * The web sign-in's answer to the right password of a deactivated account (the API's /v1/auth/login keeps the
   * reference's invalidCredentials, which the clients expect).
   */
  accountDeactivated: 'Your account has been deactivated. Ask an administrator to reactivate it.',
  authRequired: 'Authentication information is missing or invalid.',
  permissionDenied: 'Permission denied.',
  /** The short 404 of paths outside the Mergin API (the web app's missing files). */
  notFound: 'Not found',
  /** Werkzeug's 404 text, which the reference answers for unknown routes and missing projects. */
  urlNotFound:
    'The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.',
  workspaceNotFound: 'Workspace not found',
  tooManyLogins: 'Too many login attempts. Please try again later.',
  fieldRequired: 'This field is required.',
  /** 507: the server's storage refused a write (full, read-only or not permitted); nothing of the request was kept. */
  storageFailure:
    'The server could not store the data: its storage is full or not writable. Nothing was saved; please try again later.',
} as const;

/**
 * 400 answers of request lists and values over their documented maximum (limits.ts). The error handler appends
 * the field, e.g. 'Too many usernames: at most 10000 are allowed.(access.readersnames)'.
 */
export const LIMIT_TEXTS = {
  tooManyItems: (max: number, noun: string) => `Too many ${noun}: at most ${max} are allowed.`,
  usernameTooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters long.`,
} as const;

/** An access update that would leave a project without any owner is refused with this text (400). */
export const PROJECT_OWNER_REQUIRED_TEXT = 'A project must keep at least one owner';
