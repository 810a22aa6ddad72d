import { ChangesetFormatError } from '../errors.ts';
import type { ChangeOp, ChangesetEntry, TableInfo, Value } from '../types.ts';
import { ByteSource } from './byte-source.ts';
import { MAX_COLUMNS, PATCHSET_TABLE_HEADER, TABLE_HEADER, VALUE_TYPES, opOfCode } from './constants.ts';

/** A record's operation and table, without its values (for counting). */
export interface EntryHead {
  table: TableInfo;
  op: ChangeOp;
}

/**
 * Reads a changeset file entry by entry. With `decodeValues` false the values are skipped (counting needs no
 * strings or copies). Entries under one table header share one `TableInfo` object.
 */
export class ChangesetScanner {
  private readonly source: ByteSource;
  private table: TableInfo | undefined;

  constructor(path: string) {
    this.source = new ByteSource(path);
  }

  /** The next entry, or undefined at the end of the file. */
  next(): ChangesetEntry | undefined {
    return this.read(true) as ChangesetEntry | undefined;
  }

  /** The next entry's table and operation, its values skipped. */
  nextHead(): EntryHead | undefined {
    return this.read(false);
  }

  close(): void {
    this.source.close();
  }

  private read(decodeValues: boolean): ChangesetEntry | EntryHead | undefined {
    const source = this.source;
    for (;;) {
      if (source.atEnd()) return undefined;
      const at = source.offset;
      const code = source.byte();
      if (code === TABLE_HEADER) {
        this.table = this.readTableHeader();
        continue;
      }
      if (code === PATCHSET_TABLE_HEADER) {
        throw new ChangesetFormatError('Invalid changeset: patchsets are not supported');
      }
      const op = opOfCode(code);
      if (!op) throw new ChangesetFormatError(`Invalid changeset: unknown record type ${code} at byte ${at}`);
      const table = this.table;
      if (!table) throw new ChangesetFormatError('Invalid changeset: a record comes before any table header');
      const indirect = source.byte();
      if (indirect > 1)
        throw new ChangesetFormatError(`Invalid changeset: bad indirect flag at byte ${at + 1}`);
      if (!decodeValues) {
        if (op !== 'insert') this.skipRecord(table, op === 'delete');
        if (op !== 'delete') this.skipRecord(table, op === 'insert');
        return { table, op };
      }
      const entry: ChangesetEntry = { table, op, indirect: indirect === 1 };
      if (op !== 'insert') entry.old = this.readRecord(table, op === 'delete');
      if (op !== 'delete') entry.new = this.readRecord(table, op === 'insert');
      return entry;
    }
  }

  private readTableHeader(): TableInfo {
    const source = this.source;
    const count = source.varint();
    if (count < 1 || count > MAX_COLUMNS) {
      throw new ChangesetFormatError(`Invalid changeset: table header with ${count} columns`);
    }
    const primaryKeys: boolean[] = [];
    for (let i = 0; i < count; i++) primaryKeys.push(source.byte() !== 0);
    return { name: source.nulTerminated(), primaryKeys };
  }

  private readRecord(table: TableInfo, isComplete: boolean): Value[] {
    const source = this.source;
    const values: Value[] = [];
    for (let i = 0; i < table.primaryKeys.length; i++) {
      const type = source.byte();
      switch (type) {
        case VALUE_TYPES.integer:
          values.push(source.int64());
          break;
        case VALUE_TYPES.real:
          values.push(source.float64());
          break;
        case VALUE_TYPES.text:
          values.push(source.text(source.varint()));
          break;
        case VALUE_TYPES.blob:
          values.push(source.bytes(source.varint()));
          break;
        case VALUE_TYPES.null:
          values.push(null);
          break;
        case VALUE_TYPES.undefined:
          if (isComplete) this.undefinedInRow(table);
          values.push(undefined);
          break;
        default:
          this.badValueType(type);
      }
    }
    return values;
  }

  private skipRecord(table: TableInfo, isComplete: boolean): void {
    const source = this.source;
    for (let i = 0; i < table.primaryKeys.length; i++) {
      const type = source.byte();
      if (type === VALUE_TYPES.integer || type === VALUE_TYPES.real) source.skip(8);
      else if (type === VALUE_TYPES.text || type === VALUE_TYPES.blob) source.skip(source.varint());
      else if (type === VALUE_TYPES.undefined && isComplete) this.undefinedInRow(table);
      else if (type !== VALUE_TYPES.null && type !== VALUE_TYPES.undefined) this.badValueType(type);
    }
  }

  private undefinedInRow(table: TableInfo): never {
    throw new ChangesetFormatError(
      `Invalid changeset: an inserted or deleted row of table '${table.name}' has an undefined value`,
    );
  }

  private badValueType(type: number): never {
    throw new ChangesetFormatError(
      `Invalid changeset: unknown value type ${type} at byte ${this.source.offset - 1}`,
    );
  }
}

/**
 * Every entry of a changeset file, read as it is iterated (constant memory). Entries under one table header share
 * one `TableInfo` object. Throws `ChangesetFormatError` on a malformed file.
 */
export function* readChangeset(changesetPath: string): Generator<ChangesetEntry, void, undefined> {
  const scanner = new ChangesetScanner(changesetPath);
  try {
    for (let entry = scanner.next(); entry; entry = scanner.next()) yield entry;
  } finally {
    scanner.close();
  }
}
