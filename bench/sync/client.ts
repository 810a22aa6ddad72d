/** A minimal sync client of the bench: the v1 and v2 push calls and raw downloads, as the Mergin clients make them. */
import { createHash, randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import { CONCURRENCY, download, MiB, pool } from '../lib/server-process.ts';

export const CHUNK = 10 * MiB;

/** A file to push: its bytes in memory (small files) or in a local file (large ones). */
export type BenchFile = { path: string; size: number; checksum: string; bytes?: Buffer; file?: string };

/** A file of `size` pseudo-random bytes in memory (not compressible, different per seed). */
export function smallFile(path: string, size: number, seed: number): BenchFile {
  const bytes = Buffer.alloc(size);
  let x = (seed * 2654435761) >>> 0;
  for (let i = 0; i + 4 <= size; i += 4) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes.writeUInt32LE(x, i);
  }
  return { path, size, bytes, checksum: createHash('sha1').update(bytes).digest('hex') };
}

/** The bytes of one chunk of a file. */
async function chunkOf(file: BenchFile, index: number): Promise<Buffer> {
  const start = index * CHUNK;
  const size = Math.min(CHUNK, file.size - start);
  if (file.bytes) return file.bytes.subarray(start, start + size);
  const handle = await open(file.file ?? '', 'r');
  try {
    const buffer = Buffer.alloc(size);
    await handle.read(buffer, 0, size, start);
    return buffer;
  } finally {
    await handle.close();
  }
}

const chunkCount = (file: BenchFile) => Math.max(1, Math.ceil(file.size / CHUNK));

