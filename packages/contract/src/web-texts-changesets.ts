/**
 * Texts and numbers of the GeoPackage changes shown in the version detail sidebar and on the file version
 * detail page (SPEC §2 "Version detail sidebar", "File version detail page"; §8; §9). Quoted SPEC texts are
 * exact; the rest fill in where the spec is silent. Unit and end-to-end tests import them from here.
 */

/** SPEC §2: the summary table never lists this GeoPackage bookkeeping table. */
export const HIDDEN_CHANGESET_TABLE = 'gpkg_contents';

/** Path of the synchronisation guide under the configured docs address (the reference web app links it). */
export const SYNC_DOCS_PATH = '/manage/synchronisation';

/**
 * The server lists a changed GeoPackage's changeset only once its background job computed it: the sidebar
 * asks again this often…
 */
export const CHANGESET_POLL_INTERVAL_MS = 2000;
/** …at most this many times (one minute), then offers to check again by hand. */
export const CHANGESET_POLL_MAX = 30;

/** Values longer than this (geometry as WKT, long texts) are cut in the grids; the whole value is in the title. */
export const CHANGESET_VALUE_MAX_CHARS = 48;

export const CHANGESET_TEXTS = {
  columnLayer: 'Layer',
  columnInserts: 'Inserts',
  columnUpdates: 'Updates',
  columnDeletes: 'Deletes',
  summaryLabel: (path: string) => `Changes in the layers of ${path}`,
  showAdvanced: 'Show advanced',
  detailsNotAvailable: (error: string) => `Details not available: ${error}`,
  calculating: 'Calculating changes…',
  stillCalculating: 'The changes are still being calculated.',
  checkAgain: 'Check again',
  noLayerChanges: 'No rows changed in the layers.',
  // File version detail page
  backToVersion: (version: string) => `Back to ${version}`,
  versionLabel: 'Version',
  summaryTitle: 'Summary',
  loading: 'Loading changes…',
  cannotCalculate: 'Changes cannot be calculated',
  cannotCalculateBefore: 'For details please check the',
  cannotCalculateLink: 'documentation',
  cannotCalculateAfter: '.',
  noChanges: 'This version changed no rows in the layers of this file.',
  noLayerChangeset: 'No changeset for current layer',
  loadFailed: 'The changes of this file could not be loaded.',
  retry: 'Try again',
  /** A file added in the version: nothing earlier to compare it with (issue 25). */
  addedTitle: (version: string) => `Added in ${version}`,
  addedText: (version: string) =>
    `This file was added in ${version}, so it has no changeset: there is no earlier version to compare it with.`,
  removedTitle: (version: string) => `Removed in ${version}`,
  removedText: (version: string) => `This file was removed in ${version}.`,
  notChangedTitle: (version: string) => `Not changed in ${version}`,
  notChangedText: (version: string) => `${version} did not change this file.`,
  noChangesetTitle: (version: string) => `Changed in ${version}`,
  noChangesetText: 'Only GeoPackage files have changesets: this file was replaced as a whole.',
  /** SPEC §8 toast of a failed GET /v1/resource/changesets (other than 422). */
  fetchFailed: 'Failed to display changeset of file',
  rowCount: (count: number) => (count === 1 ? '1 change' : `${count} changes`),
  tableLabel: (table: string) => `Changes in ${table}`,
  columnChange: 'Change',
  insert: 'Insert',
  update: 'Update',
  delete: 'Delete',
  /** SPEC §2: a value the changeset does not carry. */
  notAvailable: 'N/A',
  /** A value that is SQL NULL. */
  nullValue: 'NULL',
} as const;
