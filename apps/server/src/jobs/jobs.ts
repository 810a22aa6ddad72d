import type { AppContext } from '../context.ts';
import { runHousekeeping } from './housekeeping.ts';
import type { JobDefinition } from './queue.ts';

export const UPLOAD_CLEANUP_JOB = 'upload-cleanup';
export const HOUSEKEEPING_JOB = 'housekeeping';

/**
 * Removes what interrupted pushes leave: transactions idle beyond the expiration with their chunks, upload
 * folders without a transaction (a crash after a commit), and partial blob files.
 */
export function uploadCleanupJob(context: AppContext): JobDefinition {
  return {
    name: UPLOAD_CLEANUP_JOB,
    cron: '*/10 * * * *',
    async run() {
      const now = new Date();
      const uploads = await context.push.removeExpired(now);
      // A blob write in progress touches its temporary file all the time: the upload expiration is ample.
      const cutoff = new Date(now.getTime() - context.config.uploadExpirationSeconds * 1000);
      const blobTemp = await context.storage.removeStaleTemp(cutoff);
      if (uploads.transactions + uploads.folders + blobTemp > 0) {
        context.log.info({ ...uploads, blobTemp }, 'upload cleanup');
      }
    },
  };
}

/** Hourly: removed projects past their retention, unreferenced blobs, ended sessions, old counters. */
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

/** Every job of the server. */
export function serverJobs(context: AppContext): JobDefinition[] {
  return [uploadCleanupJob(context), housekeepingJob(context)];
}
