import type { CreateProjectRequest, ProjectListResponse } from '@waymark/contract';
import { http } from '../../../lib/api/http.ts';
import { buildProjectListParams, type ProjectListOptions } from './projectListParams.ts';

/** GET /v1/project/paginated */
export async function fetchProjectList(options: ProjectListOptions): Promise<ProjectListResponse> {
  const response = await http.get<ProjectListResponse>('/v1/project/paginated', {
    params: buildProjectListParams(options),
  });
  return response.data;
}

/** POST /v1/project/{namespace}: a new, empty project in the workspace `namespace`. */
export async function createProject(namespace: string, body: CreateProjectRequest): Promise<void> {
  await http.post(`/v1/project/${encodeURIComponent(namespace)}`, body);
}
