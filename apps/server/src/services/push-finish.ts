import { isVersionedFile, PUSH_TEXTS, versionName } from '@waymark/contract';
import type { ChangesetEngine } from '../changesets/engine.ts';
import type { AppConfig } from '../config.ts';
import { crashPoint } from '../lib/crash-point.ts';
import { DomainError, invalid } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import { type AppliedDiff, applyDiffs, DiffsFailedError } from '../push/apply-diffs.ts';
import type { UploadArea } from '../push/upload-area.ts';
import type { ProjectFileRow } from '../repositories/project.repository.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { UploadRow } from '../repositories/upload.repository.ts';
import type { BlobStore, StagedBlob } from '../storage/blob-store.ts';
import type { ChangesetService } from './changeset.service.ts';
import { ASSEMBLY_CONCURRENCY, createPushAssembly } from './push-assembly.ts';
import { commitChanges, commitVersion, type PushClientInfo } from './push-commit.ts';
import type { PushGuard } from './push-guard.ts';
import { mergeCandidates, mergeUploads, type UploadMerge, withMerges } from './push-merge.ts';
import { type PushTransactions, type StoredChanges, storedChanges } from './push-transactions.ts';
import { createStagedBlobs, type StagedBlobs } from './staged-blobs.ts';

/** The client fields that were given (finish may come from the same client without its headers). */
function definedOnly(client: PushClientInfo): Partial<PushClientInfo> {
  return Object.fromEntries(Object.entries(client).filter(([, value]) => value !== null));
}

/**
 * The finish of a push (reference §3 steps 4–6): every declared chunk present with the declared sizes, each file
 * assembled from its chunks into a staged blob and verified (size, SHA-1: `push-assembly.ts`), diff updates
 * rebuilt by the engine, the blobs named (rows first), then the version committed in one transaction that also
 * ends the push. The blobs staged on the way belong to one owner (`createStagedBlobs`), which discards them on
 * every failure.
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
  const assembleAll = createPushAssembly({ blobs, uploadArea, repos, transactions });

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
