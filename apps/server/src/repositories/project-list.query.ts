import type { ProjectSort, ProjectSortField } from '@waymark/contract';
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  exists,
  getTableName,
  gte,
  inArray,
  isNull,
  ne,
  or,
  type Placeholder,
  type SQL,
  sql,
  type Table,
} from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { projectFiles, projectMembers, projects, users, workspaceMembers, workspaces } from '../db/schema.ts';
import { escapeLike } from './like-pattern.ts';
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

/** Who is looking: decides which projects exist for them in lists. */
export type Viewer =
  { kind: 'anonymous' } | { kind: 'user'; userId: number; isAdmin: boolean; readsEveryWorkspace: boolean };

export type ListFilters = {
  includePublic: boolean;
  onlyPublic: boolean;
  nameLike?: string | undefined;
  workspaceName?: string | undefined;
  creatorId?: number | undefined;
  notCreatorId?: number | undefined;
  updatedSince?: Date | undefined;
};

const SORT_COLUMNS: Record<ProjectSortField, SQL> = {
  name: sql`lower(${projects.name})`,
  updated: sql`${projects.updatedAt}`,
  created: sql`${projects.createdAt}`,
  disk_usage: sql`${projects.diskUsage}`,
  version: sql`${projects.latestVersion}`,
  namespace: sql`lower(${workspaces.name})`,
};

/** Which projects a list may show: public ones, none, all, the user's (and public ones). */
type Visibility = 'public' | 'none' | 'all' | 'member' | 'member-or-public';

function visibilityOf(
  viewer: Viewer,
  filters: Pick<ListFilters, 'includePublic' | 'onlyPublic'>,
): Visibility {
  if (filters.onlyPublic) return 'public';
  if (viewer.kind === 'anonymous') return filters.includePublic ? 'public' : 'none';
  if (viewer.isAdmin || viewer.readsEveryWorkspace) return 'all';
  return filters.includePublic ? 'member-or-public' : 'member';
}

/**
 * What the project list's SQL depends on; the values (`listValues`) are placeholders. The statement of a shape is
 * built once (`listAs` reads nothing but the shape, so equal shapes always mean equal SQL).
 */
type ListShape = {
  visibility: Visibility;
  roles: boolean;
  name: boolean;
  workspace: boolean;
  creator: boolean;
  notCreator: boolean;
  updatedSince: boolean;
  sort: ProjectSort;
  offset: boolean;
  /** Whether the statement counts the matching projects too (not when the caller knows the count). */
  count: boolean;
};

/** At most this many list statements are kept built (sort orders can be combined without end). */
const MAX_LIST_SHAPES = 128;

function listShapeOf(
  viewer: Viewer,
  filters: ListFilters,
  sort: ProjectSort,
  page: { offset: number },
  count: boolean,
): ListShape {
  return {
    visibility: visibilityOf(viewer, filters),
    roles: viewer.kind === 'user',
    name: filters.nameLike !== undefined,
    workspace: filters.workspaceName !== undefined,
    creator: filters.creatorId !== undefined,
    notCreator: filters.notCreatorId !== undefined,
    updatedSince: filters.updatedSince !== undefined,
    sort: sort.map(({ field, descending }) => ({ field, descending })),
    offset: page.offset > 0,
    count,
  };
}

function listValues(viewer: Viewer, filters: ListFilters, page: { offset: number; limit: number }) {
  return {
    userId: viewer.kind === 'user' ? viewer.userId : 0,
    namePattern: filters.nameLike === undefined ? undefined : `%${escapeLike(filters.nameLike)}%`,
    workspaceName: filters.workspaceName,
    creatorId: filters.creatorId,
    notCreatorId: filters.notCreatorId,
    updatedSince: filters.updatedSince,
    offset: page.offset,
    limit: page.limit,
  };
}

/** `projects` or an alias of it: the columns the list's filters read. */
type ProjectsTable = Record<
  'id' | 'workspaceId' | 'name' | 'creatorId' | 'updatedAt' | 'removedAt',
  AnyPgColumn
>;

/**
 * The list's filters other than visibility, on `projects` or an alias of it (the workspace by a subquery, so no
 * join is needed).
 */
function listFiltersAs(shape: ListShape, table: ProjectsTable = projects): SQL | undefined {
  return and(
    isNull(table.removedAt),
    shape.name ? sql`${table.name} ILIKE ${sql.placeholder('namePattern')}` : undefined,
    shape.workspace
      ? sql`${table.workspaceId} = (SELECT ${workspaces.id} FROM ${workspaces}
          WHERE lower(${workspaces.name}) = lower(${sql.placeholder('workspaceName')}))`
      : undefined,
    shape.creator ? eq(table.creatorId, sql.placeholder('creatorId')) : undefined,
    shape.notCreator
      ? sql`${table.creatorId} IS DISTINCT FROM ${sql.placeholder('notCreatorId')}`
      : undefined,
    shape.updatedSince ? gte(table.updatedAt, sql.placeholder('updatedSince')) : undefined,
  );
}

