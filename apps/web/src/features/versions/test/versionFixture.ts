import type { ProjectVersionDetail, VersionFileChange } from '@waymark/contract';

/** A changed file of a version's detail; `checksum` is one character repeated to a SHA-1's length. */
export function buildFileChange(
  path: string,
  change: VersionFileChange['change'] = 'updated',
  checksum = 'c',
  size = 4096,
): VersionFileChange {
  return { path, size, checksum: checksum.repeat(40), mtime: '2025-03-01T10:00:00Z', change };
}

/** A version as GET /v1/project/version/{id}/{version} answers it; tests override what they look at. */
export function buildVersionDetail(overrides: Partial<ProjectVersionDetail> = {}): ProjectVersionDetail {
  return {
    name: 'v2',
    author: 'ada',
    created: '2025-03-01T10:00:00Z',
    project_name: 'survey',
    namespace: 'field-team',
    user_agent: 'test',
    project_size: 9000,
    changes: { added: [], updated: [], removed: [] },
    changesets: {},
    ...overrides,
  };
}
