/** Every cached query about the versions of one project: the history pages and single versions. */
export function projectVersionsPrefix(namespace: string, name: string) {
  return ['project-versions', namespace, name] as const;
}

export interface VersionsPageKey {
  page: number;
  perPage: number;
  descending: boolean;
}

/** One page of the history. */
export function projectVersionsPageKey(namespace: string, name: string, page: VersionsPageKey) {
  return [...projectVersionsPrefix(namespace, name), 'page', page] as const;
}

/** The detail of one version. */
export function projectVersionKey(namespace: string, name: string, version: string) {
  return [...projectVersionsPrefix(namespace, name), 'version', version] as const;
}

/** The changed rows of one file in one version (GET /v1/resource/changesets). */
export function fileChangesetKey(namespace: string, name: string, version: string, path: string) {
  return [...projectVersionsPrefix(namespace, name), 'changeset', version, path] as const;
}

/** The versions of one file (GET /v1/resource/history); they change with every new version of the project. */
export function fileHistoryKey(namespace: string, name: string, path: string) {
  return [...projectVersionsPrefix(namespace, name), 'file-history', path] as const;
}