export function createClient(base: string, token: string) {
  const auth = { Authorization: `Bearer ${token}` };
  const json = { ...auth, 'Content-Type': 'application/json' };

  async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${base}${url}`, {
      method,
      headers: body === undefined ? auth : json,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${await answer.text()}`);
    const text = await answer.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async function postBytes<T>(url: string, body: Buffer): Promise<T> {
    const answer = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/octet-stream' },
      body: body as Buffer<ArrayBuffer>,
    });
    if (!answer.ok) throw new Error(`POST ${url}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  }

  const declare = (file: BenchFile, chunks: string[]) => ({
    path: file.path,
    size: file.size,
    checksum: file.checksum,
    chunks,
  });

  return {
    call,

    /** A new project of the admin's workspace; answers its id. */
    async createProject(name: string): Promise<string> {
      await call('POST', '/v1/project/admin', { name });
      return (await call<{ id: string }>('GET', `/v1/project/admin/${name}`)).id;
    },

    /** One v1 push (start, every chunk CONCURRENCY at a time, finish); answers the new version's name. */
    async pushV1(
      project: string,
      version: string,
      changes: { added?: BenchFile[]; updated?: BenchFile[] },
    ): Promise<string> {
      const ids = new Map<BenchFile, string[]>();
      for (const file of [...(changes.added ?? []), ...(changes.updated ?? [])]) {
        ids.set(
          file,
          Array.from({ length: chunkCount(file) }, () => randomUUID()),
        );
      }
      const list = (files: BenchFile[] = []) => files.map((file) => declare(file, ids.get(file) ?? []));
      const started = await call<{ transaction?: string; version?: string }>(
        'POST',
        `/v1/project/push/admin/${project}`,
        { version, changes: { added: list(changes.added), updated: list(changes.updated), removed: [] } },
      );
      const transaction = started.transaction ?? '';
      const jobs = [...ids].flatMap(([file, chunks]) => chunks.map((id, index) => ({ file, id, index })));
      await pool(jobs, CONCURRENCY, async ({ file, id, index }) => {
        await postBytes(`/v1/project/push/chunk/${transaction}/${id}`, await chunkOf(file, index));
      });
      return (await call<{ version: string }>('POST', `/v1/project/push/finish/${transaction}`)).version;
    },

    /** One v2 push (chunks first, then the version); answers the new version's name. */
    async pushV2(projectId: string, version: string, added: BenchFile[]): Promise<string> {
      const jobs = added.flatMap((file) =>
        Array.from({ length: chunkCount(file) }, (_, index) => ({ file, index })),
      );
      const ids = new Map<BenchFile, string[]>(added.map((file) => [file, []]));
      const chunkIds = new Map<string, string>();
      await pool(jobs, CONCURRENCY, async ({ file, index }) => {
        const { id } = await postBytes<{ id: string }>(
          `/v2/projects/${projectId}/chunks`,
          await chunkOf(file, index),
        );
        chunkIds.set(`${file.path}\n${index}`, id);
      });
      for (const file of added) {
        ids.set(
          file,
          Array.from(
            { length: chunkCount(file) },
            (_, index) => chunkIds.get(`${file.path}\n${index}`) ?? '',
          ),
        );
      }
      const answer = await call<{ version: string }>('POST', `/v2/projects/${projectId}/versions`, {
        version,
        changes: { added: added.map((file) => declare(file, ids.get(file) ?? [])), updated: [], removed: [] },
      });
      return answer.version;
    },

    /**
     * The fixed cost of chunk requests: `count` chunks of 1 KiB sent one after another, into a v1 transaction of
     * one file (cancelled after) and as v2 chunks; `measure` runs each protocol's requests.
     */
    async tinyChunks(
      project: string,
      projectId: string,
      count: number,
      measure: (protocol: 'v1' | 'v2', send: () => Promise<void>) => Promise<void>,
    ): Promise<void> {
      const bytes = Buffer.alloc(count * 1024);
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 131 + (i >> 10)) & 255;
      const file = smallFile('tiny.bin', bytes.length, 0);
      const ids = Array.from({ length: count }, () => randomUUID());
      const checksum = createHash('sha1').update(bytes).digest('hex');
      const started = await call<{ transaction: string }>('POST', `/v1/project/push/admin/${project}`, {
        version: 'v0',
        changes: {
          added: [{ path: file.path, size: bytes.length, checksum, chunks: ids }],
          updated: [],
          removed: [],
        },
      });
      await measure('v1', async () => {
        for (const [index, id] of ids.entries()) {
          const piece = bytes.subarray(index * 1024, (index + 1) * 1024);
          await postBytes(`/v1/project/push/chunk/${started.transaction}/${id}`, piece);
        }
      });
      await call('POST', `/v1/project/push/cancel/${started.transaction}`);
      await measure('v2', async () => {
        for (let index = 0; index < count; index += 1) {
          await postBytes(
            `/v2/projects/${projectId}/chunks`,
            bytes.subarray(index * 1024, (index + 1) * 1024),
          );
        }
      });
    },

    /** The same chunks to the floor server (`floor-server.ts`), CONCURRENCY at a time, then a finish per file. */
    async pushFloor(files: BenchFile[]): Promise<void> {
      const jobs = files.flatMap((file, at) =>
        Array.from({ length: chunkCount(file) }, (_, index) => ({ file, at, index })),
      );
      await pool(jobs, CONCURRENCY, async ({ file, at, index }) => {
        await postBytes(`/chunk/f${at}/${index}`, await chunkOf(file, index));
      });
      for (const at of files.keys()) await call('POST', `/finish/f${at}`);
    },

    /** The same chunks again to the floor server's held-bytes call (after `pushFloor`), CONCURRENCY at a time. */
    async pushFloorHeld(files: BenchFile[]): Promise<void> {
      const jobs = files.flatMap((file, at) =>
        Array.from({ length: chunkCount(file) }, (_, index) => ({ file, at, index })),
      );
      await pool(jobs, CONCURRENCY, async ({ file, at, index }) => {
        await postBytes(`/held/f${at}/${index}`, await chunkOf(file, index));
      });
    },

    /** Small files to the floor server, one request each, CONCURRENCY at a time, its folder flushed per 100. */
    async pushFloorSmall(files: BenchFile[]): Promise<void> {
      for (let at = 0; at < files.length; at += 100) {
        await pool([...files.slice(at, at + 100).entries()], CONCURRENCY, async ([index, file]) => {
          const { checksum } = await postBytes<{ checksum: string }>(
            `/small/f${at + index}`,
            await chunkOf(file, 0),
          );
          if (checksum !== file.checksum) throw new Error(`floor small ${file.path}: SHA-1 ${checksum}`);
        });
        await call('POST', '/smallcommit');
      }
    },

    /** The same chunks to the floor server's v2 calls, CONCURRENCY at a time, then a finish per file. */
    async pushFloorV2(files: BenchFile[]): Promise<void> {
      const jobs = files.flatMap((file, at) =>
        Array.from({ length: chunkCount(file) }, (_, index) => ({ file, at, index })),
      );
      await pool(jobs, CONCURRENCY, async ({ file, at, index }) => {
        await postBytes(`/v2chunk/f${at}-${index}`, await chunkOf(file, index));
      });
      for (const [at, file] of files.entries()) {
        const { sha1 } = await call<{ sha1: string }>('POST', `/v2finish/f${at}/${chunkCount(file)}`);
        if (sha1 !== file.checksum) throw new Error(`floor v2 ${file.path}: SHA-1 ${sha1}`);
      }
    },

    /** Every file from the floor server, CONCURRENCY at a time; answers the bytes. */
    async downloadFloor(files: BenchFile[]): Promise<number> {
      let bytes = 0;
      await pool([...files.entries()], CONCURRENCY, async ([at, file]) => {
        const got = await download(`${base}/raw/f${at}`, auth);
        if (got.bytes !== file.size) throw new Error(`floor raw ${file.path}: ${got.status}`);
        bytes += got.bytes;
      });
      return bytes;
    },

    /** Every file by its raw address, CONCURRENCY at a time; answers the bytes (sizes checked). */
    async downloadRaw(project: string, files: BenchFile[]): Promise<number> {
      let bytes = 0;
      await pool(files, CONCURRENCY, async (file) => {
        const url = `${base}/v1/project/raw/admin/${project}?file=${encodeURIComponent(file.path)}`;
        const got = await download(url, auth);
        if (got.status !== 200 || got.bytes !== file.size) throw new Error(`raw ${file.path}: ${got.status}`);
        bytes += got.bytes;
      });
      return bytes;
    },
  };
}

export type BenchClient = ReturnType<typeof createClient>;
