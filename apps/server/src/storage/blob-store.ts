import { createReadStream } from 'node:fs';
import { access, type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { recyclingReadStream } from './recycling-read-stream.ts';
import { createStaging, READ_BUFFER } from './staging.ts';

export type BlobRef = { sha256: string; size: number };
export type ByteRange = { start: number; end: number };

/** The range of a whole blob of this size (none for an empty one): reads then stop at its end. */
export const wholeFile = (size: number): ByteRange | undefined =>
  size > 0 ? { start: 0, end: size - 1 } : undefined;

/**
 * Content-addressed file bodies. Callers keep the SHA-256 in the database; the same bytes are stored once
 * however many versions and projects refer to them.
 */
export interface BlobStore {
  /**
   * Stores the stream's bytes and returns their hash and size; a blob already present is kept as it is.
   * `beforeStore` runs once the bytes are hashed and flushed but before they get their real name: it may refuse
   * them (throw, and nothing is stored) or record the blob first.
   */
  put(source: Readable | AsyncIterable<Buffer>, options?: PutOptions): Promise<BlobRef>;
  /**
   * The first half of `put`, for callers storing many blobs at once: hashes the bytes and flushes them to disk
   * under a temporary name. The caller then records the blobs (one query for all of them) and calls `store`
   * on each (or `discard`); `flushFolders` with the folders `store` answered makes the new names durable, each
   * folder flushed once however many blobs it received. It is done with each piece of the source by the time it
   * asks for the second after it (one piece written while the next is hashed): a source may read into a few
   * buffers it reuses (`readInTurn`).
   */
  stage(source: Readable | AsyncIterable<Buffer>): Promise<StagedBlob>;
  /**
   * `stage` for a file already written at a `tempPath()` (the changeset engine's outputs): hashes it, calling
   * `observe` with every piece read (for other hashes: the piece's buffer is read into again once `observe`
   * returns), flushes it and takes it over without copying.
   */
  stageFile(file: string, observe?: (piece: Buffer) => void): Promise<StagedBlob>;
  /**
   * `stage` of the bytes of a file that stays where it is and is never written again (an upload chunk, which is
   * only ever replaced by a rename): the blob becomes a second name of the same bytes (a hard link) rather than a
   * copy of them, which saves writing them again; hashed as `stageFile` does. Copies when the file system cannot
   * link (another device, no hard links).
   */
  stageLinkOf(file: string, observe?: (piece: Buffer) => void): Promise<StagedBlob>;
  /**
   * Moves a file written elsewhere (a push's file, its chunks written into it) into the store's temporary folder
   * under `name` by a rename, answering its new path; undefined, the file left where it was, when it is on another
   * file system. ENOENT when the file is not there.
   */
  adopt(file: string, name: string): Promise<string | undefined>;
  /**
   * `stage` of a file `adopt` moved, whose SHA-256 and size the caller computed from its bytes: flushed to disk
   * (where the store needs it), not read again.
   */
  stageHashed(file: string, sha256: string, size: number): Promise<StagedBlob>;
  /**
   * A fresh path in the store's temporary folder, for files that may become blobs (`stageFile`) or short-lived
   * work files; the caller removes them, and `removeStaleTemp` what a crash left.
   */
  tempPath(name?: string): Promise<string>;
  /**
   * A local file holding the blob's bytes, for code that needs a path (the changeset engine): the stored file
   * itself on local disk, a temporary copy otherwise. Read only; `release` it when done (it removes a copy).
   */
  localFile(sha256: string): Promise<LocalBlobFile>;
  /** Flushes these folders to disk, so the blob names made in them survive a power cut. */
  flushFolders(folders: Iterable<string>): Promise<void>;
  /**
   * Streams a stored blob, or the inclusive byte range of it. `forResponse`: the stream is piped into one HTTP
   * response and nothing else, so the local store may read into buffers it reuses (`recyclingReadStream`).
   */
  get(sha256: string, range?: ByteRange, options?: { forResponse?: boolean }): Readable;
  has(sha256: string): Promise<boolean>;
  /**
   * Whether the stream's bytes are exactly the stored blob's (read and compared, not hashed: a comparison costs a
   * fraction of a hash); false when they differ or the blob is not there. Only stores that read their blobs
   * locally have it: for the others, a comparison would download the blob.
   */
  matches?(sha256: string, size: number, source: AsyncIterable<Buffer>): Promise<boolean>;
  /** Removes a blob; removing one that is not there is no error. */
  delete(sha256: string): Promise<void>;
  /** Fails with a clear message when the store cannot be used (an S3 bucket out of reach); run at start. */
  check(): Promise<void>;
  /** Every stored blob with its size, in no particular order (the storage migration's source). */
  list(): AsyncIterable<BlobRef>;
  /** Removes temporary files of writes interrupted before the cut-off (a crash mid-put); returns how many. */
  removeStaleTemp(before: Date): Promise<number>;
}

/** A blob as a local file: `release` once the file is no longer read. */
export type LocalBlobFile = { path: string; release(): Promise<void> };

export type PutOptions = { beforeStore?: (ref: BlobRef) => Promise<void> };

/** Bytes hashed and flushed under a temporary name: `store` gives them their real name, `discard` drops them. */
export type StagedBlob = BlobRef & {
  /** Where the bytes are until `store` or `discard` (readable, e.g. by the changeset engine). */
  path: string;
  /**
   * Gives the bytes their real name (a rename on local disk, an upload to S3) and takes the temporary file over;
   * answers the folders to flush (the blob's and any folder it created; none for S3).
   */
  store(): Promise<string[]>;
  discard(): Promise<void>;
};

const SHA256_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The name of a blob below the store's root, the same in every store: `<aa>/<bb>/<sha256>` (the first two byte
 * pairs of the hash as folders). Refuses anything but a SHA-256 in hex.
 */
