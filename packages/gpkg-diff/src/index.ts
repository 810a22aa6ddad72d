export type {
  ChangeDetail,
  ChangeOp,
  ChangeValue,
  ChangesetEntry,
  ColumnChange,
  DiffResult,
  TableInfo,
  TableSummary,
  Value,
} from './types.ts';
export {
  ChangesetFormatError,
  ConflictError,
  GpkgDiffError,
  InvalidDatabaseError,
  RebaseError,
  SchemaChangeError,
} from './errors.ts';
export { readChangeset } from './format/changeset-reader.ts';
export { ChangesetWriter, writeChangeset, type EntryToWrite } from './format/changeset-writer.ts';
export { summarize } from './changes/summarize.ts';
export { diff } from './changes/diff.ts';
export { apply } from './changes/apply.ts';
export { readChanges } from './changes/read-changes.ts';
export {
  conflictFileText,
  rebase,
  writeConflictFile,
  type ConflictItem,
  type ConflictValue,
  type RebaseConflict,
  type RebaseResult,
} from './changes/rebase.ts';
export { openReadOnly, quoteIdentifier, type ReadOnlyConnection } from './sqlite/open-read-only.ts';
export {
  gpkgEnvelope,
  parseGpkgHeader,
  wkbToGeoJson,
  type Envelope,
  type GpkgHeader,
  type SimpleGeometry,
} from './geometry/gpkg-geometry.ts';
export { wkbToGeoJsonGeometry, wkbToWkt } from './geometry/wkb-formats.ts';
