import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ChangesetFormatError } from '../errors.ts';
import { geodiffJson } from '../testing/geodiff-json.ts';
import { listVectors, vector } from '../testing/vectors.ts';
import type { ChangesetEntry, TableInfo, Value } from '../types.ts';
import { readChangeset } from './changeset-reader.ts';
import { ChangesetWriter, writeChangeset } from './changeset-writer.ts';

const work = mkdtempSync(join(tmpdir(), 'gpkg-diff-format-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('binary changesets of the geodiff vectors', () => {
  const diffs = listVectors('.diff');

  it('finds the vectors', () => {
    expect(diffs.length).toBeGreaterThanOrEqual(30);
  });

  it.each(diffs)('%s reads and writes back byte for byte', (path) => {
    const output = join(work, 'round-trip.diff');
    const size = writeChangeset(output, readChangeset(vector(path)));
    const original = readFileSync(vector(path));
    expect(size).toBe(original.length);
    expect(readFileSync(output).equals(original)).toBe(true);
  });

  const withJson = diffs.filter((path) => existsSync(vector(path.replace(/\.diff$/, '.json'))));

  it('has JSON twins to compare with', () => {
    expect(withJson.length).toBeGreaterThanOrEqual(3);
  });

  it.each(withJson)('%s decodes to the values of its JSON twin', (path) => {
    const json = JSON.parse(readFileSync(vector(path.replace(/\.diff$/, '.json')), 'utf8')) as {
      geodiff: unknown[];
    };
    expect([...readChangeset(vector(path))].map(geodiffJson)).toEqual(json.geodiff);
  });

  it('decodes the update of 2_updates: key, geometry blob and the changed rating', () => {
    const entries = [...readChangeset(vector('2_updates/base-updated_A.diff'))];
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry?.table).toEqual({ name: 'simple', primaryKeys: [true, false, false, false] });
    expect(entry?.op).toBe('update');
    expect(entry?.indirect).toBe(false);
    expect(entry?.old?.[0]).toBe(2n);
    expect(entry?.old?.[2]).toBeUndefined();
    expect(entry?.old?.[3]).toBe(2n);
    expect(entry?.new?.[3]).toBe(9999n);
    expect(entry?.new?.[1]).toBeInstanceOf(Uint8Array);
  });
});

describe('ChangesetWriter', () => {
  const table: TableInfo = { name: 'naïve table', primaryKeys: [true, false, false, false, false] };

  it('keeps every value type exact, 64-bit integers beyond 2^53 and blobs larger than its buffer included', () => {
    const big = Buffer.alloc(1_000_003, 7);
    const rows: Value[][] = [
      [2n ** 63n - 1n, 1.5, 'text ščé 🌍', Buffer.from([0, 1, 2]), null],
      [-(2n ** 63n), -0, '', Buffer.alloc(0), 2n ** 53n + 1n],
      [9007199254740993n, 3.0, 'x'.repeat(300_000), big, 0.1 + 0.2],
    ];
    const path = join(work, 'values.diff');
    const writer = new ChangesetWriter(path);
    writer.beginTable(table);
    for (const row of rows) writer.writeEntry({ op: 'insert', new: row });
    writer.writeEntry({
      op: 'update',
      old: [5n, 1.5, undefined, undefined, null],
      new: [undefined, 2.5, undefined, undefined, 'y'],
    });
    writer.writeEntry({ op: 'delete', indirect: true, old: rows[0] });
    const size = writer.close();
    expect(size).toBe(readFileSync(path).length);

    const read = [...readChangeset(path)];
    expect(read.map((entry) => entry.op)).toEqual(['insert', 'insert', 'insert', 'update', 'delete']);
    // Blobs compared as base64 text: deep equality of megabyte buffers is slow.
    const comparable = (values: Value[] | undefined) =>
      values?.map((value) =>
        value instanceof Uint8Array ? `blob:${Buffer.from(value).toString('base64')}` : value,
      );
    expect(read.slice(0, 3).map((entry) => comparable(entry.new))).toEqual(rows.map(comparable));
    expect(Object.is(read[1]?.new?.[1], -0)).toBe(true);
    expect(typeof read[2]?.new?.[1]).toBe('number');
    expect(read[3]?.old).toEqual([5n, 1.5, undefined, undefined, null]);
    expect(read[3]?.new).toEqual([undefined, 2.5, undefined, undefined, 'y']);
    expect(read[4]?.indirect).toBe(true);
    expect(read[0]?.table).toEqual(table);
  });

  it('refuses undefined values in inserted rows and records of the wrong width', () => {
    const writer = new ChangesetWriter(join(work, 'refused.diff'));
    writer.beginTable({ name: 't', primaryKeys: [true, false] });
    expect(() => writer.writeEntry({ op: 'insert', new: [1n, undefined] })).toThrow(TypeError);
    expect(() => writer.writeEntry({ op: 'delete', old: [1n] })).toThrow(TypeError);
    writer.discard();
    expect(existsSync(join(work, 'refused.diff'))).toBe(false);
  });
});

describe('malformed changesets', () => {
  const read = (bytes: Uint8Array): ChangesetEntry[] => {
    const path = join(work, 'malformed.diff');
    writeFileSync(path, bytes);
    return [...readChangeset(path)];
  };

  it('reads an empty file as no changes', () => {
    expect(read(Buffer.alloc(0))).toEqual([]);
  });

  it('refuses every truncation of a vector that does not end on a record boundary', () => {
    const original = readFileSync(vector('utf_test_ščé/changes.diff'));
    let refused = 0;
    for (let length = 1; length < original.length; length++) {
      try {
        read(original.subarray(0, length));
      } catch (error) {
        expect(error).toBeInstanceOf(ChangesetFormatError);
        refused++;
      }
    }
    // Only the few cuts right after a complete record are valid (shorter) changesets.
    expect(refused).toBeGreaterThan(original.length - 10);
  });

  it.each([
    ['garbage', Buffer.from('this is not a changeset at all')],
    ['a record before any table header', Buffer.from([0x12, 0, 5])],
    ['an unknown value type', Buffer.from([0x54, 1, 1, 0x74, 0, 0x12, 0, 9])],
    ['an undefined value in an insert', Buffer.from([0x54, 1, 1, 0x74, 0, 0x12, 0, 0])],
    ['a bad indirect flag', Buffer.from([0x54, 1, 1, 0x74, 0, 0x12, 7, 5])],
    ['a table without columns', Buffer.from([0x54, 0, 0x74, 0])],
    ['a patchset', Buffer.from([0x50, 1, 1, 0x74, 0])],
    [
      'a text longer than the file',
      Buffer.from([0x54, 1, 1, 0x74, 0, 0x12, 0, 3, 0xff, 0xff, 0xff, 0x7f, 0x41]),
    ],
  ])('refuses %s with ChangesetFormatError', (_, bytes) => {
    expect(() => read(bytes)).toThrow(ChangesetFormatError);
  });
});
