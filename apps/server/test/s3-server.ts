import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { CreateBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../src/config.ts';
import { createS3Client } from '../src/storage/s3-blob-store.ts';

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;

/** s3rver's fixed credentials. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server (s3rver, from the npm registry) in a child process on loopback, with its own
 * folder; `bucket()` makes a new bucket and answers the settings of a store in it.
 */
export async function startS3Server() {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'waymark-s3-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3rver-child.mjs'), directory],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      resolve((JSON.parse(line) as { port: number }).port);
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  let buckets = 0;
  const settingsOf = (bucket: string, prefix = ''): S3Settings => ({
    bucket,
    endpoint,
    region: 'us-east-1',
    credentials: CREDENTIALS,
    forcePathStyle: true,
    prefix,
    checksums: 'when_supported',
  });
  const client: S3Client = createS3Client(settingsOf('unused'));
  return {
    endpoint,
    client,
    settingsOf,
    /** A new empty bucket; answers its settings (keys under `prefix`, which ends in `/` or is empty). */
    async bucket(prefix = ''): Promise<S3Settings> {
      buckets += 1;
      const name = `waymark-test-${buckets}`;
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return settingsOf(name, prefix);
    },
    /** The server's settings as the environment of a Waymark server. */
    env(settings: S3Settings): Record<string, string> {
      return {
        BLOB_STORE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: settings.bucket,
        S3_REGION: settings.region,
        S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: settings.prefix,
      };
    },
    async stop() {
      client.destroy();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin?.end();
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
