import { type ChangesetDetail, type ChangesetSummary } from '@waymark/contract';
import { HIDDEN_CHANGESET_TABLE } from '../../lib/constants.ts';

export type ChangeType = ChangesetDetail[number]['type'];
/** A value of a changed row as the server sends it: geometry as WKT, other blobs as base64, NULL as null. */
export type ChangeValue = string | number | null;
/** Rows inserted, updated and deleted in one layer. */
export type LayerSummary = Extract<ChangesetSummary, { summary: unknown }>['summary'][number];

/**
 * What one cell of a changeset grid shows (SPEC §2): a value — `undefined` when the changeset does not
 * carry it, shown 'N/A' — or, for a changed column of an update, the old value then the new one.
 */
export type ChangesetCell =
  | { kind: 'value'; value: ChangeValue | undefined }
  | { kind: 'change'; old: ChangeValue | undefined; new: ChangeValue };

export interface ChangesetColumn {
  /** The column's name, also the key of its cells. */
  name: string;
  /** Its position in the table (the changeset's column number). */
  index: number;
}

export interface ChangesetRow {
  /** Position of the row in its table's changes, as a stable key. */
  id: number;
  type: ChangeType;
  cells: Record<string, ChangesetCell>;
}

/** One layer's grid: a column per field that any of its changed rows carries, in table order. */
export interface ChangesetTable {
  name: string;
  columns: ChangesetColumn[];
  rows: ChangesetRow[];
}

/** SPEC §2: summary tables and grids leave out `gpkg_contents`, GeoPackage's own bookkeeping. */
export function isShownLayer(table: string): boolean {
  return table !== HIDDEN_CHANGESET_TABLE;
}

/** The layers of a summary as they are shown (without gpkg_contents). */
export function shownLayers(summary: readonly LayerSummary[]): LayerSummary[] {
  return summary.filter((layer) => isShownLayer(layer.table));
}

type ColumnChange = ChangesetDetail[number]['changes'][number];

/**
 * The cell of one column of a changed row, as the reference web app reads geodiff's list: an insert
 * shows the new value, a delete the old one; an update shows old → new for a changed column and the old
 * value alone for the key it was matched on.
 */
function cellOf(type: ChangeType, change: ColumnChange): ChangesetCell {
  if (type === 'insert') return { kind: 'value', value: change.new };
  if (type === 'delete' || change.new === undefined) return { kind: 'value', value: change.old };
  return { kind: 'change', old: change.old, new: change.new };
}

/**
 * Groups the changed rows of a file by layer (in the order the server lists them), each with the union of
 * the columns its rows carry, ordered by column number. gpkg_contents is left out.
 */
export function groupChangesetTables(changes: ChangesetDetail): ChangesetTable[] {
  const tables = new Map<string, { columns: Map<string, number>; rows: ChangesetRow[] }>();
  for (const change of changes) {
    if (!isShownLayer(change.table)) continue;
    let table = tables.get(change.table);
    if (!table) {
      table = { columns: new Map(), rows: [] };
      tables.set(change.table, table);
    }
    const cells: Record<string, ChangesetCell> = {};
    for (const column of change.changes) {
      if (!table.columns.has(column.name)) table.columns.set(column.name, column.column);
      cells[column.name] = cellOf(change.type, column);
    }
    table.rows.push({ id: table.rows.length, type: change.type, cells });
  }
  return [...tables].map(([name, table]) => ({
    name,
    columns: [...table.columns]
      .map(([columnName, index]) => ({ name: columnName, index }))
      .sort((left, right) => left.index - right.index),
    rows: table.rows,
  }));
}

/** Per-layer counts of a changeset's rows, in the order of its grids (gpkg_contents left out). */
export function summarizeChangesetTables(tables: readonly ChangesetTable[]): LayerSummary[] {
  return tables.map((table) => {
    const count = (type: ChangeType) => table.rows.filter((row) => row.type === type).length;
    return { table: table.name, insert: count('insert'), update: count('update'), delete: count('delete') };
  });
}
