import { createHash } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import { isVersionedFile, PUSH_TEXTS, UPLOAD_CHUNK_SIZE, versionName } from '@waymark/contract';
import type { ChangesetEngine } from '../changesets/engine.ts';
import type { AppConfig } from '../config.ts';
import { crashPoint } from '../lib/crash-point.ts';
import { DomainError, invalid, unprocessable } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { mapPool } from '../lib/map-pool.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import { type AppliedDiff, applyDiffs, DiffsFailedError } from '../push/apply-diffs.ts';
import { mergeCandidates, mergeUploads, type UploadMerge, withMerges } from './push-merge.ts';
import { chunkLayout, type Placement } from '../push/chunk-layout.ts';
import { type DeclaredFile, uploadedBytesOf } from '../push/push-changes.ts';
import type { UploadArea } from '../push/upload-area.ts';
import type { ProjectFileRow } from '../repositories/project.repository.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { UploadRow } from '../repositories/upload.repository.ts';
import type { BlobStore, StagedBlob } from '../storage/blob-store.ts';
import { readThrough } from '../storage/reused-reads.ts';
import type { ChangesetService } from './changeset.service.ts';
import { commitChanges, commitVersion, type PushClientInfo } from './push-commit.ts';
import type { PushGuard } from './push-guard.ts';
import { type PushTransactions, type StoredChanges, storedChanges } from './push-transactions.ts';
import { createStagedBlobs, type StagedBlobs } from './staged-blobs.ts';

/** Files assembled at the same time by one finish: enough to overlap hashing with disk waits. */
const ASSEMBLY_CONCURRENCY = 8;

class CorruptedFile extends Error {}

const corruptedFiles = (paths: string[]) =>
  unprocessable(`Corrupted files: ${paths.join(', ')}`, { structuredDetail: { corrupted_files: paths } });

/** The client fields that were given (finish may come from the same client without its headers). */
function definedOnly(client: PushClientInfo): Partial<PushClientInfo> {
  return Object.fromEntries(Object.entries(client).filter(([, value]) => value !== null));
}

/**
 * The finish of a push (reference §3 steps 4–6): every declared chunk present with the declared sizes, each file
 * assembled from its chunks into a staged blob and verified (size, SHA-1), diff updates rebuilt by the engine,
 * the blobs named (rows first), then the version committed in one transaction that also ends the push. The blobs
 * staged on the way belong to one owner (`createStagedBlobs`), which discards them on every failure.
 */
