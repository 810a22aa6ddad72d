import type { CreateProjectRequest, ProjectListResponse } from '@waymark/contract';
import { api } from '../../../lib/api/api.ts';
import { buildProjectListParams, type ProjectListOptions } from './projectListParams.ts';

/** GET /v1/project/paginated */
export async function fetchProjectList(options: ProjectListOptions): Promise<ProjectListResponse> {
  return api.projects.list({ query: buildProjectListParams(options) });
}

/** POST /v1/project/{namespace}: a new, empty project in the workspace `namespace`. */
export async function createProject(namespace: string, body: CreateProjectRequest): Promise<void> {
  await api.projects.create({ params: { namespace }, body });
}
