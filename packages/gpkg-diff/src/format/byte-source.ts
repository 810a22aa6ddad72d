import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { ChangesetFormatError } from '../errors.ts';

const CHUNK_SIZE = 256 * 1024;

/**
 * Reads a file forward through a fixed buffer (grown only for a single value larger than it), so a changeset of
 * any size is read in constant memory. Offsets in errors are file offsets.
 */
export class ByteSource {
  private fd: number | undefined;
  private buffer = Buffer.allocUnsafe(CHUNK_SIZE);
  private start = 0;
  private end = 0;
  /** File offset of buffer[0]. */
  private base = 0;
  private readonly fileSize: number;

  constructor(path: string) {
    this.fd = openSync(path, 'r');
    this.fileSize = fstatSync(this.fd).size;
  }

  /** File offset of the next byte. */
  get offset(): number {
    return this.base + this.start;
  }

  /** True when every byte has been read. */
  atEnd(): boolean {
    return this.start >= this.end && !this.fill(1);
  }

  byte(): number {
    this.need(1);
    return this.buffer[this.start++]!;
  }

  /** An SQLite varint (at most 2^31 - 1 here; longer ones are refused). */
  varint(): number {
    let value = 0;
    for (let i = 0; i < 9; i++) {
      const byte = this.byte();
      if (i === 8) return this.checkVarint(value * 256 + byte);
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return this.checkVarint(value);
    }
    return this.checkVarint(value);
  }

  int64(): bigint {
    this.need(8);
    const value = this.buffer.readBigInt64BE(this.start);
    this.start += 8;
    return value;
  }

  float64(): number {
    this.need(8);
    const value = this.buffer.readDoubleBE(this.start);
    this.start += 8;
    return value;
  }

  /** `length` bytes as UTF-8 text. */
  text(length: number): string {
    this.need(length);
    const value = this.buffer.toString('utf8', this.start, this.start + length);
    this.start += length;
    return value;
  }

  /** A copy of the next `length` bytes. */
  bytes(length: number): Buffer {
    this.need(length);
    const value = Buffer.from(this.buffer.subarray(this.start, this.start + length));
    this.start += length;
    return value;
  }

  /** Skips `length` bytes without keeping them. */
  skip(length: number): void {
    const buffered = Math.min(length, this.end - this.start);
    this.start += buffered;
    const rest = length - buffered;
    if (rest === 0) return;
    // Past the buffer: move the read position forward without reading the skipped bytes.
    if (this.base + this.end + rest > this.fileSize) this.truncated();
    this.base += this.end + rest;
    this.start = 0;
    this.end = 0;
  }

  /** Bytes up to a NUL (consumed, not returned) as UTF-8 text. */
  nulTerminated(): string {
    for (;;) {
      const at = this.buffer.indexOf(0, this.start);
      if (at >= 0 && at < this.end) {
        const value = this.buffer.toString('utf8', this.start, at);
        this.start = at + 1;
        return value;
      }
      if (!this.fill(this.end - this.start + 1)) this.truncated();
    }
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }

  private need(length: number): void {
    if (this.end - this.start < length && !this.fill(length)) this.truncated();
  }

  /** Makes `length` bytes available from `start` if the file has them; false at the end of the file. */
  private fill(length: number): boolean {
    if (this.end - this.start >= length) return true;
    // Never allocate for a length the file cannot hold (a garbage length would otherwise ask for gigabytes).
    if (this.fd === undefined || this.base + this.start + length > this.fileSize) return false;
    const kept = this.end - this.start;
    if (length > this.buffer.length) {
      const bigger = Buffer.allocUnsafe(Math.max(length, this.buffer.length * 2));
      this.buffer.copy(bigger, 0, this.start, this.end);
      this.buffer = bigger;
    } else {
      this.buffer.copy(this.buffer, 0, this.start, this.end);
    }
    this.base += this.start;
    this.start = 0;
    this.end = kept;
    while (this.end < length && this.base + this.end < this.fileSize) {
      const read = readSync(
        this.fd,
        this.buffer,
        this.end,
        this.buffer.length - this.end,
        this.base + this.end,
      );
      if (read === 0) break;
      this.end += read;
    }
    return this.end >= length;
  }

  private checkVarint(value: number): number {
    if (value > 0x7fffffff)
      throw new ChangesetFormatError(`Invalid changeset: length too large at byte ${this.offset}`);
    return value;
  }

  private truncated(): never {
    throw new ChangesetFormatError(
      `Invalid changeset: the file ends in the middle of a record (byte ${this.offset})`,
    );
  }
}
