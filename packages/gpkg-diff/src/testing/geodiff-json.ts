import type { ChangesetEntry, Value } from '../types.ts';

/** geodiff's JSON form of a value (`valueToJSON`): blobs as base64. */
function jsonValue(value: Value): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
}

/** geodiff's JSON form of an entry (`changesetEntryToJSON`), as its `*.json` test vectors hold them. */
export function geodiffJson(entry: ChangesetEntry): unknown {
  const changes = entry.table.primaryKeys.flatMap((_, column) => {
    const old = entry.old?.[column];
    const now = entry.new?.[column];
    if (old === undefined && now === undefined) return [];
    return [
      {
        column,
        ...(old !== undefined ? { old: jsonValue(old) } : {}),
        ...(now !== undefined ? { new: jsonValue(now) } : {}),
      },
    ];
  });
  return { table: entry.table.name, type: entry.op, changes };
}
