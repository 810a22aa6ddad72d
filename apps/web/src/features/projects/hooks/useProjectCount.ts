import type { ProjectListScope } from '../components/ProjectsList.tsx';
import { useProjectList } from './useProjectList.ts';

/**
 * How many projects a list holds: one row of GET /v1/project/paginated, whose answer carries the count. It sits
 * under the projects key, so creating or deleting a project updates it with the lists. Quiet when it fails: the
 * list beside it raises the toast.
 */
export function useProjectCount(scope: ProjectListScope, enabled = true): number | undefined {
  const query = useProjectList({
    options: { ...scope, page: 1, perPage: 1 },
    enabled,
  });
  return query.data?.count;
}
