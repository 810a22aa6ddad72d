import {
  type ProjectListItem,
  type ProjectListQuery,
  type ProjectsByNamesResponse,
  type ProjectListResponse,
} from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import { createTtlCache, type TtlCache } from '../lib/ttl-cache.ts';
import { canReadProject, type ProjectAccessFacts } from '../policies/project.policy.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import { presentProjectListItem } from '../presenters/project.presenter.ts';
import type { ListFilters, ProjectWithWorkspace } from '../repositories/project.repository.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { accessFactsOf, projectAccessFactsMany, viewerOf } from './project-access.ts';

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

/** The longest key of a list count kept. */
const MAX_COUNT_KEY_LENGTH = 400;

/** The project lists: GET /v1/project/paginated, POST /v1/project/by_names and the list items they show. */
export function createProjectListService(deps: {
  config: AppConfig;
  repos: Repositories;
  /**
   * How many projects a list request matches, by viewer and filters, kept a second or two and forgotten as soon as
   * this process writes a table that decides it (projects, their members, workspaces, their members): a page then
   * costs no count. A count over the projects a user sees grows with them; with 10,000 projects it was a third of
   * the list's time in the database. None: nothing kept.
   */
  listCounts?: TtlCache<string, number>;
}) {
  const { config, repos } = deps;
  const { projects, workspaces, users } = repos;
  const listCounts = deps.listCounts ?? createTtlCache<string, number>({ max: 1, ttlMs: 0 });
  const accessDeps = { config, projects, workspaces };

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

  return {
    listItems,

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
  };
}
