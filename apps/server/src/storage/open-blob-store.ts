import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { type BlobStore, createLocalBlobStore } from './blob-store.ts';
import { createS3BlobStore, type S3BlobStore } from './s3-blob-store.ts';

/** The blob store of the data folder: where blobs live with BLOB_STORE=local, the migration's source otherwise. */
export const localBlobStore = (config: AppConfig): BlobStore =>
  createLocalBlobStore(path.join(config.dataDir, 'blobs'));

/** The S3 store of the settings (staging its uploads in the data folder), when S3_BUCKET is set. */
export const s3BlobStore = (config: AppConfig): S3BlobStore | undefined =>
  config.s3 && createS3BlobStore(config.s3, path.join(config.dataDir, 's3-staging'));

/** The blob store BLOB_STORE chooses. */
export function openBlobStore(config: AppConfig): BlobStore {
  if (config.blobStore === 'local') return localBlobStore(config);
  const s3 = s3BlobStore(config);
  // loadConfig refuses BLOB_STORE=s3 without a bucket.
  if (!s3) throw new Error('BLOB_STORE=s3 needs the S3 settings');
  return s3;
}
