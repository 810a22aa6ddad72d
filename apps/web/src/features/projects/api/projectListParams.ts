import type { projectListQuerySchema } from '@waymark/contract';
import type { z } from 'zod';

/** Sort fields the list offers; `meta.size` and `owner` are the UI names of SPEC §7. */
export type ProjectSortField = 'name' | 'updated' | 'meta.size' | 'owner';

export interface ProjectSort {
  sortBy: ProjectSortField;
  sortDesc: boolean;
}

/** SPEC §9: projects are sorted by last update, newest first, unless the user picks otherwise. */
export const DEFAULT_PROJECT_SORT: ProjectSort = { sortBy: 'updated', sortDesc: true };

/** SPEC §7: the server knows meta.size as disk_usage and owner as namespace. */
const SERVER_SORT_FIELDS: Record<ProjectSortField, string> = {
  name: 'name',
  updated: 'updated',
  'meta.size': 'disk_usage',
  owner: 'namespace',
};

/** order_params of GET /v1/project/paginated, e.g. `disk_usage_desc`. */
export function toOrderParam(sort: ProjectSort): string {
  return `${SERVER_SORT_FIELDS[sort.sortBy]}${sort.sortDesc ? '_desc' : '_asc'}`;
}

/** What a projects list asks for; every field maps to one query parameter of SPEC §7. */
export interface ProjectListOptions {
  page: number;
  perPage: number;
  sort?: ProjectSort;
  /** The search text; sent trimmed, and not at all when blank. */
  search?: string;
  /** Only projects of this workspace (only_namespace). */
  namespace?: string;
  /** Only projects the user has access to, not every public one (public=false). */
  excludePublic?: boolean;
  /** Only public projects (only_public=true). */
  onlyPublic?: boolean;
  /** my_projects and shared_projects routes only. */
  flag?: 'created' | 'shared';
}

/** The query as the route table takes it (`api.projects.list`). */
export type ProjectListParams = z.input<typeof projectListQuerySchema>;

/** The query of GET /v1/project/paginated; parameters that would mean "no filter" are left out. */
export function buildProjectListParams(options: ProjectListOptions): ProjectListParams {
  const params: ProjectListParams = { page: options.page, per_page: options.perPage };
  if (options.sort) params.order_params = toOrderParam(options.sort);
  const name = options.search?.trim();
  if (name) params.name = name;
  if (options.namespace) params.only_namespace = options.namespace;
  if (options.excludePublic) params.public = false;
  if (options.onlyPublic) params.only_public = true;
  if (options.flag) params.flag = options.flag;
  return params;
}
