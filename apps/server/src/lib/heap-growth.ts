import { setFlagsFromString } from 'node:v8';

/**
 * How far, in percent, V8 lets the old generation grow past what survived its last full collection before it
 * collects again. V8 picks that factor itself from its collector's and the program's speeds, up to 4 where the
 * heap's limit is large (4 GB on a 24 GB machine): the server's requests promote short-lived objects (a push's
 * rows and chunk streams live across a few scavenges), so on PGlite the heap grew from ~60 MB live to ~240 MB
 * between full collections while 10,000 files were pushed, most of the peak resident memory (bench/sync/README.md,
 * eighth pass: 297–421 MB, 291–316 MB with this). 50 keeps the old generation under ~1.5× what is live, for
 * ~2.3× as many full collections (6 → 14 in that phase).
 */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Sets V8's heap growing factor for this process (every isolate, the main thread's included: V8 reads the flag at
 * each full collection). Called first thing at start, so every way of starting the server gets it.
 */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
