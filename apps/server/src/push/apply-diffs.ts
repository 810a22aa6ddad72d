import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { PUSH_TEXTS } from '@waymark/contract';
import type { TableSummary } from '@waymark/gpkg-diff';
import { type ChangesetEngine, EngineError } from '../changesets/engine.ts';
import { DomainError } from '../lib/errors.ts';
import type { BlobStore, StagedBlob } from '../storage/blob-store.ts';
import type { DeclaredFile } from './push-changes.ts';

/** 422 of a finish whose changesets did not apply; v2 answers the failures per path (DataSyncError). */
export class DiffsFailedError extends DomainError {
  constructor(readonly failures: ReadonlyArray<{ path: string; reason: string }>) {
    super('unprocessable', PUSH_TEXTS.diffFailed(failures));
  }
}

/** A diff update rebuilt by finish: the new file (staged), its SHA-1 and the summary of the applied changeset. */
export type AppliedDiff = { file: StagedBlob; sha1: string; summary: TableSummary[] };

/**
 * Rebuilds the files of diff updates (reference §3 step 5): each uploaded changeset (staged, not yet stored) applied
 * in the engine to the file's current version, the result staged with its SHA-1 and handed to `hold` at once (the
 * caller's owner of staged blobs, which discards it on any failure). Answers the rebuilt files and, per path, why
 * a changeset did not apply.
 */
export async function applyDiffs(input: {
  engine: ChangesetEngine;
  blobs: BlobStore;
  /** The project pushed to (projects take turns for the engine). */
  projectId: string;
  files: DeclaredFile[];
  /** The uploaded changeset of each file, by path. */
  changesets: Map<string, StagedBlob>;
  /** The blob of each file's current version, by path. */
  current: Map<string, string>;
  /** Takes each rebuilt file over as soon as it is staged. */
  hold: (blob: StagedBlob, sha1: string) => void;
}): Promise<{ applied: Map<string, AppliedDiff>; failed: Array<{ path: string; reason: string }> }> {
  const { engine, blobs } = input;
  const applied = new Map<string, AppliedDiff>();
  const failed: Array<{ path: string; reason: string }> = [];
  for (const file of input.files) {
    const changeset = input.changesets.get(file.path);
    const base = input.current.get(file.path);
    if (!changeset || !base) throw new Error(`diff update of ${file.path} has no changeset or base`);
    const output = await blobs.tempPath();
    let summary: TableSummary[];
    const baseFile = await blobs.localFile(base);
    try {
      ({ summary } = await engine.apply(baseFile.path, changeset.path, output, {
        project: input.projectId,
      }));
    } catch (error) {
      await rm(output, { force: true });
      if (!(error instanceof EngineError) || error.kind === 'internal') throw error;
      failed.push({ path: file.path, reason: error.reason });
      continue;
    } finally {
      await baseFile.release();
    }
    const sha1 = createHash('sha1');
    const rebuilt = await blobs.stageFile(output, (piece) => sha1.update(piece));
    const digest = sha1.digest('hex');
    input.hold(rebuilt, digest);
    applied.set(file.path, { file: rebuilt, sha1: digest, summary });
  }
  return { applied, failed };
}
