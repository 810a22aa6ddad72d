import type { ProjectSort } from '@waymark/contract';
import { escapeLike } from './like-pattern.ts';

/** Who is looking: decides which projects exist for them in lists. */
export type Viewer =
  { kind: 'anonymous' } | { kind: 'user'; userId: number; isAdmin: boolean; readsEveryWorkspace: boolean };

/** The filters of a list request (`includePublic` and `onlyPublic` choose its visibility with the viewer). */
export type ListFilters = {
  includePublic: boolean;
  onlyPublic: boolean;
  nameLike?: string | undefined;
  workspaceName?: string | undefined;
  creatorId?: number | undefined;
  notCreatorId?: number | undefined;
  updatedSince?: Date | undefined;
};

/** Which projects a list may show: public ones, none, all, the user's (and public ones). */
export type Visibility = 'public' | 'none' | 'all' | 'member' | 'member-or-public';

/** Which projects a viewer's list may show with these filters. */
export function visibilityOf(
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
export type ListShape = {
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

/** The shape of one list request: which statement answers it. */
export function listShapeOf(
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

/** The values of a list request, for its statement's placeholders (`listShapeOf`'s shape names which are used). */
export function listValues(viewer: Viewer, filters: ListFilters, page: { offset: number; limit: number }) {
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
