import {
  ERROR_TEXTS,
  FILE_TEXTS,
  isVersionedFile,
  planRestore,
  PUSH_TEXTS,
  type ProjectVersionDetail,
  RESTORE_TEXTS,
  V2_ERRORS,
  versionName,
} from '@waymark/contract';
import { conflict, DomainError, invalid, notFound } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { UUID_PATTERN } from '../lib/uuid.ts';
import { canEditProject, canReadProject } from '../policies/project.policy.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import { presentVersionDetail } from '../presenters/version.presenter.ts';
import { assertStorageAllows } from '../push/push-changes.ts';
import { assertMayPushPaths } from '../push/push-permission.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { CommitChange } from '../repositories/version.repository.ts';
import type { ChangesetService } from './changeset.service.ts';
import type { ProjectService } from './project.service.ts';
import type { PushClientInfo } from './push-commit.ts';
import type { PushService } from './push.service.ts';

type StoredFile = { path: string; size: number; checksum: string; blobSha256: string | null };

/** A restore's plan as the rows of the new version: no bytes move, the rows name the past version's blobs. */
export function restoreChanges(
  target: StoredFile[],
  latest: StoredFile[],
  paths: string[] | undefined,
): CommitChange[] {
  const plan = planRestore(target, latest, paths);
  const versioned = (path: string, status: 'none' | 'pending') =>
    isVersionedFile(path) ? { status } : undefined;
  return [
    ...plan.added.map((file) => ({
      ...fileOf(file),
      change: 'create' as const,
      changeset: versioned(file.path, 'none'),
    })),
    // GeoPackages get their changeset against the latest file from the changesets job, which turns the update
    // into a diff update, so the clients pull a diff.
    ...plan.updated.map((file) => ({
      ...fileOf(file),
      change: 'update' as const,
      changeset: versioned(file.path, 'pending'),
    })),
    ...plan.removed.map((file) => ({ ...fileOf(file), change: 'delete' as const, blobSha256: null })),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const fileOf = (file: StoredFile) => ({
  path: file.path,
  size: file.size,
  checksum: file.checksum,
  blobSha256: file.blobSha256,
});

/**
 * POST /v2/projects/{id}/restore: a new version whose files equal those of a past version (all, or some paths),
 * with a push's rules: who may push (editors not the QGIS project files), the storage quota, the push lock (409
 * while a push runs) and the version race (409 when another version came first).
 */
export function createRestoreService(deps: {
  log: Logger;
  repos: Repositories;
  projectService: ProjectService;
  push: PushService;
  changesets: ChangesetService;
}) {
  const { log, repos, projectService, push, changesets } = deps;

  /** The project by id as the v2 calls find it: a private project is 404 to those who may not read it. */
  async function requireById(actor: Actor, id: string) {
    if (!UUID_PATTERN.test(id)) throw notFound(ERROR_TEXTS.notFound);
    const found = await repos.projects.findById(id);
    const { row, facts } = await projectService.requireProject(actor, found).catch((error: unknown) => {
      if (error instanceof DomainError && error.kind === 'forbidden') throw notFound(ERROR_TEXTS.notFound);
      throw error;
    });
    if (!canReadProject(facts)) throw notFound(ERROR_TEXTS.notFound);
    return projectService.requireProject(actor, row, canEditProject);
  }

  return {
    async restore(input: {
      actor: NonNullable<Actor>;
      id: string;
      version: number;
      paths: string[] | undefined;
      client: PushClientInfo;
    }): Promise<ProjectVersionDetail> {
      const { row, facts } = await requireById(input.actor, input.id);
      const projectId = row.project.id;
      const base = row.project.latestVersion;
      const name = versionName(input.version);
      if (input.version < 1 || input.version > base) throw notFound(FILE_TEXTS.versionNotFound);

      const [target, latest] = await Promise.all([
        repos.versions.filesAt(projectId, input.version),
        repos.projects.currentFiles(projectId),
      ]);
      if (input.paths) {
        const known = new Set([...target, ...latest].map((file) => file.path));
        const unknown = input.paths.filter((path) => !known.has(path));
        if (unknown.length > 0) throw invalid(RESTORE_TEXTS.unknownPaths(name, unknown));
      }
      const changes = restoreChanges(target, latest, input.paths);
      if (changes.length === 0) throw invalid(RESTORE_TEXTS.nothingToRestore(name));
      assertMayPushPaths(
        facts,
        changes.map((change) => change.path),
      );

      const sizeNow = new Map(latest.map((file) => [file.path, file.size]));
      const growth = changes.reduce(
        (sum, change) =>
          sum + (change.change === 'delete' ? 0 : change.size) - (sizeNow.get(change.path) ?? 0),
        0,
      );
      const usage = (await repos.workspaces.usage([row.workspace.id])).get(row.workspace.id)?.diskUsage ?? 0;
      assertStorageAllows(growth, usage, row.workspace.storage);

      try {
        await push.commitDirect({
          projectId,
          base,
          actor: input.actor,
          client: input.client,
          changes,
          restoredFrom: input.version,
        });
      } catch (error) {
        throw await asV2Error(error, base, async () => (await repos.projects.findById(projectId))?.project);
      }
      if (changes.some((change) => change.changeset?.status === 'pending')) {
        await changesets.schedule(projectId, base + 1);
      }
      log.info(
        { project: projectId, version: versionName(base + 1), restoredFrom: name },
        'version restored',
      );
      const created = await repos.versions.find(projectId, base + 1);
      if (!created) throw notFound(FILE_TEXTS.versionNotFound);
      return presentVersionDetail(created, row, await repos.versions.changesOf(created.id));
    },
  };
}

/** The push lock's and the version race's refusals in the v2 words a concurrent push would get (409). */
async function asV2Error(
  error: unknown,
  base: number,
  latest: () => Promise<{ latestVersion: number } | undefined>,
): Promise<unknown> {
  if (!(error instanceof DomainError)) return error;
  if (error.kind === 'invalid' && error.detail === PUSH_TEXTS.anotherProcess) {
    return conflict(V2_ERRORS.anotherUpload.detail, { code: V2_ERRORS.anotherUpload.code });
  }
  if (error.kind === 'conflict' && error.code === undefined) {
    const project = await latest();
    return conflict(V2_ERRORS.versionExists.detail, {
      code: V2_ERRORS.versionExists.code,
      extra: {
        client_version: versionName(base),
        server_version: versionName(project?.latestVersion ?? base + 1),
      },
    });
  }
  return error;
}

export type RestoreService = ReturnType<typeof createRestoreService>;
