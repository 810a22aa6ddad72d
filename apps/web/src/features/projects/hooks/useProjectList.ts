import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProjectListResponse } from '@waymark/contract';
import type { ProjectListOptions } from '../api/projectListParams.ts';
import { fetchProjectList } from '../api/projectsApi.ts';

/** Every projects query lives under this key, so a new project can refresh all lists at once. */
export const PROJECTS_QUERY_KEY = ['projects'] as const;

interface UseProjectListInput {
  options: ProjectListOptions;
  /** The SPEC §8 toast of the screen asking; none for a secondary figure (a count beside a link). */
  errorText?: string;
  enabled?: boolean;
}

/**
 * One page of GET /v1/project/paginated. The previous page stays on screen while the next loads, so
 * paging and sorting show a spinner over the rows instead of an empty table.
 */
export function useProjectList({ options, errorText, enabled = true }: UseProjectListInput) {
  return useQuery({
    queryKey: [...PROJECTS_QUERY_KEY, 'list', options],
    queryFn: (): Promise<ProjectListResponse> => fetchProjectList(options),
    meta: errorText ? { errorMessage: errorText } : undefined,
    placeholderData: keepPreviousData,
    enabled,
  });
}
