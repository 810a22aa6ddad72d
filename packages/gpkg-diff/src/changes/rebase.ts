import { randomBytes } from 'node:crypto';
import { copyFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { RebaseError } from '../errors.ts';
import { readChangeset } from '../format/changeset-reader.ts';
import { ChangesetWriter } from '../format/changeset-writer.ts';
import type { ChangesetEntry, TableInfo, Value } from '../types.ts';

/** One column both sides changed: the common base value, theirs (`old`) and ours (`new`), as geodiff's JSON. */
export interface ConflictItem {
  column: number;
  base?: ConflictValue;
  old?: ConflictValue;
  new?: ConflictValue;
}

/** A value of the conflict file: integers and reals as numbers, text, blobs in base64, NULL as null. */
export type ConflictValue = number | string | null;

/** A row whose edit could not be kept as it was: the `conflict` entries of geodiff's conflict file. */
export interface RebaseConflict {
  table: string;
  type: 'conflict';
  /** The row's key as text (geodiff's `fid`). */
  fid: string;
  changes: ConflictItem[];
}

/** What `rebase` wrote. */
export interface RebaseResult {
  /** Bytes of the rebased changeset (0 when nothing of ours is left to apply). */
  size: number;
  conflicts: RebaseConflict[];
}

/** A row key: integers as bigint, text keys by value. */
type Key = bigint | string;

interface TheirTable {
  inserted: Set<Key>;
  deleted: Set<Key>;
  /** New values of their updated rows (undefined where the update left the column). */
  updated: Map<Key, Value[]>;
}

/** The key column of a record and its value; geodiff rebases tables keyed by one column only. */
function keyOf(entry: ChangesetEntry): { column: number; key: Key } {
  const columns = entry.table.primaryKeys.flatMap((isKey, column) => (isKey ? [column] : []));
  if (columns.length !== 1) {
    throw new RebaseError(
      `Table '${entry.table.name}' has ${columns.length === 0 ? 'no' : 'a composite'} primary key; edits made on both sides cannot be merged`,
    );
  }
  const column = columns[0]!;
  const value = (entry.op === 'insert' ? entry.new : entry.old)?.[column];
  if (typeof value === 'bigint' || typeof value === 'string') return { column, key: value };
  throw new RebaseError(`A row of table '${entry.table.name}' has no usable primary key value`);
}

function sameValue(a: Value, b: Value): boolean {
  if (a instanceof Uint8Array && b instanceof Uint8Array) return Buffer.from(a).equals(Buffer.from(b));
  if (typeof a === 'number' && typeof b === 'number') return a === b || (Number.isNaN(a) && Number.isNaN(b));
  return a === b;
}

/** geodiff's `valueToJSON`; undefined stays undefined (the item's field is left out). */
function conflictValue(value: Value): ConflictValue | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
}

function conflictItem(
  table: string,
  column: number,
  base: Value,
  theirs: Value,
  ours: Value,
): ConflictItem[] {
  // geodiff: the 5th column of gpkg_contents is its modification time, not a conflict.
  if (table === 'gpkg_contents' && column === 4) return [];
  const item: ConflictItem = { column };
  const [b, o, n] = [conflictValue(base), conflictValue(theirs), conflictValue(ours)];
  if (b !== undefined) item.base = b;
  if (o !== undefined) item.old = o;
  if (n !== undefined) item.new = n;
  return [item];
}

function readTheirs(theirsPath: string): Map<string, TheirTable> {
  const tables = new Map<string, TheirTable>();
  for (const entry of readChangeset(theirsPath)) {
    const { key } = keyOf(entry);
    let table = tables.get(entry.table.name);
    if (!table) {
      table = { inserted: new Set(), deleted: new Set(), updated: new Map() };
      tables.set(entry.table.name, table);
    }
    if (entry.op === 'insert') table.inserted.add(key);
    else if (entry.op === 'delete') table.deleted.add(key);
    else table.updated.set(key, entry.new ?? []);
  }
  return tables;
}

