// Prints the largest old generation (MB) V8 let grow over a live set of ~40 MB while objects that outlive a few
// scavenges, then die, are made, with the server's heap growth limit (`limited`) or V8's own (`default`).
import { getHeapSpaceStatistics } from 'node:v8';
import { limitHeapGrowth } from '../src/lib/heap-growth.ts';

if (process.argv[2] === 'limited') limitHeapGrowth();
const live = Array.from({ length: 40_000 }, (_, i) => ({ text: `${i}`.padEnd(1000, '.') }));
const oldSpace = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? 0;
let largest = 0;
let held: { at: number; round: number }[][] = [];
for (let round = 0; round < 6000; round += 1) {
  // Each batch lives for 300 rounds: long enough to be promoted, then garbage in the old generation.
  held.push(Array.from({ length: 2000 }, (_, at) => ({ at, round })));
  if (held.length > 300) held = held.slice(1);
  if (round % 20 === 0) largest = Math.max(largest, oldSpace());
}
process.stdout.write(
  JSON.stringify({ liveMb: live.length / 1000, largestMb: Math.round(largest / 1048576) }),
);
