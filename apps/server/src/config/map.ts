import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { optionalString } from './values.ts';

/** The environment variables of the Map tab: its basemap, its disk cache and its threads. */
export const mapEnv = z.object({
  /** A MapLibre style drawn under the map's layers; none by default (the map works offline). */
  MAP_BASEMAP_STYLE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Bytes DATA_DIR/map-cache holds after housekeeping (least recently used files go first). */
  MAP_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(1024 * 1024 * 1024),
  // Cores − 1 as WORKER_THREADS, but two on two cores: a screenful's tiles are cut side by side, which keeps the
  // full-extent view of bench/map near 1 s of one thread's CPU (one thread: ~1.3–1.8 s), and the server's peak RSS
  // under 350 MB there (303–359 MB measured, 263–286 with one). The request loop shares the cores for that second.
  MAP_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.min(4, Math.max(Math.min(2, availableParallelism()), availableParallelism() - 1))),
});

export type MapSettings = {
  /** The MapLibre style under the Map tab's layers (`MAP_BASEMAP_STYLE_URL`); none by default. */
  mapBasemapStyleUrl: string | undefined;
  /** Bytes the map's disk cache (DATA_DIR/map-cache) holds after housekeeping (`MAP_CACHE_MAX_BYTES`). */
  mapCacheMaxBytes: number;
  /** Threads one project's map reads (tiles, layer lists, features) may use at once, in a pool of their own. */
  mapThreads: number;
};

export function mapSettings(e: z.infer<typeof mapEnv>): MapSettings {
  return {
    mapBasemapStyleUrl: e.MAP_BASEMAP_STYLE_URL,
    mapCacheMaxBytes: e.MAP_CACHE_MAX_BYTES,
    mapThreads: e.MAP_THREADS,
  };
}