/** New keys of our rows: `null` for rows they deleted, another key for inserts whose key they took. */
function mapKeys(oursPath: string, theirs: Map<string, TheirTable>): Map<string, Map<Key, Key | null>> {
  const mapping = new Map<string, Map<Key, Key | null>>();
  const unmappedInserts = new Map<string, Key[]>();
  const nextFree = new Map<string, bigint>();
  for (const [name, table] of theirs) {
    let max: bigint | undefined;
    for (const key of table.inserted)
      if (typeof key === 'bigint' && (max === undefined || key > max)) max = key;
    if (max !== undefined) nextFree.set(name, max + 1n);
  }
  const map = (table: string): Map<Key, Key | null> => {
    let ids = mapping.get(table);
    if (!ids) mapping.set(table, (ids = new Map()));
    return ids;
  };
  const take = (table: string): bigint => {
    const free = nextFree.get(table);
    if (free === undefined)
      throw new RebaseError(`Rows inserted on both sides of table '${table}' have text keys`);
    nextFree.set(table, free + 1n);
    return free;
  };
  for (const entry of readChangeset(oursPath)) {
    const table = theirs.get(entry.table.name);
    if (!table) continue;
    const { key } = keyOf(entry);
    if (entry.op === 'insert') {
      if (table.inserted.has(key)) {
        if (typeof key !== 'bigint') {
          throw new RebaseError(`Rows inserted on both sides of table '${entry.table.name}' have text keys`);
        }
        map(entry.table.name).set(key, take(entry.table.name));
      } else {
        const list = unmappedInserts.get(entry.table.name) ?? [];
        list.push(key);
        unmappedInserts.set(entry.table.name, list);
      }
    } else if (table.deleted.has(key)) {
      map(entry.table.name).set(key, null);
    }
  }
  // New keys may now clash with inserts of ours that kept theirs (their 4, 5 → our 4, 5, 6 maps 4→6): move those too.
  for (const [name, keys] of unmappedInserts) {
    const ids = map(name);
    const used = new Set([...ids.values()]);
    for (const key of [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (!used.has(key)) continue;
      const moved = take(name);
      ids.set(key, moved);
      used.add(moved);
    }
  }
  return mapping;
}

/**
 * Rebases our changeset (base → ours) onto theirs (base → theirs), as geodiff's `createRebasedChangeset` does:
 * the result, applied to theirs, gives both sides' edits. Rows inserted by both sides with the same key get new
 * keys after their largest inserted key; our updates and deletes of rows they deleted are dropped (an update
 * dropped so is a conflict); a column both sides changed to different values takes ours, with theirs as the
 * update's old value, and is a conflict; changed to the same value it is no change. Tables in name order, each
 * table's records in our order. Theirs empty: ours is copied. Ours empty: the output is empty.
 * Throws `RebaseError` for a table without a single-column key (geodiff refuses those too).
 */
export function rebase(theirsPath: string, oursPath: string, outputPath: string): RebaseResult {
  const theirs = readTheirs(theirsPath);
  const temporaryPath = `${outputPath}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    if (theirs.size === 0) {
      copyFileSync(oursPath, temporaryPath);
      renameSync(temporaryPath, outputPath);
      return { size: statSync(outputPath).size, conflicts: [] };
    }
    const mapping = mapKeys(oursPath, theirs);
    const conflicts: RebaseConflict[] = [];
    const tables = new Map<string, { info: TableInfo; entries: ChangesetEntry[] }>();
    for (const entry of readChangeset(oursPath)) {
      let table = tables.get(entry.table.name);
      if (!table) tables.set(entry.table.name, (table = { info: entry.table, entries: [] }));
      const their = theirs.get(entry.table.name);
      const out = their ? rebaseEntry(entry, their, mapping.get(entry.table.name), conflicts) : entry;
      if (out) table.entries.push(out);
    }
    const writer = new ChangesetWriter(temporaryPath);
    try {
      for (const name of [...tables.keys()].sort()) {
        const { info, entries } = tables.get(name)!;
        if (entries.length === 0) continue;
        writer.beginTable(info);
        for (const entry of entries) writer.writeEntry(entry);
      }
      const size = writer.close({ sync: true });
      renameSync(temporaryPath, outputPath);
      return { size, conflicts };
    } catch (error) {
      writer.discard();
      throw error;
    }
  } finally {
    rmSync(temporaryPath, { force: true });
  }
}

function rebaseEntry(
  entry: ChangesetEntry,
  their: TheirTable,
  ids: Map<Key, Key | null> | undefined,
  conflicts: RebaseConflict[],
): ChangesetEntry | undefined {
  const { column: keyColumn, key } = keyOf(entry);
  const mapped = ids?.has(key) ? ids.get(key)! : key;
  const name = entry.table.name;
  const count = entry.table.primaryKeys.length;
  if (entry.op === 'insert') {
    const values = [...(entry.new ?? [])];
    values[keyColumn] = mapped;
    return { ...entry, new: values };
  }
  const patched = their.updated.get(key) ?? [];
  if (entry.op === 'delete') {
    if (mapped === null) return undefined;
    const old = Array.from({ length: count }, (_, i) =>
      i === keyColumn ? mapped : patched[i] !== undefined ? patched[i] : entry.old?.[i],
    );
    return { ...entry, old };
  }
  const oldValues = entry.old ?? [];
  const newValues = entry.new ?? [];
  if (mapped === null) {
    // Our update of a row they deleted: the delete wins, our values are kept in the conflict file.
    const changes = newValues.flatMap((value, i) =>
      value === undefined ? [] : conflictItem(name, i, oldValues[i], undefined, value),
    );
    if (changes.length > 0) conflicts.push({ table: name, type: 'conflict', fid: String(key), changes });
    return undefined;
  }
  const old: Value[] = [];
  const now: Value[] = [];
  const changes: ConflictItem[] = [];
  let hasChanges = false;
  for (let i = 0; i < count; i++) {
    const theirValue = patched[i];
    const ourValue = newValues[i];
    if (theirValue !== undefined && ourValue !== undefined) {
      if (sameValue(theirValue, ourValue)) {
        old.push(undefined);
        now.push(undefined);
      } else {
        old.push(theirValue);
        now.push(ourValue);
        hasChanges = true;
        changes.push(...conflictItem(name, i, oldValues[i], theirValue, ourValue));
      }
    } else {
      old.push(oldValues[i]);
      now.push(ourValue);
      if (ourValue !== undefined) hasChanges = true;
    }
  }
  if (changes.length > 0) conflicts.push({ table: name, type: 'conflict', fid: String(key), changes });
  return hasChanges ? { ...entry, old, new: now } : undefined;
}

/** The conflict file as geodiff writes it (`{"geodiff": [...]}`, keys in name order, two-space indent). */
export function conflictFileText(conflicts: readonly RebaseConflict[]): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  return JSON.stringify(sorted({ geodiff: conflicts }), null, 2);
}

/** Writes `conflictFileText(conflicts)` to `path`. */
export function writeConflictFile(path: string, conflicts: readonly RebaseConflict[]): void {
  writeFileSync(path, conflictFileText(conflicts));
}
