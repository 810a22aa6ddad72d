import { z } from 'zod';
import { ConfigError } from './config-error.ts';
import { booleanFlag, optionalString } from './values.ts';

/** The environment variables of where file bytes live: the data folder, or S3-compatible object storage. */
export const storageEnv = z.object({
  BLOB_STORE: z.enum(['local', 's3'], { error: "must be 'local' or 's3'" }).default('local'),
  S3_ENDPOINT: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.example.org' })
      .optional(),
  ),
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,
  S3_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^[^/].*$/, 'must not start with /')
      .optional(),
  ),
  S3_CHECKSUMS: z
    .enum(['when_supported', 'when_required'], { error: "must be 'when_supported' or 'when_required'" })
    .default('when_supported'),
});

/** Where blobs are kept in S3-compatible object storage (see docs/OPERATIONS.md). */
export type S3Settings = {
  bucket: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's default credentials (environment, instance role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (most self-hosted servers need it). */
  forcePathStyle: boolean;
  /** Put before every key, ending in `/` (or empty). */
  prefix: string;
  /** Whether the SDK adds checksums to every request (when_supported) or only where S3 requires them. */
  checksums: 'when_supported' | 'when_required';
};

export type StorageSettings = {
  /** Where file bytes live: the data folder (`local`) or S3-compatible object storage. */
  blobStore: 'local' | 's3';
  /** The S3 settings when S3_BUCKET is set (required by BLOB_STORE=s3; `storage migrate` uses them too). */
  s3: S3Settings | undefined;
};

export function storageSettings(e: z.infer<typeof storageEnv>): StorageSettings {
  return { blobStore: e.BLOB_STORE, s3: s3Settings(e) };
}

/** The S3 settings, checked together: a bucket where S3 is used, both keys or neither. */
function s3Settings(e: z.infer<typeof storageEnv>): S3Settings | undefined {
  const problems: string[] = [];
  if (e.BLOB_STORE === 's3' && !e.S3_BUCKET) problems.push('S3_BUCKET: is required when BLOB_STORE=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      `${e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together`,
    );
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  if (!e.S3_BUCKET) return undefined;
  const prefix = (e.S3_PREFIX ?? '').replace(/\/+$/, '');
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: prefix ? `${prefix}/` : '',
    checksums: e.S3_CHECKSUMS,
  };
}
