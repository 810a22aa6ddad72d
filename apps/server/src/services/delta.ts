import type { DeltaItem } from '@waymark/contract';

type Change = DeltaItem['change'];

/**
 * The net change of each file over a range of versions (GET /v2/projects/{id}/delta), from its changes oldest
 * first, with the reference's rules: a file created and removed within the range vanishes, a file created and then
 * updated is still `create` (with the latest size and checksum), a whole-file update followed by diff updates is an
 * `update` (the client downloads the file), consecutive diff updates keep all their diffs in order, a file removed
 * and created again is an `update`.
 */
export function mergeDelta(changes: readonly DeltaItem[]): DeltaItem[] {
  const merged = new Map<string, DeltaItem>();
  /** Paths that existed before the range: removing them must reach the client. */
  const existedBefore = new Set<string>();
  for (const change of changes) {
    const previous = merged.get(change.path);
    if (!previous) {
      merged.set(change.path, change);
      if (change.change !== 'create') existedBefore.add(change.path);
      continue;
    }
    const next = combine(previous, change, existedBefore.has(change.path));
    if (next) merged.set(change.path, next);
    else merged.delete(change.path);
  }
  return [...merged.values()].map(({ diffs, ...item }) =>
    diffs && diffs.length > 0 ? { ...item, diffs } : item,
  );
}

function combine(previous: DeltaItem, next: DeltaItem, existedBefore: boolean): DeltaItem | undefined {
  const as = (change: Change): DeltaItem => ({ ...next, change, diffs: [] });
  switch (previous.change) {
    case 'create':
      if (next.change === 'delete') return existedBefore ? next : undefined;
      return next.change === 'create' ? next : as('create');
    case 'update':
      return next.change === 'update_diff' ? as('update') : next;
    case 'update_diff':
      return next.change === 'update_diff'
        ? { ...next, diffs: [...(previous.diffs ?? []), ...(next.diffs ?? [])] }
        : next;
    case 'delete':
      if (next.change === 'create') return as('update');
      return next.change === 'update_diff' ? undefined : next;
  }
}
