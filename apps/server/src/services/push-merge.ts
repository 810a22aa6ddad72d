import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  editConflictFileName,
  isVersionedFile,
  type MergedFile,
  numberedFileName,
  type VersionMerge,
  versionName,
} from '@waymark/contract';
import { type ChangesetEngine, EngineError } from '../changesets/engine.ts';
import type { Logger } from '../lib/logger.ts';
import type { CommitChange } from '../repositories/version.repository.ts';
import type { BlobStore, StagedBlob } from '../storage/blob-store.ts';
import type { DeclaredFile } from '../push/push-changes.ts';

/** A file of the merged upload as it will be stored: the staged blob, its SHA-1 and size. */
type StoredFile = { blob: StagedBlob; sha1: string; size: number };

/** What `mergeUploads` made: the merged files by path, the conflict files to add, and the version's note. */
export type UploadMerge = {
  merged: Map<string, StoredFile>;
  conflictFiles: Array<StoredFile & { path: string }>;
  merge: VersionMerge | undefined;
};

/** The GeoPackages of a push that ask for a merge: updated whole (no diff), based on an older version. */
export function mergeCandidates(updated: readonly DeclaredFile[], pushBase: number): DeclaredFile[] {
  return updated.filter(
    (file) =>
      !file.diff &&
      isVersionedFile(file.path) &&
      file.baseVersion !== undefined &&
      file.baseVersion < pushBase,
  );
}

/**
 * Browser uploads that merge (issue 28): each updated GeoPackage declared with an older `baseVersion` whose file
 * changed since is merged in the engine as the Mergin clients rebase on pull (the upload's edits on top of the
 * latest file; a field both changed keeps the upload's value and the other goes to an edit-conflict file named as
 * the clients name theirs). A file the engine refuses (a schema change, an unmergeable table) keeps the upload as it
 * is, noted with the reason. Every staged blob goes to `hold` at once (the finish discards them on failure).
 */
export async function mergeUploads(input: {
  engine: ChangesetEngine;
  blobs: BlobStore;
  log: Logger;
  projectId: string;
  /** The version the push is based on (the latest). */
  pushBase: number;
  candidates: DeclaredFile[];
  /** The uploaded file of each path (staged; an empty `path` when the store held the bytes already). */
  assembled: Map<string, StagedBlob>;
  /** The blob of each path's latest version. */
  current: Map<string, string | null>;
  /** The blob of a path at a past version (undefined when it did not exist then). */
  blobAt: (path: string, version: number) => Promise<string | null | undefined>;
  /** Whether a path is taken in the project or by this push. */
  isTaken: (path: string) => Promise<boolean>;
  username: string;
  hold: (blob: StagedBlob, sha1: string) => void;
}): Promise<UploadMerge> {
  const { engine, blobs } = input;
  const merged = new Map<string, StoredFile>();
  const conflictFiles: UploadMerge['conflictFiles'] = [];
  const notes: MergedFile[] = [];
  let base: number | undefined;
  for (const file of input.candidates) {
    const fileBase = file.baseVersion!;
    const [baseBlob, latestBlob, uploaded] = [
      await input.blobAt(file.path, fileBase),
      input.current.get(file.path),
      input.assembled.get(file.path),
    ];
    // Unchanged since the file was chosen (or not there then): the upload replaces it, as any update.
    if (!baseBlob || !latestBlob || !uploaded || baseBlob === latestBlob) continue;
    base = Math.min(base ?? fileBase, fileBase);
    const [baseFile, latestFile, ourFile] = await Promise.all([
      blobs.localFile(baseBlob),
      blobs.localFile(latestBlob),
      uploaded.path ? undefined : blobs.localFile(uploaded.sha256),
    ]);
    const output = await blobs.tempPath();
    try {
      const result = await engine.merge(
        { base: baseFile.path, theirs: latestFile.path, ours: ourFile?.path ?? uploaded.path, output },
        { project: input.projectId },
      );
      const sha1 = createHash('sha1');
      const blob = await blobs.stageFile(output, (piece) => sha1.update(piece));
      const digest = sha1.digest('hex');
      input.hold(blob, digest);
      merged.set(file.path, { blob, sha1: digest, size: blob.size });
      const note: MergedFile = { path: file.path, kept: result.kept, conflicts: result.conflicts };
      if (result.conflictFile) {
        const path = await freeName(editConflictFileName(file.path, input.username, fileBase), input.isTaken);
        const bytes = Buffer.from(result.conflictFile, 'utf8');
        const conflictBlob = await blobs.stage(
          (async function* () {
            yield bytes;
          })(),
        );
        const conflictSha1 = createHash('sha1').update(bytes).digest('hex');
        input.hold(conflictBlob, conflictSha1);
        conflictFiles.push({ path, blob: conflictBlob, sha1: conflictSha1, size: bytes.length });
        note.conflict_file = path;
      }
      notes.push(note);
    } catch (error) {
      await rm(output, { force: true });
      if (!(error instanceof EngineError) || error.kind === 'internal') throw error;
      input.log.warn({ path: file.path, reason: error.reason }, 'upload not merged, the file is replaced');
      notes.push({ path: file.path, kept: 0, conflicts: 0, overwritten: error.reason });
    } finally {
      await Promise.all([baseFile.release(), latestFile.release(), ourFile?.release()]);
    }
  }
  const merge = base === undefined ? undefined : { base: versionName(base), files: notes };
  return { merged, conflictFiles, merge };
}

/** The name, or the first of 'name (1).json', 'name (2).json'… not taken (the clients' `unique_path_name`). */
async function freeName(name: string, isTaken: (path: string) => Promise<boolean>): Promise<string> {
  let candidate = name;
  for (let n = 1; await isTaken(candidate); n++) candidate = numberedFileName(name, n);
  return candidate;
}

/** The version's rows with the merged files' bytes instead of the uploaded ones, and the conflict files added. */
export function withMerges(changes: CommitChange[], result: UploadMerge): CommitChange[] {
  const merged = changes.map((change) => {
    const file = result.merged.get(change.path);
    if (!file || change.change !== 'update') return change;
    return { ...change, size: file.size, checksum: file.sha1, blobSha256: file.blob.sha256 };
  });
  const added = result.conflictFiles.map((file): CommitChange => ({
    path: file.path,
    change: 'create',
    size: file.size,
    checksum: file.sha1,
    blobSha256: file.blob.sha256,
  }));
  return [...merged, ...added];
}
