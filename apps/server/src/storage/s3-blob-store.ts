import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config.ts';
import { type BlobStore, blobKey, putStaged, sha256OfKey } from './blob-store.ts';
import { createStaging, READ_BUFFER } from './staging.ts';

/** Blobs of this size and up go up in parts (and only when missing); smaller ones in one request. */
export const MULTIPART_FROM = 8 * 1024 * 1024;
/** Each part is held in memory while it uploads: at most PART_QUEUE parts of PART_SIZE per blob. */
const PART_SIZE = 8 * 1024 * 1024;
const PART_QUEUE = 2;

export type S3BlobStore = BlobStore & {
  /** The size of the stored object, or undefined when there is none. */
  sizeOf(sha256: string): Promise<number | undefined>;
};

/** The S3 client of these settings (also used by the tests to prepare a bucket). */
export function createS3Client(settings: S3Settings): S3Client {
  const checksums = settings.checksums === 'when_required' ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED';
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestChecksumCalculation: checksums,
    responseChecksumValidation: checksums,
  });
}

/** The bytes `start`..`end` (inclusive) of a stream of the whole object; stops reading after `end`. */
async function* slice(body: AsyncIterable<Buffer>, start: number, end: number): AsyncIterable<Buffer> {
  let at = 0;
  for await (const piece of body) {
    const from = Math.max(start - at, 0);
    const to = Math.min(end + 1 - at, piece.length);
    if (to > from) yield piece.subarray(from, to);
    at += piece.length;
    if (at > end) return;
  }
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/**
 * Blobs in an S3-compatible bucket under `<prefix><aa>/<bb>/<sha256>`, the names of the local store. New bytes
 * are staged on local disk in `stagingDir` (hashed on the way in: the name is known only at the end), and
 * `store` uploads them: in one request with the SHA-256 for the server to check, or in parts from the file
 * for large ones, confirmed by the stored size. S3 makes an object visible only once it is complete, so a
 * blob's name never shows partial bytes; callers record the blob's row before `store` and commit what refers
 * to it only after `store` answered, exactly as with the local store. The changeset engine gets temporary
 * local copies (`localFile`).
 */
export function createS3BlobStore(settings: S3Settings, stagingDir: string): S3BlobStore {
  const client = createS3Client(settings);
  const Bucket = settings.bucket;
  const keyOf = (sha256: string) => `${settings.prefix}${blobKey(sha256)}`;

  async function sizeOf(sha256: string): Promise<number | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(sha256) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async function upload(file: string, sha256: string, size: number): Promise<void> {
    const Key = keyOf(sha256);
    if (size < MULTIPART_FROM) {
      // Small enough to hold: the SDK can send it again on a retry, and the server checks the hash we know.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key,
          Body: await readFile(file),
          ContentLength: size,
          ChecksumSHA256:
            settings.checksums === 'when_supported'
              ? Buffer.from(sha256, 'hex').toString('base64')
              : undefined,
        }),
      );
      return;
    }
    // Content addressing: an object of this name and size holds these bytes already.
    if ((await sizeOf(sha256)) === size) return;
    // A failed multipart upload is aborted by the library (no object appears); a bucket lifecycle rule removes
    // parts a crash left (docs/OPERATIONS.md).
    await new Upload({
      client,
      params: { Bucket, Key, Body: createReadStream(file, { highWaterMark: READ_BUFFER }) },
      partSize: PART_SIZE,
      queueSize: PART_QUEUE,
      leavePartsOnError: false,
    }).done();
    const stored = await sizeOf(sha256);
    if (stored !== size) {
      throw new Error(`blob ${sha256}: S3 holds ${stored ?? 'no'} bytes after the upload of ${size}`);
    }
  }

  const staging = createStaging({
    dir: stagingDir,
    durable: false,
    async place(file, { sha256, size }) {
      await upload(file, sha256, size);
      await rm(file, { force: true });
      return [];
    },
  });

  function get(sha256: string, range?: { start: number; end: number }): Readable {
    const Key = keyOf(sha256);
    const abort = new AbortController();
    const stream = Readable.from(
      (async function* () {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
          { abortSignal: abort.signal },
        );
        const body = answer.Body as AsyncIterable<Buffer>;
        if (!range) return yield* body;
        // Never more than the range, even from a server that served another one (s3rver answers `bytes=0-0`
        // with the whole object, though with the range's Content-Range).
        const served = /^bytes (\d+)-(\d+)\//.exec(answer.ContentRange ?? '');
        const servedStart =
          served && answer.ContentLength === Number(served[2]) - Number(served[1]) + 1
            ? Number(served[1])
            : 0;
        yield* slice(body, range.start - servedStart, range.end - servedStart);
      })(),
      { objectMode: false },
    );
    // A download ended early (the client went away) stops the request to S3 too.
    stream.once('close', () => {
      if (!stream.readableEnded) abort.abort();
    });
    return stream;
  }

  const store: S3BlobStore = {
    put: (source, options) => putStaged(store, source, options),

    ...staging,

    async localFile(sha256) {
      const file = await staging.tempPath();
      try {
        await pipeline(get(sha256), createWriteStream(file, { flags: 'wx' }));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return { path: file, release: () => rm(file, { force: true }) };
    },

    // Nothing to flush: S3 has the object once its upload answered.
    async flushFolders() {},

    get,

    async has(sha256) {
      return (await sizeOf(sha256)) !== undefined;
    },

    sizeOf,

    async delete(sha256) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(sha256) }));
    },

    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: settings.prefix })) {
        for (const object of page.Contents ?? []) {
          const sha256 = sha256OfKey((object.Key ?? '').slice(settings.prefix.length));
          if (sha256) yield { sha256, size: object.Size ?? 0 };
        }
      }
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        const why =
          status === 404
            ? 'it does not exist'
            : status === 403
              ? 'access denied (check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the bucket policy)'
              : status === 301
                ? 'it is in another region (S3_REGION)'
                : `${(error as Error).message || (error as Error).name}${status ? ` (HTTP ${status})` : ''}`;
        throw new Error(
          `S3 bucket '${Bucket}' at ${settings.endpoint ?? `AWS ${settings.region}`} cannot be used: ${why}`,
        );
      }
    },
  };
  return store;
}
