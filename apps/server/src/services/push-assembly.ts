import { unprocessable } from '../lib/errors.ts';
import { mapPool } from '../lib/map-pool.ts';
import { chunkLayout } from '../push/chunk-layout.ts';
import { type DeclaredFile, uploadedBytesOf } from '../push/push-changes.ts';
import type { UploadArea } from '../push/upload-area.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { UploadRow } from '../repositories/upload.repository.ts';
import type { BlobStore, StagedBlob } from '../storage/blob-store.ts';
import { CorruptedFile, createFileAssembly } from './push-file-assembly.ts';
import { type PushTransactions, storedChanges } from './push-transactions.ts';
import type { StagedBlobs } from './staged-blobs.ts';

/** Files assembled at the same time by one finish: enough to overlap hashing with disk waits. */
export const ASSEMBLY_CONCURRENCY = 8;

const corruptedFiles = (paths: string[]) =>
  unprocessable(`Corrupted files: ${paths.join(', ')}`, { structuredDetail: { corrupted_files: paths } });

/**
 * The assembly of a finish (`push-finish.ts`): every uploaded file of a transaction assembled from its chunks
 * into a staged blob and verified (`createFileAssembly`), several at a time.
 */
export function createPushAssembly(deps: {
  blobs: BlobStore;
  uploadArea: UploadArea;
  repos: Repositories;
  transactions: PushTransactions;
}) {
  const { blobs, repos, transactions } = deps;
  const { heldBlob, assemblePlaced, assemble } = createFileAssembly(deps);

  /**
   * Every uploaded file assembled and verified, by path. Missing chunks, a wrong total size or a wrong SHA-1 end
   * the transaction with 422 'Corrupted files: …' (unless it was cancelled meanwhile: 400).
   */
  async function assembleAll(upload: UploadRow, staged: StagedBlobs): Promise<Map<string, StagedBlob>> {
    const changes = storedChanges(upload);
    const indexOf = new Map(changes.chunkIds.map((id, index) => [id, index]));
    const files = [...changes.added, ...changes.updated];
    const states = await repos.uploads.chunkStates(upload.id);
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
    /** The files assembled from the bytes written at their places, with the tokens of those writes. */
    const placedFiles = new Map<string, { indexes: number[]; tokens: string[] }>();
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
          const placed = tokens
            ? await assemblePlaced(upload, file, fileIndex, tokens, staged, heldSha256(file))
            : undefined;
          if (placed && tokens) placedFiles.set(file.path, { indexes, tokens });
          const blob =
            placed ??
            (await assemble(
              upload,
              file,
              indexes,
              staged,
              heldSha256(file),
              { states, layout, blobFiles },
              indexes.every((index) => !states.get(index)?.token && !states.get(index)?.held),
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
    // A file written into at its places was hashed as the writes its chunks' records named: a write of one of
    // them since (which removed its record before it began) may have changed bytes already hashed.
    if (placedFiles.size > 0) {
      const after = await repos.uploads.chunkStates(upload.id);
      for (const [path, { indexes, tokens }] of placedFiles) {
        if (indexes.some((index, chunk) => after.get(index)?.token !== tokens[chunk])) corrupted.push(path);
      }
    }
    if (corrupted.length > 0) {
      await transactions.assertNotCanceled(upload.id);
      await transactions.clear(upload.id);
      throw corruptedFiles(corrupted.sort());
    }
    return assembled;
  }

  return assembleAll;
}
