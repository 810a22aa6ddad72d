import { closeSync, fsyncSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import type { ChangeOp, ChangesetEntry, TableInfo, Value } from '../types.ts';
import { OP_CODES, TABLE_HEADER, VALUE_TYPES } from './constants.ts';
import { MAX_VARINT_VALUE, encodeVarint } from './varint.ts';

const BUFFER_SIZE = 256 * 1024;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** One record to write; `old` for updates and deletes, `new` for inserts and updates. */
export interface EntryToWrite {
  op: ChangeOp;
  indirect?: boolean;
  old?: readonly Value[];
  new?: readonly Value[];
}

/**
 * Writes a binary changeset (SQLite session format) to a file through a fixed buffer, so memory stays flat however
 * large the changeset grows. Call `beginTable` before the entries of each table, then `close()` (or `discard()`).
 */
export class ChangesetWriter {
  readonly path: string;
  private fd: number | undefined;
  /** Whether the file was created (a spool creates it only when its buffer first fills). */
  private hasFile = false;
  private isClosed = false;
  private readonly buffer = Buffer.allocUnsafe(BUFFER_SIZE);
  private used = 0;
  private written = 0;
  private columns = -1;

  /**
   * `spool`: entries that wait to be `append`ed to another writer; the file is created only if they outgrow the
   * buffer (most spools never touch the disk), and `discard` removes it.
   */
  constructor(path: string, options: { spool?: boolean } = {}) {
    this.path = path;
    if (!options.spool) this.openFd();
  }

  /** Bytes written so far (buffered bytes included). */
  get size(): number {
    return this.written + this.used;
  }

  /** A table header: the entries that follow belong to this table. */
  beginTable(table: TableInfo): void {
    const count = table.primaryKeys.length;
    if (count < 1) throw new TypeError(`Table '${table.name}' has no columns`);
    if (table.name.includes('\0')) throw new TypeError('A table name cannot contain a NUL character');
    this.byte(TABLE_HEADER);
    this.bytes(encodeVarint(count));
    for (const isKey of table.primaryKeys) this.byte(isKey ? 1 : 0);
    this.text(table.name);
    this.byte(0);
    this.columns = count;
  }

  /** Entries of `table` follow without a header of their own (they will be appended after one, see `append`). */
  continueTable(table: TableInfo): void {
    this.columns = table.primaryKeys.length;
  }

  /** Copies the entries written by `other` (opened with `continueTable` on the current table) after this one's. */
  append(other: ChangesetWriter): void {
    if (!other.hasFile) {
      this.blob(other.buffer.subarray(0, other.used));
      return;
    }
    const fd = other.openFd();
    other.flush();
    this.flush();
    let position = 0;
    for (;;) {
      const read = readSync(fd, this.buffer, 0, BUFFER_SIZE, position);
      if (read === 0) break;
      position += read;
      this.used = read;
      this.flush();
    }
  }

  /** One INSERT, UPDATE or DELETE record of the current table. */
  writeEntry(entry: EntryToWrite): void {
    if (this.columns < 0) throw new TypeError('beginTable must come before the first entry');
    this.byte(OP_CODES[entry.op]);
    this.byte(entry.indirect ? 1 : 0);
    if (entry.op !== 'insert') this.record(entry.old, entry.op === 'delete');
    if (entry.op !== 'delete') this.record(entry.new, entry.op === 'insert');
  }

  /** Flushes, optionally data-syncs, closes the file and returns its size. */
  close(options: { sync?: boolean } = {}): number {
    const fd = this.openFd();
    try {
      this.flush();
      if (options.sync) fsyncSync(fd);
    } finally {
      closeSync(fd);
      this.fd = undefined;
      this.isClosed = true;
    }
    return this.written;
  }

  /** Closes the file (if still open) and deletes it. */
  discard(): void {
    if (this.fd !== undefined) {
      closeSync(this.fd);
      this.fd = undefined;
    }
    this.isClosed = true;
    if (this.hasFile) rmSync(this.path, { force: true });
  }

  private record(values: readonly Value[] | undefined, isComplete: boolean): void {
    if (!values || values.length !== this.columns) {
      throw new TypeError(`A record needs ${this.columns} values, got ${values?.length ?? 'none'}`);
    }
    for (const value of values) this.value(value, isComplete);
  }

  private value(value: Value, isComplete: boolean): void {
    if (value === undefined) {
      if (isComplete) throw new TypeError('Inserted and deleted rows cannot have undefined values');
      this.byte(VALUE_TYPES.undefined);
    } else if (value === null) {
      this.byte(VALUE_TYPES.null);
    } else if (typeof value === 'bigint') {
      if (value < INT64_MIN || value > INT64_MAX)
        throw new RangeError(`Integer out of 64-bit range: ${value}`);
      this.reserve(9);
      this.buffer[this.used] = VALUE_TYPES.integer;
      this.buffer.writeBigInt64BE(value, this.used + 1);
      this.used += 9;
    } else if (typeof value === 'number') {
      this.reserve(9);
      this.buffer[this.used] = VALUE_TYPES.real;
      this.buffer.writeDoubleBE(value, this.used + 1);
      this.used += 9;
    } else if (typeof value === 'string') {
      const length = Buffer.byteLength(value, 'utf8');
      this.byte(VALUE_TYPES.text);
      this.bytes(encodeVarint(length));
      this.text(value, length);
    } else {
      if (value.length > MAX_VARINT_VALUE) throw new RangeError('Blob too large for a changeset');
      this.byte(VALUE_TYPES.blob);
      this.bytes(encodeVarint(value.length));
      this.blob(value);
    }
  }

  private byte(value: number): void {
    this.reserve(1);
    this.buffer[this.used++] = value;
  }

  private bytes(values: number[]): void {
    this.reserve(values.length);
    for (const value of values) this.buffer[this.used++] = value;
  }

  private text(value: string, length = Buffer.byteLength(value, 'utf8')): void {
    if (length <= BUFFER_SIZE) {
      this.reserve(length);
      this.used += this.buffer.write(value, this.used, 'utf8');
    } else {
      this.blob(Buffer.from(value, 'utf8'));
    }
  }

  private blob(value: Uint8Array): void {
    if (value.length <= BUFFER_SIZE - this.used) {
      this.buffer.set(value, this.used);
      this.used += value.length;
      return;
    }
    this.flush();
    if (value.length <= BUFFER_SIZE) {
      this.buffer.set(value, 0);
      this.used = value.length;
    } else {
      this.writeOut(value);
    }
  }

  private reserve(length: number): void {
    if (this.used + length > BUFFER_SIZE) this.flush();
  }

  private flush(): void {
    if (this.used === 0) return;
    this.writeOut(this.buffer.subarray(0, this.used));
    this.used = 0;
  }

  private writeOut(data: Uint8Array): void {
    const fd = this.openFd();
    let offset = 0;
    while (offset < data.length) offset += writeSync(fd, data, offset, data.length - offset);
    this.written += data.length;
  }

  private openFd(): number {
    if (this.isClosed) throw new Error('The changeset writer is closed');
    if (this.fd === undefined) {
      this.fd = openSync(this.path, 'w+');
      this.hasFile = true;
    }
    return this.fd;
  }
}

/**
 * Writes `entries` as a changeset file: a table header whenever the entry's table object changes (so entries read
 * by `readChangeset` keep their headers, and the file round-trips byte for byte). Returns the file's size.
 */
export function writeChangeset(path: string, entries: Iterable<ChangesetEntry>): number {
  const writer = new ChangesetWriter(path);
  try {
    let table: TableInfo | undefined;
    for (const entry of entries) {
      if (entry.table !== table) {
        table = entry.table;
        writer.beginTable(table);
      }
      writer.writeEntry(entry);
    }
    return writer.close();
  } catch (error) {
    writer.discard();
    throw error;
  }
}
