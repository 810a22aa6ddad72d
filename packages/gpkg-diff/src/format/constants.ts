import type { ChangeOp } from '../types.ts';

/** First byte of a table header of a changeset ('T'). */
export const TABLE_HEADER = 0x54;
/** First byte of a table header of a patchset ('P'), a format geodiff does not use. */
export const PATCHSET_TABLE_HEADER = 0x50;

/** Operation codes, equal to SQLITE_INSERT, SQLITE_UPDATE and SQLITE_DELETE. */
export const OP_CODES: Readonly<Record<ChangeOp, number>> = { insert: 0x12, update: 0x17, delete: 0x09 };

/** The operation of an operation code, if it is one. */
export function opOfCode(code: number): ChangeOp | undefined {
  if (code === OP_CODES.insert) return 'insert';
  if (code === OP_CODES.update) return 'update';
  if (code === OP_CODES.delete) return 'delete';
  return undefined;
}

/** Type bytes of record values (the SQLITE_INTEGER … SQLITE_NULL codes, 0 for "undefined"). */
export const VALUE_TYPES = { undefined: 0, integer: 1, real: 2, text: 3, blob: 4, null: 5 } as const;

/** The most columns a table header may declare (geodiff's reader limit). */
export const MAX_COLUMNS = 65536;
