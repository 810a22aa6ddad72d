import type { AppContext } from '../context.ts';
import type { JobDefinition } from './queue.ts';

/** Temporary files of interrupted blob writes older than this are removed (a write in progress is younger). */
export const BLOB_TEMP_EXPIRATION_MS = 60 * 60 * 1000;

export const UPLOAD_CLEANUP_JOB = 'upload-cleanup';

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
      const blobTemp = await context.storage.removeStaleTemp(
        new Date(now.getTime() - BLOB_TEMP_EXPIRATION_MS),
      );
      if (uploads.transactions + uploads.folders + blobTemp > 0) {
        context.log.info({ ...uploads, blobTemp }, 'upload cleanup');
      }
    },
  };
}

/** Every job of the server. */
export function serverJobs(context: AppContext): JobDefinition[] {
  return [uploadCleanupJob(context)];
}
