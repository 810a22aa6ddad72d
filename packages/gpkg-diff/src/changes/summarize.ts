import { ChangesetScanner } from '../format/changeset-reader.ts';
import type { ChangeOp, TableSummary } from '../types.ts';

/** Compares table names as geodiff orders them: by their UTF-8 bytes. */
export function compareNames(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Counts changes per table; `rows()` lists the tables that have any, in name order. */
export class SummaryCounter {
  private readonly tables = new Map<string, TableSummary>();

  add(table: string, op: ChangeOp): void {
    let counts = this.tables.get(table);
    if (!counts) {
      counts = { table, insert: 0, update: 0, delete: 0 };
      this.tables.set(table, counts);
    }
    counts[op]++;
  }

  rows(): TableSummary[] {
    return [...this.tables.values()].sort((a, b) => compareNames(a.table, b.table));
  }
}

/** Per-table counts of a binary changeset, tables in name order (as geodiff's summary lists them). */
export function summarize(changesetPath: string): TableSummary[] {
  const counter = new SummaryCounter();
  const scanner = new ChangesetScanner(changesetPath);
  try {
    for (let head = scanner.nextHead(); head; head = scanner.nextHead())
      counter.add(head.table.name, head.op);
  } finally {
    scanner.close();
  }
  return counter.rows();
}
