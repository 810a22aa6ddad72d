/**
 * Self time of a V8 .cpuprofile by function and by category, idle excluded: where a bench's server CPU goes.
 * Usage: node --import tsx bench/lib/profile-summary.ts <file.cpuprofile> [--top 40] [--window <from µs> <to µs>]
 * [--callers <text> [--depth 1]]: a window is of CLOCK_MONOTONIC in µs (the profile's clock), as the sync bench
 * prints each phase's with BENCH_PROFILE_DIR.
 */
import { readFileSync } from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : undefined;
};
const profile = JSON.parse(readFileSync(args[0] ?? '', 'utf8')) as Profile;
const top = option('top') ?? 40;
const windowAt = args.indexOf('--window');
const from = windowAt >= 0 ? Number(args[windowAt + 1]) : 0;
const to = windowAt >= 0 ? Number(args[windowAt + 2]) : Number.POSITIVE_INFINITY;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const short = (url: string) => url.replace(/^.*node_modules\//, '~/').replace(/^.*\/(dist|src)\//, '$1/');
const label = (node: Node) =>
  `${node.callFrame.functionName || '(anonymous)'} ${short(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

/** A category from the frame and its callers (the first that matches, innermost first). */
function category(id: number): string {
  for (
    let at: number | undefined = id, depth = 0;
    at !== undefined && depth < 40;
    at = parent.get(at), depth++
  ) {
    const node = byId.get(at);
    if (!node) break;
    const { functionName: name, url } = node.callFrame;
    if (name === '(garbage collector)') return 'GC';
    if (name === '(idle)') return 'idle';
    if (name === '(program)') return 'program (native, unattributed)';
    if (/^(update|digest)$/.test(name) && /crypto|hash/i.test(url)) return 'hash';
    if (/Hash|hash/.test(name) && url.startsWith('node:internal/crypto')) return 'hash';
    if (url.includes('pglite')) return 'PGlite';
    if (/\bpg\b|pg-protocol|drizzle/.test(url)) return 'database client';
    if (url.includes('pino')) return 'logging';
    if (url.includes('fastify') || url.includes('find-my-way') || url.includes('avvio')) return 'fastify';
    if (url.startsWith('node:internal/fs') || url.startsWith('node:fs')) return 'fs';
    if (url.includes('_http') || url.startsWith('node:internal/http') || url.startsWith('node:http'))
      return 'http';
    if (url.startsWith('node:net') || url.includes('stream_base')) return 'net';
    if (url.includes('internal/streams')) return 'streams';
  }
  return 'other';
}

const self = new Map<number, number>();
let t = profile.startTime;
for (const [i, sample] of profile.samples.entries()) {
  t += profile.timeDeltas[i] ?? 0;
  if (t < from || t > to) continue;
  self.set(sample, (self.get(sample) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
}
const byLabel = new Map<string, number>();
const byCategory = new Map<string, number>();
let busy = 0;
for (const [id, micros] of self) {
  const node = byId.get(id);
  if (!node) continue;
  const cat = category(id);
  byCategory.set(cat, (byCategory.get(cat) ?? 0) + micros);
  if (cat === 'idle') continue;
  busy += micros;
  const name = label(node);
  byLabel.set(name, (byLabel.get(name) ?? 0) + micros);
}
const s = (micros: number) => (micros / 1e6).toFixed(2).padStart(7);
console.log(`main thread busy ${s(busy)} s (idle ${s(byCategory.get('idle') ?? 0)} s)`);
for (const [name, micros] of [...byCategory].sort((a, b) => b[1] - a[1]))
  console.log(`${s(micros)} s  ${((micros / busy) * 100).toFixed(1).padStart(5)}%  ${name}`);
console.log('--- by function (self) ---');
for (const [name, micros] of [...byLabel].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${s(micros)} s  ${name}`);

/** `--callers <text>`: the self time of frames whose label contains the text, by their nearest caller outside them. */
const callersOf = args[args.indexOf('--callers') + 1];
if (args.includes('--callers') && callersOf) {
  const depth = option('depth') ?? 1;
  const byCaller = new Map<string, number>();
  for (const [id, micros] of self) {
    const node = byId.get(id);
    if (!node || !label(node).includes(callersOf)) continue;
    const chain: string[] = [];
    for (let at = parent.get(id); at !== undefined && chain.length < depth; at = parent.get(at)) {
      const caller = byId.get(at);
      if (caller && !label(caller).includes(callersOf)) chain.push(label(caller));
    }
    const key = chain.join(' < ');
    byCaller.set(key, (byCaller.get(key) ?? 0) + micros);
  }
  console.log(`--- callers of "${callersOf}" ---`);
  for (const [name, micros] of [...byCaller].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${s(micros)} s  ${name}`);
}
