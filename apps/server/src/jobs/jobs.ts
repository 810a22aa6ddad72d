import type { AppContext } from '../context.ts';
import {
  ARCHIVE_JOB,
  CHANGESETS_JOB,
  FAILED_MAIL_KEEP_DAYS,
  FAILED_MAIL_QUEUE,
  HOUSEKEEPING_JOB,
  MAIL_JOB,
  PASSWORD_RESET_JOB,
  UPLOAD_CLEANUP_JOB,
  USAGE_SNAPSHOT_JOB,
  WEBHOOK_DELIVERY_JOB,
  WEBHOOK_SWEEP_JOB,
} from './job-names.ts';
import { runHousekeeping } from './housekeeping.ts';
import type { JobDefinition } from './queue.ts';

export { HOUSEKEEPING_JOB, UPLOAD_CLEANUP_JOB, USAGE_SNAPSHOT_JOB } from './job-names.ts';

/**
 * Removes what interrupted pushes leave: transactions idle beyond the expiration with their chunks, upload
 * folders without a transaction (a crash after a commit), v2 chunks no push used in time, and partial blob files.
 */
export function uploadCleanupJob(context: AppContext): JobDefinition {
  return {
    name: UPLOAD_CLEANUP_JOB,
    cron: '*/10 * * * *',
    async run() {
      const now = new Date();
      const uploads = await context.push.removeExpired(now);
      const chunks = await context.syncV2.removeExpiredChunks(now);
      // A blob write in progress touches its temporary file all the time: the upload expiration is ample.
      const cutoff = new Date(now.getTime() - context.config.uploadExpirationSeconds * 1000);
      const blobTemp = await context.storage.removeStaleTemp(cutoff);
      if (uploads.transactions + uploads.folders + chunks + blobTemp > 0) {
        context.log.info({ ...uploads, chunks, blobTemp }, 'upload cleanup');
      }
    },
  };
}

/**
 * Hourly and at start: removed projects past their retention, unreferenced blobs, ended sessions, old counters,
 * the changeset jobs of versions still pending (lost by a crash between a commit and its send), and the map's
 * disk cache beyond MAP_CACHE_MAX_BYTES.
 */
export function housekeepingJob(context: AppContext): JobDefinition {
  return {
    name: HOUSEKEEPING_JOB,
    cron: '17 * * * *',
    async run() {
      const result = await runHousekeeping(context);
      if (Object.values(result).some((count) => count > 0)) context.log.info(result, 'housekeeping');
    },
  };
}

/** The changesets of one version's whole-file GeoPackage updates (sent by the push, and by the sweep). */
export function changesetsJob(context: AppContext): JobDefinition {
  return {
    name: CHANGESETS_JOB,
    // One waiting job per version at most, however often the sweep sends it. Not `stately`: that would hold a
    // new job back while the job of a crashed process still counts as running (until it expires).
    policy: 'short',
    run: (data) => context.changesets.computeVersion(data),
  };
}

/**
 * One outgoing mail: retried MAIL_RETRY_LIMIT times with doubling delays (30 s, 1 min, … about 8.5 hours in
 * all by default); one that never went out is logged with its reason and kept in the failed-mail queue.
 */
export function mailJob(context: AppContext): JobDefinition {
  const { limit, delaySeconds } = context.config.mailRetry;
  return {
    name: MAIL_JOB,
    retry: { limit, delaySeconds, backoff: true },
    deadLetter: { name: FAILED_MAIL_QUEUE, keepDays: FAILED_MAIL_KEEP_DAYS },
    run: (data, attempt) => context.mail.deliver(data, attempt),
  };
}

/** A forgotten-password request: the account's lookup, the mail limits and the mail, out of the request. */
export function passwordResetJob(context: AppContext): JobDefinition {
  return {
    name: PASSWORD_RESET_JOB,
    run: (data) => context.passwordReset.handleRequest(data),
  };
}

/**
 * The usage snapshot of the admin panel's report, at 00:00 and 12:00 UTC as the reference saves it, and at start
 * (`ifDue`) when the newest is older than 12 hours, so a new or long-stopped server has figures at once.
 */
export function usageSnapshotJob(context: AppContext): JobDefinition {
  return {
    name: USAGE_SNAPSHOT_JOB,
    cron: '0 */12 * * *',
    async run(data) {
      const ifDue = (data as { ifDue?: boolean } | undefined)?.ifDue === true;
      if (ifDue && !(await context.usageReport.isSnapshotDue())) return;
      await context.usageReport.snapshot();
    },
  };
}

/** One zip of `POST /app/projects/{id}/download`; one waiting job per zip (housekeeping may send it again). */
export function archiveJob(context: AppContext): JobDefinition {
  return {
    name: ARCHIVE_JOB,
    policy: 'short',
    run: (data) => context.archives.prepare(data),
  };
}

/** One try of one webhook delivery; its retries are sent by the delivery itself, with their delay. */
export function webhookDeliveryJob(context: AppContext): JobDefinition {
  return {
    name: WEBHOOK_DELIVERY_JOB,
    policy: 'short',
    run: (data) => context.webhookDeliveries.deliver(data),
  };
}

/** Every minute: webhook deliveries due whose job was lost (a crash, a send that failed) get it again. */
export function webhookSweepJob(context: AppContext): JobDefinition {
  return {
    name: WEBHOOK_SWEEP_JOB,
    cron: '* * * * *',
    async run() {
      const sent = await context.webhookDeliveries.sweep();
      if (sent > 0) context.log.info({ sent }, 'webhook sweep');
    },
  };
}

/** Every job of the server. */
export function serverJobs(context: AppContext): JobDefinition[] {
  return [
    uploadCleanupJob(context),
    housekeepingJob(context),
    changesetsJob(context),
    mailJob(context),
    passwordResetJob(context),
    usageSnapshotJob(context),
    archiveJob(context),
    webhookDeliveryJob(context),
    webhookSweepJob(context),
  ];
}
