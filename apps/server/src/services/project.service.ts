import {
  type CloneProjectRequest,
  type ProjectFile,
  projectNameError,
  PROJECT_TEXTS,
  versionName,
  versionNameSchema,
} from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import { isUniqueViolation } from '../repositories/unique-violation.ts';
import { broken, conflict, forbidden, invalid, limitHit, notFound } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { formatTimeDelta } from '../lib/time-delta.ts';
import {
  canCreateProjectIn,
  canManageProject,
  canReadProject,
  type ProjectAccessFacts,
} from '../policies/project.policy.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import { mapPages, type StreamedJson } from '../lib/json-stream.ts';
import {
  type ProjectDetailHead,
  presentListedFile,
  presentProjectDetailHead,
} from '../presenters/project.presenter.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type {
  ProjectForCaller,
  ProjectRow,
  ProjectWithWorkspace,
} from '../repositories/project.repository.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { zipProjectFiles } from '../storage/project-zip.ts';
import type { TtlCache } from '../lib/ttl-cache.ts';
import { mapPool } from '../lib/map-pool.ts';
import type { WorkspaceRow } from '../repositories/workspace.repository.ts';
import { accessFactsOf, projectAccessFacts, workspaceRoleOf } from './project-access.ts';
import { createProjectListService } from './project-list.service.ts';
import { emitWebhookEvent, webhookProject } from './webhook-events.ts';

export type RequestInfo = { userAgent: string | null };

/** A project's detail (`ProjectDetail`) whose files are streamed. */
export type StreamedProjectDetail = StreamedJson<ProjectDetailHead, ProjectFile>;

/** Blobs asked for at once when a zip download checks that every file is there. */
const BLOB_CHECKS_AT_ONCE = 16;

