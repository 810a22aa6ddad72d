import { LRUCache } from 'lru-cache';

/** Milliseconds from any fixed origin (`performance` by default; tests pass a clock they move). */
export type Clock = { now(): number };

/**
 * Values read from the database and kept for at most `ttlMs`, forgotten at once when this process writes what they
 * were read from (`forget`, `clear`). Other processes' writes are seen when a value's time is up. A value whose
 * read began before a `forget` or `clear` and ended after it is not kept (it may predate the write): `generation`
 * counts them, and `set` only stores a value read in the generation it names. `ttlMs` 0: nothing is kept.
 */
export type TtlCache<K extends string | number, V extends object | number> = {
  get(key: K): V | undefined;
  /** The current generation, to be taken before reading a value that will be `set`. */
  generation(): number;
  set(key: K, value: V, readInGeneration: number): void;
  /** The kept value, or `load`'s (kept when nothing was forgotten meanwhile). */
  through(key: K, load: () => Promise<V | undefined>): Promise<V | undefined>;
  forget(key: K): void;
  clear(): void;
};

export function createTtlCache<K extends string | number, V extends object | number>(options: {
  max: number;
  ttlMs: number;
  clock?: Clock | undefined;
}): TtlCache<K, V> {
  const values =
    options.ttlMs > 0
      ? new LRUCache<K, V>({
          max: options.max,
          ttl: options.ttlMs,
          // The clock is read at every look-up (lru-cache would otherwise reuse a reading for 1 ms).
          ttlResolution: 0,
          ...(options.clock ? { perf: options.clock } : {}),
        })
      : undefined;
  let generation = 0;
  const cache: TtlCache<K, V> = {
    get: (key) => values?.get(key),
    generation: () => generation,
    set: (key, value, readInGeneration) => {
      if (readInGeneration === generation) values?.set(key, value);
    },
    async through(key, load) {
      const kept = cache.get(key);
      if (kept !== undefined) return kept;
      const readIn = generation;
      const value = await load();
      if (value !== undefined) cache.set(key, value, readIn);
      return value;
    },
    forget: (key) => {
      generation += 1;
      values?.delete(key);
    },
    clear: () => {
      generation += 1;
      values?.clear();
    },
  };
  return cache;
}
