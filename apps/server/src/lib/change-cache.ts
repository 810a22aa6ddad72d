import { LRUCache } from 'lru-cache';

/** The tables whose changes are announced: who a caller is, and which projects they see. */
export const WATCHED_TABLES = [
  'users',
  'workspaces',
  'workspace_members',
  'projects',
  'project_members',
] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

export const isWatched = (table: string): table is WatchedTable =>
  (WATCHED_TABLES as readonly string[]).includes(table);

/** A table that changed, or `null`: anything may have changed (the feed was interrupted and is back, or is gone). */
export type ChangeListener = (table: WatchedTable | null) => void;

/**
 * What this process learns about changes to the watched tables, for the caches that keep what they read
 * (`ChangeCache`): every committed change of any process (the database's announcements) and, on PostgreSQL, this
 * process's own writes as they commit (seen by the pool, `changed`). While `isLive()` is false (the listening
 * connection is down, so changes of other processes would go unseen) nothing may be kept.
 */
export type ChangeFeed = {
  isLive(): boolean;
  onChange(listener: ChangeListener): void;
  /** A change to `table` was committed (ignored unless it is a watched table). */
  changed(table: string): void;
  close(): Promise<void>;
};

/** No feed (the CLI, a short-lived process): nothing is ever kept. */
export function createOfflineChangeFeed(): ChangeFeed {
  return { isLive: () => false, onChange: () => {}, changed: () => {}, close: async () => {} };
}

/**
 * Values read from the database and kept until one of the tables they were read from changes (`ChangeFeed`).
 * Nothing is kept while the feed is not live. A value whose read began before a change and ended after it is
 * not kept: `generation` counts the changes heard, and `set` only stores a value read in the generation it names.
 */
export type ChangeCache<K extends string | number, V extends object | number> = {
  get(key: K): V | undefined;
  /** The current generation, to be taken before reading a value that will be `set`. */
  generation(): number;
  set(key: K, value: V, readInGeneration: number): void;
  /** The kept value, or `load`'s (kept when nothing changed meanwhile). */
  through(key: K, load: () => Promise<V | undefined>): Promise<V | undefined>;
};

export function createChangeCache<K extends string | number, V extends object | number>(
  feed: ChangeFeed,
  options: { tables: readonly WatchedTable[]; max: number },
): ChangeCache<K, V> {
  const values = new LRUCache<K, V>({ max: options.max });
  let generation = 0;
  feed.onChange((table) => {
    if (table !== null && !options.tables.includes(table)) return;
    generation += 1;
    values.clear();
  });
  const cache: ChangeCache<K, V> = {
    get: (key) => (feed.isLive() ? values.get(key) : undefined),
    generation: () => generation,
    set: (key, value, readInGeneration) => {
      if (feed.isLive() && readInGeneration === generation) values.set(key, value);
    },
    async through(key, load) {
      const kept = cache.get(key);
      if (kept !== undefined) return kept;
      const readIn = generation;
      const value = await load();
      if (value !== undefined) cache.set(key, value, readIn);
      return value;
    },
  };
  return cache;
}