/** `FROM` of an alias of `projects` (an alias renders as its name alone in a template). */
const fromAlias = (table: Table) => sql`${projects} AS ${sql.identifier(getTableName(table))}`;

/**
 * The ids of the live projects a user may see that pass the filters, as a union of index lookups, each with the
 * filters: the projects they are a member of, those of the workspaces they read (any role but guest) and, with
 * `public`, the public ones. Its cost grows with what the user sees, not with the number of projects.
 */
function visibleIdsAs(shape: ListShape, userId: Placeholder, withPublic: boolean): SQL {
  const member = alias(projects, 'member_project');
  const inWorkspace = alias(projects, 'workspace_project');
  const isPublic = alias(projects, 'public_project');
  const branches = [
    sql`SELECT ${member.id} FROM ${projectMembers} JOIN ${fromAlias(member)} ON ${member.id} = ${projectMembers.projectId}
      WHERE ${projectMembers.userId} = ${userId} AND ${listFiltersAs(shape, member)}`,
    sql`SELECT ${inWorkspace.id} FROM ${workspaceMembers}
      JOIN ${fromAlias(inWorkspace)} ON ${inWorkspace.workspaceId} = ${workspaceMembers.workspaceId}
      WHERE ${workspaceMembers.userId} = ${userId} AND ${workspaceMembers.role} <> 'guest'
        AND ${listFiltersAs(shape, inWorkspace)}`,
    ...(withPublic
      ? [
          sql`SELECT ${isPublic.id} FROM ${fromAlias(isPublic)} WHERE ${isPublic.public} AND ${listFiltersAs(shape, isPublic)}`,
        ]
      : []),
  ];
  return sql.join(branches, sql` UNION `);
}

/** The project list: one page of the projects a viewer may see, and their counts per workspace. */
export function createProjectListQueries(db: Db) {
  /** Which projects the viewer may see, as a condition on each row of `projects`. */
  function visibleAs(visibility: Visibility, userId: number | Placeholder): SQL | undefined {
    // The column itself, not `= true` with a parameter: a generic plan can then use the public projects' index.
    if (visibility === 'public') return sql`${projects.public}`;
    if (visibility === 'none') return sql`false`;
    if (visibility === 'all') return undefined;
    const isMember = exists(
      db
        .select({ one: sql`1` })
        .from(projectMembers)
        .where(and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId))),
    );
    const readsWorkspace = exists(
      db
        .select({ one: sql`1` })
        .from(workspaceMembers)
        .where(
          and(
            eq(workspaceMembers.workspaceId, projects.workspaceId),
            eq(workspaceMembers.userId, userId),
            ne(workspaceMembers.role, 'guest'),
          ),
        ),
    );
    return visibility === 'member-or-public'
      ? or(sql`${projects.public}`, isMember, readsWorkspace)
      : or(isMember, readsWorkspace);
  }

  const visibleTo = (viewer: Viewer, filters: Pick<ListFilters, 'includePublic' | 'onlyPublic'>) =>
    visibleAs(visibilityOf(viewer, filters), viewer.kind === 'user' ? viewer.userId : 0);

  const byMembership = (visibility: Visibility) =>
    visibility === 'member' || visibility === 'member-or-public';

  /**
   * How many live projects the viewer may see pass the filters, as a statement or a scalar subquery. A user's
   * projects are counted from the union of their sets (`visibleIdsAs`): with 10,000 projects, 0.4 ms instead of
   * 1.8 ms for a condition on every project.
   */
  function countAs(shape: ListShape) {
    const { visibility } = shape;
    if (byMembership(visibility)) {
      const ids = visibleIdsAs(shape, sql.placeholder('userId'), visibility === 'member-or-public');
      return db.select({ n: sql<number>`count(*)::int` }).from(sql`(${ids}) AS ${sql.identifier('visible')}`);
    }
    return db
      .select({ n: sql<number>`count(*)::int` })
      .from(projects)
      .where(and(visibleAs(visibility, sql.placeholder('userId')), listFiltersAs(shape)));
  }

  /**
   * Which rows of `projects` a page is taken from. Without a name search PostgreSQL walks the sort's index and
   * tests each project (the first page of the newest projects stops early); with one, most rows would fail the
   * test, so the page is taken from the user's own sets instead.
   */
  function pageWhereAs(shape: ListShape, userId: Placeholder): SQL | undefined {
    const { visibility } = shape;
    if (shape.name && byMembership(visibility)) {
      return sql`${projects.id} IN (${visibleIdsAs(shape, userId, visibility === 'member-or-public')})`;
    }
    return and(visibleAs(visibility, userId), listFiltersAs(shape));
  }

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
