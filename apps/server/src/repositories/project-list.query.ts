import type { ProjectSort, ProjectSortField } from '@waymark/contract';
import { type AnyColumn, and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { projectFiles, projectMembers, projects, users, workspaces } from '../db/schema.ts';
import {
  type ListFilters,
  type ListShape,
  listShapeOf,
  listValues,
  type Viewer,
} from './project-list-shape.ts';
import { byMembership, createListVisibility } from './project-list-visibility.ts';
import {
  type AccessRoles,
  type ListedProjectWithWorkspace,
  type MemberRow,
  rolesOf,
} from './project-rows.ts';

/**
 * A row of the project list: the project with the caller's roles, its members (`membersOf`'s order) and those of
 * its current paths that contain `conflict` (every path a conflict copy can have does; the presenter decides).
 */
export type ProjectListRow = ListedProjectWithWorkspace & {
  roles: AccessRoles;
  members: MemberRow[];
  conflictPaths: string[];
};

const SORT_COLUMNS: Record<ProjectSortField, SQL> = {
  name: sql`lower(${projects.name})`,
  updated: sql`${projects.updatedAt}`,
  created: sql`${projects.createdAt}`,
  disk_usage: sql`${projects.diskUsage}`,
  version: sql`${projects.latestVersion}`,
  namespace: sql`lower(${workspaces.name})`,
};

/** At most this many list statements are kept built (sort orders can be combined without end). */
const MAX_LIST_SHAPES = 128;

/** The project list: one page of the projects a viewer may see, and their counts per workspace. */
export function createProjectListQueries(db: Db) {
  const { visibleTo, countAs, pageWhereAs } = createListVisibility(db);

  const usernameOf = (userId: AnyColumn) =>
    sql`(SELECT ${users.username} FROM ${users} WHERE ${users.id} = ${userId})`;

  /** One page of `query` (a select of `projects`) in `order`. */
  function pageOf<Q extends PgSelect>(query: Q, shape: ListShape, order: SQL[]) {
    const page = query
      .where(pageWhereAs(shape, sql.placeholder('userId')))
      .orderBy(...order)
      .limit(sql.placeholder('limit'));
    return shape.offset ? page.offset(sql.placeholder('offset')) : page;
  }

  /**
   * Whether a page's ids are chosen before anything is joined to them: when the page is walked from the sort's
   * index (no name search among the user's sets). In the default order (newest first) PostgreSQL then walks
   * `projects_list_updated_idx` alone, testing each project's visibility from the index's own columns, and stops
   * at the page's last row; the projects' rows are read for that page only (by key). Taken from the whole
   * statement, the page read every project it passed over (~440 rows for the 25 of the bench's user). A page taken
   * from the user's sets (`pageWhereAs`) reads its rows anyway: there the ids first would only add lookups.
   */
  const idsFirst = (shape: ListShape) => !(shape.name && byMembership(shape.visibility));

  /** The ids of a page, in its order (`idsFirst`). */
  function pageIdsAs(shape: ListShape, order: SQL[]) {
    const ids = db.select({ id: projects.id }).from(projects).$dynamic();
    return pageOf(
      shape.sort.some(({ field }) => field === 'namespace')
        ? ids.innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
        : ids,
      shape,
      order,
    );
  }

  /** The project list's statement for one shape of request; every value is a placeholder (`listValues`). */
  function listAs(shape: ListShape) {
    const userId = sql.placeholder('userId');
    const order = [
      ...shape.sort.map(({ field, descending }) =>
        descending ? desc(SORT_COLUMNS[field]) : asc(SORT_COLUMNS[field]),
      ),
      asc(sql`lower(${projects.name})`),
      asc(projects.id),
    ];
    const query = db
      .select({
        // Only what a list item shows: each value selected is mapped for each row (Drizzle's mapping was the largest
        // share of a list request's server time after the socket writes).
        project: {
          id: projects.id,
          name: projects.name,
          public: projects.public,
          latestVersion: projects.latestVersion,
          diskUsage: projects.diskUsage,
          tags: projects.tags,
          creatorId: projects.creatorId,
          createdAt: projects.createdAt,
          updatedAt: projects.updatedAt,
        },
        workspace: { id: workspaces.id, name: workspaces.name },
        // The caller's project role is read from the members below.
        workspaceRole: rolesOf(db, shape.roles ? userId : null, projects.id, workspaces.id).workspaceRole,
        // Each member's name by its key: as a join, a generic plan merges with the users' primary key from its
        // first entry, reading every user up to the highest member id for each row of the page. Looked up once
        // per member: OFFSET 0 keeps the inner select whole, or its name would be looked up again for the order.
        members: sql<MemberRow[]>`(
          SELECT coalesce(json_agg(json_build_object(
            'projectId', m.project_id, 'userId', m.user_id, 'username', m.username, 'role', m.role
          ) ORDER BY lower(m.username)), '[]'::json)
          FROM (
            SELECT ${projectMembers.projectId} AS project_id, ${projectMembers.userId} AS user_id,
              ${projectMembers.role} AS role, ${usernameOf(projectMembers.userId)} AS username
            FROM ${projectMembers} WHERE ${projectMembers.projectId} = ${projects.id}
            OFFSET 0
          ) AS m)`,
        conflictPaths: sql<string[] | null>`(
          SELECT array_agg(${projectFiles.path}) FROM ${projectFiles}
          WHERE ${projectFiles.projectId} = ${projects.id} AND ${projectFiles.path} LIKE '%conflict%')`,
        total: shape.count ? sql<number | null>`(${countAs(shape)})` : sql<number | null>`null`,
      })
      .from(projects)
      .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
      .$dynamic();
    return idsFirst(shape)
      ? query.where(sql`${projects.id} = ANY(ARRAY(${pageIdsAs(shape, order)}))`).orderBy(...order)
      : pageOf(query, shape, order);
  }

  type PreparedList = ReturnType<ReturnType<typeof listAs>['prepare']>;
  /** The list statements built so far, by shape (a few in practice; new shapes beyond the bound are built per request). */
  const listStatements = new Map<string, PreparedList>();
  const listStatement = (shape: ListShape) => {
    const key = JSON.stringify(shape);
    let statement = listStatements.get(key);
    if (!statement) {
      statement = listAs(shape).prepare('');
      if (listStatements.size < MAX_LIST_SHAPES) listStatements.set(key, statement);
    }
    return statement;
  };

  return {
    /**
     * One page of the live projects the viewer may see, with the viewer's roles, the members and the conflict
     * candidates of each, and the total count: one statement (the count is a subquery PostgreSQL runs once, left
     * out when the caller knows it: `knownCount`), a second one only for a page past the end.
     */
    async list(
      viewer: Viewer,
      filters: ListFilters,
      sort: ProjectSort,
      page: { offset: number; limit: number },
      knownCount?: number,
    ): Promise<{ rows: ProjectListRow[]; count: number }> {
      const shape = listShapeOf(viewer, filters, sort, page, knownCount === undefined);
      const values = listValues(viewer, filters, page);
      const found = await listStatement(shape).execute(values);
      // Built field by field: rest and spread copies of 25 rows were 3% of a list request's CPU time.
      const callerId = viewer.kind === 'user' ? viewer.userId : undefined;
      const rows = found.map(
        ({ project, workspace, workspaceRole, members, conflictPaths }): ProjectListRow => ({
          project,
          workspace,
          roles: {
            project: callerId === undefined ? undefined : members.find((m) => m.userId === callerId)?.role,
            workspace: workspaceRole ?? undefined,
          },
          members,
          conflictPaths: conflictPaths ?? [],
        }),
      );
      const count =
        knownCount ??
        found[0]?.total ??
        (page.offset === 0 ? 0 : ((await countAs(shape).execute(values))[0]?.n ?? 0));
      return { rows, count };
    },

    /** Live projects per workspace that the viewer may see (a private one never counts for outsiders). */
    async countVisibleByWorkspace(viewer: Viewer, workspaceIds: number[]): Promise<Map<number, number>> {
      if (workspaceIds.length === 0) return new Map();
      const rows = await db
        .select({ workspaceId: projects.workspaceId, n: sql<number>`count(*)::int` })
        .from(projects)
        .where(
          and(
            inArray(projects.workspaceId, workspaceIds),
            isNull(projects.removedAt),
            visibleTo(viewer, { includePublic: true, onlyPublic: false }),
          ),
        )
        .groupBy(projects.workspaceId);
      return new Map(rows.map((row) => [row.workspaceId, row.n]));
    },
  };
}
