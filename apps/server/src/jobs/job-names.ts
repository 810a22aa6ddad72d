/**
 * The names of the server's jobs and queues, here so that the modules which send them (services, mail) and the
 * job table (jobs.ts) import them from jobs/ without jobs/ importing them back.
 */

/** The job that sends one mail, and the queue that keeps the mails whose every try failed. */
export const MAIL_JOB = 'mail';
export const FAILED_MAIL_QUEUE = 'mail-failed';
/** How long a mail that could not be sent stays in FAILED_MAIL_QUEUE for an administrator. */
export const FAILED_MAIL_KEEP_DAYS = 365;

/** The job computing the pending changesets of one version. */
export const CHANGESETS_JOB = 'changesets';

/** The job that looks up the account of a forgotten-password request and mails it. */
export const PASSWORD_RESET_JOB = 'password-reset';

export const UPLOAD_CLEANUP_JOB = 'upload-cleanup';
export const HOUSEKEEPING_JOB = 'housekeeping';

/** The job preparing one zip of chosen files (`archive.service.ts`). */
export const ARCHIVE_JOB = 'project-archive';

/** The job saving a snapshot of the server's usage figures for the usage report. */
export const USAGE_SNAPSHOT_JOB = 'usage-snapshot';

/** One try of one webhook delivery (`webhook-delivery.service.ts`), and the sweep sending the due ones again. */
export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';
export const WEBHOOK_SWEEP_JOB = 'webhook-sweep';