/** Projects: create, read, list (project-list.service.ts), clone, delete, public flag, leave. */
export function createProjectService(deps: {
  config: AppConfig;
  blobs: BlobStore;
  log: Logger;
  repos: Repositories;
  /** See project-list.service.ts. */
  listCounts?: TtlCache<string, number>;
}) {
  const { config, blobs, log, repos } = deps;
  const { projects, workspaces, users } = repos;
  const accessDeps = { config, projects, workspaces };
  const facts = (actor: Actor, row: ProjectWithWorkspace) => projectAccessFacts(accessDeps, actor, row);

  /** The live project the caller may see (404 when missing or deleted, 403 when private to them). */
  async function requireProject(
    actor: Actor,
    found: ProjectWithWorkspace | undefined,
    check: (f: ProjectAccessFacts) => boolean = canReadProject,
  ): Promise<{ row: ProjectWithWorkspace; facts: ProjectAccessFacts }> {
    if (!found || found.project.removedAt) throw notFound(PROJECT_TEXTS.notFound);
    const projectFacts = await facts(actor, found);
    if (!check(projectFacts)) throw forbidden(PROJECT_TEXTS.noPermission);
    return { row: found, facts: projectFacts };
  }

  /** `requireProject` for a row loaded with the caller's roles (`findByPathForCaller`): no further query. */
  function requireLoadedProject(
    actor: Actor,
    found: ProjectForCaller | undefined,
    check: (f: ProjectAccessFacts) => boolean = canReadProject,
  ): { row: ProjectWithWorkspace; facts: ProjectAccessFacts } {
    if (!found || found.project.removedAt) throw notFound(PROJECT_TEXTS.notFound);
    const projectFacts = accessFactsOf(config, actor, found.project, found.roles);
    if (!check(projectFacts)) throw forbidden(PROJECT_TEXTS.noPermission);
    return { row: { project: found.project, workspace: found.workspace }, facts: projectFacts };
  }

  /** The live project at this path the caller may see, found with their roles in one query. */
  async function requireProjectAt(
    actor: Actor,
    namespace: string,
    name: string,
    check: (f: ProjectAccessFacts) => boolean = canReadProject,
  ): Promise<{ row: ProjectWithWorkspace; facts: ProjectAccessFacts }> {
    return requireLoadedProject(
      actor,
      await projects.findByPathForCaller(namespace, name, actor?.id ?? null),
      check,
    );
  }

  /** The destination workspace of a create or clone, checked for the admin role. */
  async function requireCreatableWorkspace(
    actor: NonNullable<Actor>,
    namespace: string,
  ): Promise<WorkspaceRow> {
    const workspace = await workspaces.findByName(namespace.trim());
    if (!workspace) {
      const own = await users.findById(actor.id);
      throw notFound(
        own?.username.toLowerCase() === namespace.trim().toLowerCase()
          ? PROJECT_TEXTS.workspaceMissingOwn
          : PROJECT_TEXTS.workspaceMissing,
      );
    }
    const role = await workspaceRoleOf({ config, workspaces }, actor, workspace.id);
    if (!canCreateProjectIn(actor, role)) throw forbidden(PROJECT_TEXTS.noWorkspacePermission);
    return workspace;
  }

  async function assertNameFree(workspaceId: number, name: string): Promise<void> {
    const existing = await projects.findByName(workspaceId, name);
    if (!existing) return;
    if (existing.removedAt) {
      const left = existing.removedAt.getTime() + config.deletedProjectRetentionMs - Date.now();
      throw conflict(PROJECT_TEXTS.scheduledForDeletion(formatTimeDelta(left)));
    }
    throw conflict(PROJECT_TEXTS.exists);
  }

  /** Turns a unique-index race into the same 409 the pre-check gives. */
  async function insertingProject<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(PROJECT_TEXTS.exists);
      throw error;
    }
  }

  /**
   * The project's detail with its current files, streamed: the files are read page by page as the answer is sent,
   * as they are at the row's version (a push committing meanwhile changes none of them).
   */
  async function detail(
    actor: Actor,
    row: ProjectWithWorkspace,
    projectFacts?: ProjectAccessFacts,
  ): Promise<StreamedProjectDetail> {
    const [members, conflictPaths] = await Promise.all([
      projects.membersOf([row.project.id]),
      projects.currentConflictPaths(row.project.id),
    ]);
    return {
      head: presentProjectDetailHead(row, projectFacts ?? (await facts(actor, row)), members, conflictPaths),
      key: 'files',
      pages: mapPages(projects.currentFilePages(row.project.id, row.project.latestVersion), (page) =>
        page.map(presentListedFile),
      ),
    };
  }

  /** The files of the latest or a given version (`vN`) for a zip download, after the read check. */
  async function downloadFiles(actor: Actor, namespace: string, name: string, version: string | undefined) {
    const { row } = await requireProjectAt(actor, namespace, name);
    let number = row.project.latestVersion;
    if (version !== undefined) {
      const parsed = versionNameSchema.safeParse(version);
      // Checked here rather than in the query schema: the reference answers this text without a field name.
      if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Invalid version');
      number = parsed.data;
      if (!(await projects.versionExists(row.project.id, number))) {
        throw notFound('Project version does not exist');
      }
    }
    const files = await projects.filesAtVersion(row.project.id, number);
    // Several at a time: on S3 each is a request.
    const present = await mapPool(files, BLOB_CHECKS_AT_ONCE, (file) => blobs.has(file.blobSha256));
    const missing = files.filter((_, index) => !present[index]).map((file) => file.path);
    if (missing.length > 0) {
      // Data the database knows but the disk lost: an operator problem, never the caller's.
      log.error({ project: row.project.id, missing }, 'project files missing from the blob store');
      throw broken(`Files of this project are missing on the server: ${missing.join(', ')}`);
    }
    return { fileName: `${row.project.name}-v${number}.zip`, files };
  }

  return {
    requireProject,
    requireLoadedProject,
    requireProjectAt,

    async create(input: {
      actor: NonNullable<Actor>;
      namespace: string;
      name: string;
      isPublic: boolean;
      request: RequestInfo;
    }): Promise<ProjectRow> {
      const name = input.name.trim();
      const nameError = projectNameError(name);
      if (nameError) throw invalid(nameError);
      const workspace = await requireCreatableWorkspace(input.actor, input.namespace);
      await assertNameFree(workspace.id, name);
      return insertingProject(() =>
        repos.transaction(async (tx) => {
          const repo = tx.projects;
          const project = await repo.insertWithVersionZero(
            { workspaceId: workspace.id, name, public: input.isPublic, creatorId: input.actor.id },
            { authorId: input.actor.id, userAgent: input.request.userAgent },
          );
          await repo.setMember(project.id, input.actor.id, 'owner');
          await emitWebhookEvent(tx, workspace, input.actor.id, 'project.created', () => ({
            project: webhookProject({ project, workspace }),
            cloned_from: null,
          }));
          return project;
        }),
      );
    },

    async getById(actor: Actor, id: string): Promise<StreamedProjectDetail> {
      const { row, facts: projectFacts } = await requireProject(actor, await projects.findById(id));
      return detail(actor, row, projectFacts);
    },

    /** Copies the latest files into a new project's v1 in the chosen workspace; blobs are shared, not copied. */
    async clone(input: {
      actor: NonNullable<Actor>;
      namespace: string;
      name: string;
      body: CloneProjectRequest;
      request: RequestInfo;
    }): Promise<ProjectRow> {
      const { row: source } = await requireProjectAt(input.actor, input.namespace, input.name);
      const destinationName = (input.body.project ?? source.project.name).trim();
      if (!destinationName) throw invalid('Project name cannot be empty');
      const workspace = await requireCreatableWorkspace(
        input.actor,
        input.body.namespace ?? source.workspace.name,
      );
      const nameError = projectNameError(destinationName);
      if (nameError && destinationName !== source.project.name) throw invalid(nameError);
      await assertNameFree(workspace.id, destinationName);

      const currentUsage = (await workspaces.usage([workspace.id])).get(workspace.id)?.diskUsage ?? 0;
      if (currentUsage + source.project.diskUsage > workspace.storage) {
        throw limitHit('You have reached a data limit (StorageLimitHit)', {
          code: 'StorageLimitHit',
          extra: { current_usage: currentUsage, storage_limit: workspace.storage },
        });
      }
      const files = await projects.currentFiles(source.project.id);
      return insertingProject(() =>
        repos.transaction(async (tx) => {
          const repo = tx.projects;
          const project = await repo.insertWithVersionZero(
            {
              workspaceId: workspace.id,
              name: destinationName,
              creatorId: input.actor.id,
              latestVersion: files.length > 0 ? 1 : 0,
              diskUsage: files.reduce((sum, file) => sum + file.size, 0),
              tags: source.project.tags,
            },
            { authorId: input.actor.id, userAgent: input.request.userAgent },
          );
          if (files.length > 0) {
            await repo.insertFilesAsFirstVersion(project.id, files, {
              authorId: input.actor.id,
              userAgent: input.request.userAgent,
              projectSize: project.diskUsage,
            });
          }
          await repo.setMember(project.id, input.actor.id, 'owner');
          await emitWebhookEvent(tx, workspace, input.actor.id, 'project.created', () => ({
            project: webhookProject({ project, workspace }),
            cloned_from: webhookProject(source),
          }));
          return project;
        }),
      );
    },

    /** Soft delete: hidden at once, name kept until the retention period ends and the purge runs. */
    async scheduleDelete(actor: NonNullable<Actor>, id: string): Promise<void> {
      const { row } = await requireProject(actor, await projects.findById(id), canManageProject);
      await repos.transaction(async (tx) => {
        await tx.projects.update(row.project.id, { removedAt: new Date(), removedBy: actor.id });
        await emitWebhookEvent(tx, row.workspace, actor.id, 'project.deleted', () => ({
          project: webhookProject(row),
          mode: 'scheduled',
        }));
      });
    },

    async setPublic(actor: NonNullable<Actor>, id: string, isPublic: boolean): Promise<void> {
      const { row } = await requireProject(actor, await projects.findById(id), canManageProject);
      await projects.update(row.project.id, { public: isPublic });
    },

    /** Leave a shared project: drops the caller's own project role (owners cannot). */
    async unsubscribe(actor: NonNullable<Actor>, id: string): Promise<void> {
      const { row, facts: projectFacts } = await requireProject(actor, await projects.findById(id));
      if (!projectFacts.memberRole) return;
      if (projectFacts.memberRole === 'owner') throw invalid(PROJECT_TEXTS.ownerCannotLeave);
      await projects.removeMember(row.project.id, actor.id);
    },

    downloadFiles,

    /** `downloadFiles` as a zip stream of the files' bytes, with its size when known in advance. */
    async downloadZip(actor: Actor, namespace: string, name: string, version: string | undefined) {
      const { fileName, files } = await downloadFiles(actor, namespace, name, version);
      return { fileName, zip: zipProjectFiles(files, blobs) };
    },

    async templates() {
      return (await projects.templates()).map(({ project, workspace }) => ({
        id: project.id,
        name: project.name,
        namespace: workspace.name,
        version: versionName(project.latestVersion),
      }));
    },

    /** Purges projects whose retention ended; rows of their versions and files go with them. */
    async purgeRemoved(now = new Date()): Promise<number> {
      return projects.purgeRemovedBefore(new Date(now.getTime() - config.deletedProjectRetentionMs));
    },

    /**
     * Purges one project scheduled for deletion now instead of after the retention period (the admin panel): the
     * rows go as housekeeping's purge deletes them, and its blob collection takes the bytes later. A live project
     * is not found (404).
     */
    async purgeRemovedNow(id: string): Promise<void> {
      if (!(await projects.purgeRemovedById(id))) throw notFound(PROJECT_TEXTS.notFound);
    },

    /**
     * Restores a project scheduled for deletion (the admin panel), its members as they were. 409 when a live
     * project holds its name now (the reference's rule; here the name stays reserved while the project is
     * removed, so only a row written outside the services could hold it).
     */
    async restoreRemoved(id: string): Promise<void> {
      const found = await projects.findById(id);
      if (!found?.project.removedAt) throw notFound(PROJECT_TEXTS.notFound);
      const holder = await projects.findByName(found.workspace.id, found.project.name);
      if (holder && holder.id !== id && !holder.removedAt) throw conflict(PROJECT_TEXTS.exists);
      let restored: ProjectRow | undefined;
      try {
        restored = await projects.restore(id);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(PROJECT_TEXTS.exists);
        throw error;
      }
      if (!restored) throw notFound(PROJECT_TEXTS.notFound);
    },

    detail,
    ...createProjectListService({ config, repos, listCounts: deps.listCounts }),
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
