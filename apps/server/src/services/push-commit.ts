import { ERROR_TEXTS, isVersionedFile, PUSH_TEXTS, type VersionMerge, versionName } from '@waymark/contract';
import { conflict, notFound } from '../lib/errors.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import type { AppliedDiff } from '../push/apply-diffs.ts';
import type { DeclaredChanges, DeclaredFile } from '../push/push-changes.ts';
import type { ProjectFileRow } from '../repositories/project.repository.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { ChangesetOfCommit, CommitChange } from '../repositories/version.repository.ts';
import type { BlobRef } from '../storage/blob-store.ts';
import { beginCommit, endCommit } from './push-quota.ts';
import { emitProjectWebhookEvent, webhookProject } from './webhook-events.ts';

export type PushClientInfo = { userAgent: string | null; deviceId: string | null };

/** The history rows of a version from the declared changes, the blobs stored for them and the rebuilt diffs. */
export function commitChanges(
  changes: DeclaredChanges,
  current: Map<string, ProjectFileRow>,
  stored: Map<string, BlobRef> = new Map(),
  applied: Map<string, AppliedDiff> = new Map(),
): CommitChange[] {
  const kept = (file: DeclaredFile, change: CommitChange['change']): CommitChange => {
    const changeset: ChangesetOfCommit | undefined = !isVersionedFile(file.path)
      ? undefined
      : { status: change === 'create' ? 'none' : 'pending' };
    return {
      path: file.path,
      change,
      size: file.size,
      checksum: file.checksum,
      blobSha256: stored.get(file.path)?.sha256 ?? null,
      changeset,
    };
  };
  const diffUpdate = (file: DeclaredFile & { diff: NonNullable<DeclaredFile['diff']> }): CommitChange => {
    const rebuilt = applied.get(file.path);
    const uploaded = stored.get(file.path);
    if (!rebuilt || !uploaded) throw new Error(`diff update of ${file.path} was not applied`);
    // The file as the server rebuilt it: its own size and checksum, not the client's.
    return {
      path: file.path,
      change: 'update_diff',
      size: rebuilt.file.size,
      checksum: rebuilt.sha1,
      blobSha256: rebuilt.file.sha256,
      diff: { ...file.diff, blobSha256: uploaded.sha256 },
      changeset: {
        status: 'ready',
        summary: rebuilt.summary,
        size: uploaded.size,
        blobSha256: uploaded.sha256,
      },
    };
  };
  return [
    ...changes.added.map((file) => kept(file, 'create')),
    ...changes.updated.map((file) =>
      file.diff ? diffUpdate({ ...file, diff: file.diff }) : kept(file, 'update'),
    ),
    ...changes.removed.map((file) => {
      const was = current.get(file.path);
      return {
        path: file.path,
        change: 'delete' as const,
        size: was?.size ?? file.size,
        checksum: was?.checksum ?? file.checksum,
        blobSha256: null,
      };
    }),
  ];
}

/** A new version: base+1 of the project, by the actor through the client, with these changes. */
export type VersionCommit = {
  projectId: string;
  base: number;
  actor: NonNullable<Actor>;
  client: PushClientInfo;
  changes: CommitChange[];
  restoredFrom?: number | undefined;
  merge?: VersionMerge | undefined;
};

/** Commits version base+1 in the caller's transaction: lock checks, version rows, file cache, project totals. */
export async function commitVersion(input: VersionCommit & { tx: Repositories }): Promise<void> {
  const { tx } = input;
  const project = await tx.versions.lockProject(input.projectId);
  if (!project || project.removedAt) throw notFound(ERROR_TEXTS.urlNotFound);
  if (project.latestVersion !== input.base)
    throw conflict(PUSH_TEXTS.versionExists(versionName(input.base + 1)));
  const quota = await beginCommit(tx, input.projectId);
  const version = await tx.versions.commit({
    projectId: input.projectId,
    number: input.base + 1,
    authorId: input.actor.id,
    userAgent: input.client.userAgent,
    deviceId: input.client.deviceId,
    changes: input.changes,
    restoredFrom: input.restoredFrom,
    merge: input.merge,
  });
  await endCommit(tx, quota);
  await emitProjectWebhookEvent(tx, input.projectId, input.actor.id, 'version.created', (row) => ({
    project: webhookProject(row),
    version: {
      name: versionName(input.base + 1),
      created: version.createdAt.toISOString(),
      changes: {
        added: input.changes.filter((change) => change.change === 'create').length,
        updated: input.changes.filter((change) => change.change.startsWith('update')).length,
        removed: input.changes.filter((change) => change.change === 'delete').length,
      },
    },
  }));
}
