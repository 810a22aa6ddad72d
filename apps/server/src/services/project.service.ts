import {
  type CloneProjectRequest,
  type ProjectDetail,
  type ProjectListItem,
  type ProjectListQuery,
  type ProjectsByNamesResponse,
  type ProjectListResponse,
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
import { presentProjectDetail, presentProjectListItem } from '../presenters/project.presenter.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type {
  ListFilters,
  ProjectForCaller,
  ProjectRow,
  ProjectWithWorkspace,
} from '../repositories/project.repository.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { createTtlCache, type TtlCache } from '../lib/ttl-cache.ts';
import { mapPool } from '../lib/map-pool.ts';
import type { WorkspaceRow } from '../repositories/workspace.repository.ts';
import {
  accessFactsOf,
  projectAccessFacts,
  projectAccessFactsMany,
  viewerOf,
  workspaceRoleOf,
} from './project-access.ts';

export type RequestInfo = { userAgent: string | null };

/** Items grouped by a key, in one pass. */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Blobs asked for at once when a zip download checks that every file is there. */
const BLOB_CHECKS_AT_ONCE = 16;

/** The longest key of a list count kept. */
const MAX_COUNT_KEY_LENGTH = 400;

/** Projects: create, read, list, clone, delete, public flag, leave. */
export function createProjectService(deps: {
  config: AppConfig;
  blobs: BlobStore;
  log: Logger;
  repos: Repositories;
  /**
   * How many projects a list request matches, by viewer and filters, kept a second or two and forgotten as soon as
   * this process writes a table that decides it (projects, their members, workspaces, their members): a page then
   * costs no count. A count over the projects a user sees grows with them; with 10,000 projects it was a third of
   * the list's time in the database. None: nothing kept.
   */
  listCounts?: TtlCache<string, number>;
}) {
  const { config, blobs, log, repos } = deps;
  const { projects, workspaces, users } = repos;
  const listCounts = deps.listCounts ?? createTtlCache<string, number>({ max: 1, ttlMs: 0 });
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

  /** List items of readable rows: members and current paths of all of them in two queries. */
  async function listItems(
    actor: Actor,
    rows: Array<{ row: ProjectWithWorkspace; facts: ProjectAccessFacts }>,
  ): Promise<Array<{ row: ProjectWithWorkspace; item: ProjectListItem }>> {
    const ids = rows.map(({ row }) => row.project.id);
    const [members, paths] = await Promise.all([projects.membersOf(ids), projects.currentPaths(ids)]);
    // Grouped once by project, not filtered once per row.
    const membersOf = groupBy(members, (m) => m.projectId);
    const pathsOf = groupBy(paths, (p) => p.projectId);
    return rows.map(({ row, facts: rowFacts }) => ({
      row,
      item: presentProjectListItem(
        row,
        rowFacts,
        membersOf.get(row.project.id) ?? [],
        (pathsOf.get(row.project.id) ?? []).map((p) => p.path),
      ),
    }));
  }

  async function detail(actor: Actor, row: ProjectWithWorkspace, projectFacts?: ProjectAccessFacts) {
    const [members, files] = await Promise.all([
      projects.membersOf([row.project.id]),
      projects.currentFiles(row.project.id),
    ]);
    return presentProjectDetail(row, projectFacts ?? (await facts(actor, row)), members, files);
  }

  return {
    requireProject,
    requireLoadedProject,
    requireProjectAt,
    listItems,

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
          return project;
        }),
      );
    },

    async get(actor: Actor, namespace: string, name: string): Promise<ProjectDetail> {
      const { row, facts: projectFacts } = await requireProjectAt(actor, namespace, name);
      return detail(actor, row, projectFacts);
    },

    async getById(actor: Actor, id: string): Promise<ProjectDetail> {
      const { row, facts: projectFacts } = await requireProject(actor, await projects.findById(id));
      return detail(actor, row, projectFacts);
    },

    /** GET /v1/project/paginated: private projects never show up, in rows or count, without access. */
    async list(actor: Actor, query: ProjectListQuery): Promise<ProjectListResponse> {
      const viewer = viewerOf(actor, config);
      let flagUserId: number | undefined;
      if (query.flag && actor) {
        flagUserId = query.user ? ((await users.findByUsername(query.user))?.id ?? -1) : actor.id;
      }
      const filters: ListFilters = {
        // "Shared with me" means shared: a stranger's public project is not, though it is readable.
        includePublic: query.public !== false && query.flag !== 'shared',
        onlyPublic: query.only_public === true,
        nameLike: query.name?.trim() || undefined,
        workspaceName: (query.only_namespace ?? query.namespace)?.trim() || undefined,
        creatorId: query.flag === 'created' ? flagUserId : undefined,
        notCreatorId: query.flag === 'shared' ? flagUserId : undefined,
        updatedSince: query.last_updated_in
          ? new Date(Date.now() - query.last_updated_in * 24 * 3600 * 1000)
          : undefined,
      };
      // A count "updated in the last N days" moves with the clock: never kept; nor one for very long filters (the
      // memory the kept counts take stays bounded: their number × MAX_COUNT_KEY_LENGTH).
      const key = JSON.stringify([viewer, filters]);
      const countKey = filters.updatedSince || key.length > MAX_COUNT_KEY_LENGTH ? undefined : key;
      const knownCount = countKey === undefined ? undefined : listCounts.get(countKey);
      const generation = listCounts.generation();
      const { rows, count } = await projects.list(
        viewer,
        filters,
        query.order_params,
        { offset: (query.page - 1) * query.per_page, limit: query.per_page },
        knownCount,
      );
      if (countKey !== undefined && knownCount === undefined) listCounts.set(countKey, count, generation);
      return {
        projects: rows.map((row) =>
          presentProjectListItem(
            row,
            accessFactsOf(config, actor, row.project, row.roles),
            row.members,
            row.conflictPaths,
          ),
        ),
        count,
      };
    },

    /**
     * POST /v1/project/by_names: each `namespace/name` answered by its list item, or `{error: 404}` (no such
     * readable project; 401 for an anonymous caller, who may see it after signing in). Three queries in all.
     */
    async byNames(actor: Actor, paths: string[]): Promise<ProjectsByNamesResponse> {
      const wanted = paths.flatMap((path) => {
        const parts = path.split('/');
        return parts.length === 2 ? [{ path, workspace: parts[0] ?? '', name: parts[1] ?? '' }] : [];
      });
      const rows = (await projects.findByPaths(wanted)).filter((row) => !row.project.removedAt);
      const readable = (await projectAccessFactsMany(accessDeps, actor, rows)).filter(({ facts: f }) =>
        canReadProject(f),
      );
      const key = (workspace: string, name: string) => `${workspace.toLowerCase()}/${name.toLowerCase()}`;
      const found = new Map(
        (await listItems(actor, readable)).map(({ row, item }) => [
          key(row.workspace.name, row.project.name),
          item,
        ]),
      );
      // Only an anonymous caller needs to know which workspaces exist (401 there, 404 elsewhere).
      const knownWorkspaces = actor
        ? new Set<string>()
        : await workspaces.existingNames(wanted.map((w) => w.workspace));
      return Object.fromEntries(
        paths.map((path) => {
          const entry = wanted.find((w) => w.path === path);
          const item = entry && found.get(key(entry.workspace, entry.name));
          if (item) return [path, item];
          const missingWorkspace = !entry || !knownWorkspaces.has(entry.workspace.toLowerCase());
          return [path, { error: actor || missingWorkspace ? 404 : 401 }];
        }),
      );
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
          return project;
        }),
      );
    },

    /** Soft delete: hidden at once, name kept until the retention period ends and the purge runs. */
    async scheduleDelete(actor: NonNullable<Actor>, id: string): Promise<void> {
      const { row } = await requireProject(actor, await projects.findById(id), canManageProject);
      await projects.update(row.project.id, { removedAt: new Date(), removedBy: actor.id });
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

    /** The files of the latest or a given version (`vN`) for a zip download, after the read check. */
    async downloadFiles(actor: Actor, namespace: string, name: string, version: string | undefined) {
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
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
