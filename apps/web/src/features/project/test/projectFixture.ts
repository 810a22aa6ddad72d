import type { ProjectDetail } from '@waymark/contract';

/** A project as GET /v1/project/{namespace}/{name} answers it; tests override what they look at. */
export function buildProject(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: '6f1c1c52-4a5e-4c57-9d3a-2b0a3f1e9c10',
    name: 'survey',
    namespace: 'field-team',
    workspace_id: 3,
    access: {
      owners: [],
      writers: [],
      editors: [],
      readers: [],
      public: false,
      ownersnames: [],
      writersnames: [],
      editorsnames: [],
      readersnames: [],
    },
    permissions: { upload: false, update: false, delete: false },
    role: 'reader',
    version: 'v3',
    updated: '2025-03-01T10:00:00Z',
    created: '2025-01-01T10:00:00Z',
    creator: 1,
    disk_usage: 1536,
    tags: [],
    has_conflict: false,
    public: false,
    removed_at: null,
    locked_until: null,
    uploads: [],
    files: [],
    ...overrides,
  };
}