export function createPushFinish(deps: {
  config: AppConfig;
  blobs: BlobStore;
  uploadArea: UploadArea;
  log: Logger;
  repos: Repositories;
  engine: ChangesetEngine;
  changesets: ChangesetService;
  transactions: PushTransactions;
  assertStillMayPush: PushGuard;
}) {
  const { blobs, uploadArea, log, repos, engine, changesets, transactions, assertStillMayPush } = deps;
  const reach = crashPoint(deps.config.testCrashPoint);
  /** Finishes running in this process, so a client's retry does not assemble the same files twice. */
  const finishing = new Set<string>();

  /**
   * A file whose bytes the store already holds (the same SHA-256): nothing is written or flushed. Its row is
   * refreshed with the others before `store`, which then finds the bytes (a collection of them waits for no one
   * but deletes them before its rows' commit, so bytes still there after the refresh stay); when they went
   * meanwhile, `store` writes them again from the chunks (`rewrite`). It has no temporary file (`path` is empty);
   * `discard` drops a copy of the bytes the caller made, once stored or not used.
   */
  function heldBlob(
    sha256: string,
    size: number,
    rewrite: () => Promise<StagedBlob>,
    discard: () => Promise<void> = async () => undefined,
  ): StagedBlob {
    return {
      sha256,
      size,
      path: '',
      async store() {
        if (await blobs.has(sha256)) {
          // Its own copy of the bytes, if any, is not needed.
          await discard();
          return [];
        }
        const again = await rewrite();
        if (again.sha256 !== sha256) {
          await again.discard();
          throw new Error(`the chunks of blob ${sha256} changed during the finish`);
        }
        return again.store();
      },
      discard,
    };
  }

  /**
   * A file whose chunks were all written into it at their places (`tokens`: the writes their markers named before
   * finish began, by position): moved into the store's temporary folder, its digests finished (those computed as
   * the chunks arrived, for the chunks still the writes they hashed, and the rest read back once), verified, and
   * flushed once; nothing is copied. Its chunks' markers are read again after the hash: a write meanwhile makes
   * the file corrupted. Answers undefined, the file left in place, where it cannot be moved (another file system).
   */
  async function assemblePlaced(
    upload: UploadRow,
    file: DeclaredFile,
    fileIndex: number,
    chunkIndexes: number[],
    tokens: string[],
    staged: StagedBlobs,
    heldSha256: string | undefined,
  ): Promise<StagedBlob | undefined> {
    const expected = uploadedBytesOf(file);
    const running = await transactions.hashes.take(upload.id, fileIndex, tokens);
    const placed = uploadArea.placedPath(upload.id, fileIndex);
    // A name of its own: a finish retried after a crash finds the file there, if not in its place.
    const name = `${upload.id}-${fileIndex}`;
    let moved: string | undefined;
    try {
      moved = await blobs.adopt(placed, name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      moved = await blobs.tempPath(name);
      if (
        !(await stat(moved).then(
          () => true,
          () => false,
        ))
      ) {
        // Already stored by a finish that crashed before its commit: its row says its SHA-1 was verified.
        if (heldSha256 !== undefined && (await blobs.has(heldSha256))) {
          return staged.hold(
            heldBlob(heldSha256, expected.size, () => Promise.reject(new CorruptedFile(file.path))),
            expected.checksum,
          );
        }
        throw new CorruptedFile(file.path);
      }
    }
    if (moved === undefined) return undefined;
    // Not used after all (a failure of this finish): the file goes back to its place, for a retry to find.
    const giveBack = () => rename(moved, placed).catch(() => rm(moved, { force: true }));
    let blob: StagedBlob | undefined;
    try {
      const size = (await stat(moved)).size;
      if (size !== expected.size) throw new CorruptedFile(file.path);
      const from = running.from * UPLOAD_CHUNK_SIZE;
      for await (const piece of readThrough(moved, from, size - from)) {
        running.sha1.update(piece);
        running.sha256.update(piece);
      }
      const after = await uploadArea.chunkStates(upload.id, chunkIndexes);
      if (chunkIndexes.some((index, chunk) => after.get(index)?.token !== tokens[chunk]))
        throw new CorruptedFile(file.path);
      if (running.sha1.digest('hex') !== expected.checksum) throw new CorruptedFile(file.path);
      const sha256 = running.sha256.digest('hex');
      if (sha256 === heldSha256) {
        // Bytes the store holds: neither flushed nor stored, unless they went meanwhile.
        blob = heldBlob(sha256, size, () => blobs.stageHashed(moved, sha256, size), giveBack);
      } else {
        blob = { ...(await blobs.stageHashed(moved, sha256, size)), discard: giveBack };
      }
      return staged.hold(blob, expected.checksum);
    } finally {
      if (blob === undefined) await giveBack();
    }
  }

  /**
   * Assembles one file (or the changeset of a diff update) from its chunks into a staged blob (hashed and flushed,
   * not yet under its real name) held by `staged`, verifying size and SHA-1; a mismatch throws `CorruptedFile`.
   * When the store may already hold the file (`heldSha256`: a blob recorded with its SHA-1 and size), the chunks
   * are only compared with it (or, where the store cannot read it locally, hashed: SHA-1 and SHA-256), nothing
   * written, and, if they are that blob, nothing is stored again.
   */
  async function assemble(
    upload: UploadRow,
    file: DeclaredFile,
    chunkIndexes: number[],
    staged: StagedBlobs,
    heldSha256: string | undefined,
    layout: Map<number, Placement>,
    stored: boolean,
    blobFiles: (sha256: string) => string,
  ): Promise<StagedBlob> {
    const expected = uploadedBytesOf(file);
    const readChunks = () => uploadArea.readChunks(upload.id, chunkIndexes, layout, blobFiles);
    const held = (sha256: string, size: number) =>
      staged.hold(
        heldBlob(sha256, size, () => blobs.stage(readChunks())),
        expected.checksum,
      );
    if (heldSha256 !== undefined && blobs.matches) {
      // The same bytes as the blob, compared rather than hashed: its SHA-1 (the declared one) was verified when
      // it was stored, so they need no hash either.
      if (await blobs.matches(heldSha256, expected.size, readChunks()))
        return held(heldSha256, expected.size);
      // Other bytes: hashed, verified and stored as any new file.
    } else if (heldSha256 !== undefined) {
      const sha1 = createHash('sha1');
      const sha256 = createHash('sha256');
      let size = 0;
      for await (const piece of readChunks()) {
        sha1.update(piece);
        sha256.update(piece);
        size += piece.length;
      }
      if (size !== expected.size || sha1.digest('hex') !== expected.checksum)
        throw new CorruptedFile(file.path);
      if (sha256.digest('hex') === heldSha256) return held(heldSha256, size);
      // Other bytes with the same SHA-1: stored as any new file.
    }
    const sha1 = createHash('sha1');
    const [only] = chunkIndexes;
    let blob: StagedBlob;
    if (chunkIndexes.length === 1 && only !== undefined && stored) {
      // A file of one chunk is that chunk: it becomes the blob without being written again.
      blob = await blobs.stageLinkOf(uploadArea.chunkFile(upload.id, only), (piece) => sha1.update(piece));
    } else {
      const pieces = readChunks();
      blob = await blobs.stage(
        (async function* () {
          for await (const piece of pieces) {
            sha1.update(piece);
            yield piece;
          }
        })(),
      );
    }
    staged.hold(blob);
    if (blob.size !== expected.size || sha1.digest('hex') !== expected.checksum)
      throw new CorruptedFile(file.path);
    staged.verified(blob, expected.checksum);
    return blob;
  }

  /**
   * Every uploaded file assembled and verified, by path. Missing chunks, a wrong total size or a wrong SHA-1 end
   * the transaction with 422 'Corrupted files: …' (unless it was cancelled meanwhile: 400).
   */
  async function assembleAll(upload: UploadRow, staged: StagedBlobs): Promise<Map<string, StagedBlob>> {
    const changes = storedChanges(upload);
    const indexOf = new Map(changes.chunkIds.map((id, index) => [id, index]));
    const files = [...changes.added, ...changes.updated];
    const states = await uploadArea.chunkStates(upload.id, [...indexOf.values()]);
    const layout = chunkLayout(changes, changes.chunkIds);
    const chunkIndexes = (file: DeclaredFile) => file.chunks.map((id) => indexOf.get(id) ?? -1);
    const incomplete = files.filter((file) => {
      const indexes = chunkIndexes(file);
      if (indexes.some((index) => !states.has(index))) return true;
      return (
        indexes.reduce((sum, index) => sum + (states.get(index)?.size ?? 0), 0) !== uploadedBytesOf(file).size
      );
    });
    // Where the stored blobs that chunks were found equal to are (local store only), for reading them back.
    const heldPaths = new Map<string, string>();
    for (const state of states.values()) {
      if (state.held !== undefined && !heldPaths.has(state.held))
        heldPaths.set(state.held, (await blobs.localFile(state.held)).path);
    }
    const blobFiles = (sha256: string) => heldPaths.get(sha256) ?? '';
    /** Whether every chunk of a file was found equal to its place in the blob the store holds. */
    const allHeld = (file: DeclaredFile, sha256: string | undefined) =>
      sha256 !== undefined && chunkIndexes(file).every((index) => states.get(index)?.held === sha256);
    /** The tokens of a file's chunks when every one of them was written into it at its place. */
    const placedTokens = (file: DeclaredFile, fileIndex: number): string[] | undefined => {
      const tokens = [];
      for (const index of chunkIndexes(file)) {
        const token = states.get(index)?.token;
        if (token === undefined || layout.get(index)?.file !== fileIndex) return undefined;
        tokens.push(token);
      }
      return tokens.length > 0 ? tokens : undefined;
    };
    if (incomplete.length > 0) {
      await transactions.assertNotCanceled(upload.id);
      await transactions.clear(upload.id);
      throw corruptedFiles(incomplete.map((file) => file.path));
    }

    // Whole files (not changesets, which the engine reads from their staged file) the store may hold already.
    const whole = files.filter((file) => !file.diff);
    const held = await repos.blobs.findBySha1(
      whole.map((file) => ({ sha1: file.checksum, size: file.size })),
    );
    const heldSha256 = (file: DeclaredFile) =>
      file.diff ? undefined : held.get(`${file.checksum} ${file.size}`);

    const corrupted: string[] = [];
    const assembled = new Map<string, StagedBlob>();
    try {
      await mapPool([...files.entries()], ASSEMBLY_CONCURRENCY, async ([fileIndex, file]) => {
        try {
          const tokens = placedTokens(file, fileIndex);
          const indexes = chunkIndexes(file);
          const sha256 = heldSha256(file);
          if (sha256 !== undefined && allHeld(file, sha256) && (await blobs.has(sha256))) {
            // Every chunk was that blob's bytes, compared as they arrived: nothing to read, hash or store.
            const gone = () => Promise.reject(new Error(`blob ${sha256} went during the finish`));
            assembled.set(file.path, staged.hold(heldBlob(sha256, file.size, gone), file.checksum));
            return;
          }
          const blob =
            (tokens &&
              (await assemblePlaced(upload, file, fileIndex, indexes, tokens, staged, heldSha256(file)))) ??
            (await assemble(
              upload,
              file,
              indexes,
              staged,
              heldSha256(file),
              layout,
              indexes.every((index) => !states.get(index)?.token && !states.get(index)?.held),
              blobFiles,
            ));
          assembled.set(file.path, blob);
        } catch (error) {
          if (!(error instanceof CorruptedFile)) throw error;
          corrupted.push(file.path);
        }
      });
    } catch (error) {
      // A chunk file vanished under the assembly (ENOENT): the transaction was cancelled meanwhile.
      await transactions.assertNotCanceled(upload.id);
      throw error;
    }
    if (corrupted.length > 0) {
      await transactions.assertNotCanceled(upload.id);
      await transactions.clear(upload.id);
      throw corruptedFiles(corrupted.sort());
    }
    return assembled;
  }

  /**
   * The files of diff updates rebuilt from their changesets; one that does not apply ends the transaction, as the
   * reference does (nothing of it is kept; the client pushes again).
   */
  async function rebuildDiffs(input: {
    upload: UploadRow;
    changes: StoredChanges;
    current: Map<string, ProjectFileRow>;
    assembled: Map<string, StagedBlob>;
    staged: StagedBlobs;
  }): Promise<Map<string, AppliedDiff>> {
    const rebuilt = await applyDiffs({
      engine,
      blobs,
      projectId: input.upload.projectId,
      files: input.changes.updated.filter((file) => file.diff),
      changesets: input.assembled,
      current: new Map([...input.current].map(([path, file]) => [path, file.blobSha256])),
      hold: input.staged.hold,
    });
    if (rebuilt.failed.length > 0) {
      await transactions.clear(input.upload.id);
      throw new DiffsFailedError(rebuilt.failed);
    }
    return rebuilt.applied;
  }

  /** The upload's GeoPackages based on older versions, merged on the latest files (push-merge.ts). */
  async function mergeOlder(input: {
    actor: NonNullable<Actor>;
    upload: UploadRow;
    changes: StoredChanges;
    current: Map<string, ProjectFileRow>;
    assembled: Map<string, StagedBlob>;
    staged: StagedBlobs;
  }): Promise<UploadMerge | undefined> {
    const { upload, changes } = input;
    const candidates = mergeCandidates(changes.updated, upload.version);
    if (candidates.length === 0) return undefined;
    const pushed = new Set(
      [...changes.added, ...changes.updated, ...changes.removed].map((file) => file.path),
    );
    const user = await repos.users.findById(input.actor.id);
    return mergeUploads({
      engine,
      blobs,
      log,
      projectId: upload.projectId,
      pushBase: upload.version,
      candidates,
      assembled: input.assembled,
      current: new Map([...input.current].map(([path, file]) => [path, file.blobSha256])),
      blobAt: async (path, version) =>
        (await repos.versions.changeAt(upload.projectId, path, version))?.blobSha256,
      isTaken: async (path) =>
        pushed.has(path) || (await repos.projects.currentFilesAt(upload.projectId, [path])).length > 0,
      username: user?.username ?? String(input.actor.id),
      hold: input.staged.hold,
    });
  }

  /** POST /v1/project/push/finish/{tx}: answers the id of the project that got its new version. */
  return async function finish(input: {
    actor: NonNullable<Actor>;
    transaction: string;
    client: PushClientInfo;
  }): Promise<string> {
    const upload = await transactions.requireUpload(input.actor, input.transaction);
    const changes = storedChanges(upload);
    const stillMayPush = () =>
      assertStillMayPush({
        actor: input.actor,
        projectId: upload.projectId,
        changes,
        onRefused: () => transactions.clear(upload.id),
      });
    await stillMayPush();
    if (finishing.has(upload.id)) throw invalid(PUSH_TEXTS.anotherProcess);
    finishing.add(upload.id);
    const stop = transactions.heartbeat(upload.id);
    const staged = createStagedBlobs({
      blobs,
      repos,
      concurrency: ASSEMBLY_CONCURRENCY,
      onStored: () => reach('finish:blob-stored'),
    });
    try {
      await transactions.assertNotCanceled(upload.id);
      const assembled = await assembleAll(upload, staged);
      // The files replaced: the bases of diff updates, the sizes of removals.
      const replaced = [...changes.updated, ...changes.removed].map((file) => file.path);
      const current = new Map(
        (await repos.projects.currentFilesAt(upload.projectId, replaced)).map((file) => [file.path, file]),
      );
      const applied = await rebuildDiffs({ upload, changes, current, assembled, staged });
      const merged = await mergeOlder({ actor: input.actor, upload, changes, current, assembled, staged });
      await staged.store();

      reach('finish:assembled');
      // Asked again just before the commit: access may have been taken away while the files were assembled.
      await stillMayPush();
      try {
        await repos.transaction(async (tx) => {
          if (!(await tx.uploads.lockById(upload.id))) throw invalid(PUSH_TEXTS.uploadCanceled);
          await commitVersion({
            tx,
            projectId: upload.projectId,
            base: upload.version,
            actor: input.actor,
            client: { userAgent: upload.userAgent, deviceId: upload.deviceId, ...definedOnly(input.client) },
            changes: merged
              ? withMerges(commitChanges(changes, current, assembled, applied), merged)
              : commitChanges(changes, current, assembled, applied),
            merge: merged?.merge,
          });
          await tx.uploads.delete(upload.id);
        });
      } catch (error) {
        // The version was made by someone else meanwhile: this upload can never commit.
        // Nor can one beyond its workspace's storage.
        if (error instanceof DomainError && (error.kind === 'conflict' || error.kind === 'limit-hit'))
          await transactions.clear(upload.id);
        throw error;
      }
      reach('finish:committed');
      if (changes.updated.some((file) => !file.diff && isVersionedFile(file.path))) {
        await changesets.schedule(upload.projectId, upload.version + 1);
      }
      log.info(
        { project: upload.projectId, version: versionName(upload.version + 1), transaction: upload.id },
        'push finished',
      );
    } finally {
      stop();
      finishing.delete(upload.id);
      await staged
        .discard()
        .catch((error: unknown) => log.warn({ err: error }, 'staged blobs not discarded'));
    }
    // After the commit: a crash before this leaves a folder without a row, which the cleanup job removes.
    await transactions.dropBytes(upload.id);
    return upload.projectId;
  };
}