export function blobKey(sha256: string): string {
  if (!SHA256_PATTERN.test(sha256)) throw new Error(`not a blob id: ${sha256}`);
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

/** The hash of a blob's name (`<aa>/<bb>/<sha256>`), or undefined for anything else. */
export function sha256OfKey(key: string): string | undefined {
  const match = /^([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f]{64})$/.exec(key);
  return match && match[3]?.startsWith(`${match[1]}${match[2]}`) ? match[3] : undefined;
}

/** `put` over the store's own `stage` and `store`: every store writes a single blob the same way. */
export async function putStaged(
  blobs: Pick<BlobStore, 'stage' | 'flushFolders'>,
  source: Readable | AsyncIterable<Buffer>,
  options: PutOptions = {},
): Promise<BlobRef> {
  const staged = await blobs.stage(source);
  try {
    await options.beforeStore?.({ sha256: staged.sha256, size: staged.size });
  } catch (error) {
    await staged.discard();
    throw error;
  }
  await blobs.flushFolders(await staged.store());
  return { sha256: staged.sha256, size: staged.size };
}

/**
 * Blobs on local disk under `<root>/<aa>/<bb>/<sha256>`. Writes go to a temporary file that is flushed to
 * disk and then renamed into place, so a crash never leaves a partial blob under a real name.
 */
export function createLocalBlobStore(root: string): BlobStore {
  const blobPath = (sha256: string) => path.join(root, ...blobKey(sha256).split('/'));
  /** Folders known to exist: each put would otherwise ask the file system twice. */
  const madeDirs = new Set<string>();
  /** Makes the folder if needed; answers the folders whose entries changed (the parents of new folders). */
  const ensureDir = async (dir: string): Promise<string[]> => {
    if (madeDirs.has(dir)) return [];
    const first = await mkdir(dir, { recursive: true });
    madeDirs.add(dir);
    if (first === undefined) return [];
    const changed = [];
    for (let at = dir; at !== path.dirname(first); at = path.dirname(at)) changed.push(path.dirname(at));
    return changed;
  };

  async function flushFolders(folders: Iterable<string>): Promise<void> {
    await Promise.all(
      [...new Set(folders)].map(async (dir) => {
        const handle = await open(dir, 'r');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
      }),
    );
  }

  const staging = createStaging({
    dir: path.join(root, 'tmp'),
    durable: true,
    async place(file, { sha256 }) {
      const target = blobPath(sha256);
      const dir = path.dirname(target);
      const made = await ensureDir(dir);
      await rename(file, target);
      return [dir, ...made];
    },
  });

  const store: BlobStore = {
    put: (source, options) => putStaged(store, source, options),

    ...staging,

    async localFile(sha256) {
      return { path: blobPath(sha256), release: async () => undefined };
    },

    flushFolders,

    get(sha256, range, { forResponse = false } = {}) {
      // A small file or range is read into a buffer of its size, not a whole READ_BUFFER.
      const options = {
        highWaterMark: range ? Math.min(READ_BUFFER, range.end - range.start + 1) : READ_BUFFER,
      };
      if (forResponse) {
        return recyclingReadStream(blobPath(sha256), {
          bufferSize: options.highWaterMark,
          ...(range ? { start: range.start, end: range.end } : {}),
        });
      }
      return createReadStream(
        blobPath(sha256),
        range ? { ...options, start: range.start, end: range.end } : options,
      );
    },

    async has(sha256) {
      try {
        await access(blobPath(sha256));
        return true;
      } catch {
        return false;
      }
    },

    async matches(sha256, size, source) {
      let handle: FileHandle;
      try {
        handle = await open(blobPath(sha256), 'r');
      } catch {
        return false;
      }
      try {
        if ((await handle.stat()).size !== size) return false;
        let stored = Buffer.alloc(0);
        let offset = 0;
        for await (const piece of source) {
          if (offset + piece.length > size) return false;
          if (stored.length < piece.length) stored = Buffer.allocUnsafe(piece.length);
          const view = stored.subarray(0, piece.length);
          for (let read = 0; read < piece.length;) {
            const { bytesRead } = await handle.read(view, read, piece.length - read, offset + read);
            if (bytesRead === 0) return false;
            read += bytesRead;
          }
          if (!view.equals(piece)) return false;
          offset += piece.length;
        }
        return offset === size;
      } finally {
        await handle.close();
      }
    },

    async delete(sha256) {
      await rm(blobPath(sha256), { force: true });
    },

    async check() {
      await mkdir(root, { recursive: true });
    },

    async *list() {
      for (const first of await readdir(root).catch(() => [] as string[])) {
        if (!/^[0-9a-f]{2}$/.test(first)) continue;
        for (const second of await readdir(path.join(root, first)).catch(() => [] as string[])) {
          const dir = path.join(root, first, second);
          for (const name of await readdir(dir).catch(() => [] as string[])) {
            const sha256 = sha256OfKey(`${first}/${second}/${name}`);
            if (!sha256) continue;
            const info = await stat(path.join(dir, name)).catch(() => undefined);
            if (info?.isFile()) yield { sha256, size: info.size };
          }
        }
      }
    },
  };
  return store;
}
