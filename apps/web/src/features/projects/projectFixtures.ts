import type { ProjectListItem } from '@waymark/contract';

/** A project row as GET /v1/project/paginated returns it; tests override what they look at. */
export function makeProject(overrides: Partial<ProjectListItem> = {}): ProjectListItem {
  return {
    id: overrides.name ?? 'survey',
    name: 'survey',
    namespace: 'field-team',
    workspace_id: 3,
    access: {
      public: false,
      owners: [7],
      writers: [7],
      editors: [7],
      readers: [7],
      ownersnames: ['ada'],
      writersnames: ['ada'],
      editorsnames: ['ada'],
      readersnames: ['ada'],
    },
    permissions: { upload: true, update: true, delete: true },
    role: 'owner',
    version: 'v3',
    updated: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
    created: '2024-01-01T00:00:00Z',
    creator: 7,
    disk_usage: 1.5 * 1024 * 1024,
    tags: ['valid_qgis'],
    has_conflict: false,
    ...overrides,
  };
}

/** A list answer holding `projects`, with `count` defaulting to their number. */
export function listReply(projects: ProjectListItem[], count = projects.length) {
  return { data: { projects, count } };
}
