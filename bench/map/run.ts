/**
 * The map's tiles (issue 27) against GDAL: a 200,000-point layer and a 20,000-polygon layer (made by ogr2ogr,
 * the polygons reprojected to the Czech Krovak grid EPSG:5514) pushed to the compiled server, then the first z14
 * tile of each (nothing cached), a full-extent view (every tile of a 1280×800 screen at the zoom that fits the
 * data, 6 requests in flight as a browser), the same tiles warm (cached), and the server's peak RSS; printed next
 * to the time `ogr2ogr -f MVT` takes for the same tiles in the same run. Wall times and CPU seconds both: on a
 * shared machine compare the CPU seconds.
 * With BENCH_DATABASE_URL the server runs on that PostgreSQL database (emptied first; its backends' CPU is not
 * counted). Usage: npm run bench:map [-- --points 200000 --polygons 20000 --warm 200 --no-gdal]
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  cpuSeconds,
  emptyDatabase,
  PASSWORD,
  peakRss,
  pool,
  startServer,
  threadCpuSeconds,
} from '../lib/server-process.ts';
import { createClient, type BenchFile } from '../sync/client.ts';
import { AREA, makeData } from './data.ts';
import { commandExists, gdalTiles } from './gdal.ts';
import { fullExtentTiles, latToY, lonToX, type Tile, tileBounds } from './tiles.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const POINTS = option('points', 200_000);
const POLYGONS = option('polygons', 20_000);
const WARM_REQUESTS = option('warm', 200);
/** `--no-gdal`: the server alone, for rounds alternated with another build (ogr2ogr's full view takes ~30 s of CPU). */
const GDAL = !args.includes('--no-gdal');
const PORT = Number(process.env.BENCH_PORT ?? 18342);
/** BENCH_DATABASE_URL: the server runs on that PostgreSQL database (emptied first) instead of the embedded one. */
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
/** BENCH_MAP_DATA: a folder keeping the generated GeoPackages between runs (made when missing). */
const DATA_FOLDER = process.env.BENCH_MAP_DATA;
/** A browser keeps 6 requests in flight per host. */
const IN_FLIGHT = 6;
/** Issue 27's goals. */
const GOALS = { firstTileMs: 150, fullViewMs: 1000, warmMs: 5, rssMiB: 350 };

if (!commandExists('ogr2ogr')) {
  console.error('ogr2ogr not found: apt-get install -y gdal-bin (the benchmark makes its data with it).');
  process.exit(1);
}

const ms = (seconds: number) => `${(seconds * 1000).toFixed(0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const goal = (met: boolean) => (met ? 'goal met' : 'goal NOT met');

/** A process's resident memory now, in MiB (0 when not on Linux). */
function rssMiB(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

function benchFile(file: string, as: string): BenchFile {
  const bytes = readFileSync(file);
  return { path: as, size: bytes.length, bytes, checksum: createHash('sha1').update(bytes).digest('hex') };
}

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-map-'));
  const loadAtStart = load();
  try {
    console.log(
      `Making ${POINTS.toLocaleString('en-GB')} points and ${POLYGONS.toLocaleString('en-GB')} polygons with ogr2ogr…`,
    );
    if (DATA_FOLDER) mkdirSync(DATA_FOLDER, { recursive: true });
    const data = makeData(DATA_FOLDER ?? work, { points: POINTS, polygons: POLYGONS });
    console.log(
      `points.gpkg ${(statSync(data.points).size / 1048576).toFixed(1)} MiB (EPSG:4326), ` +
        `polygons.gpkg ${(statSync(data.polygons).size / 1048576).toFixed(1)} MiB (EPSG:5514, 24 vertices each)`,
    );
    const dataDir = path.join(work, 'data');
    mkdirSync(dataDir);
    if (DATABASE_URL) await emptyDatabase(DATABASE_URL);
    const server = await startServer(dataDir, PORT, {
      ...(DATABASE_URL ? { DATABASE_URL } : {}),
      // The server's map threads (default: cores), to compare one with several.
      ...(process.env.MAP_THREADS ? { MAP_THREADS: process.env.MAP_THREADS } : {}),
    });
    const pid = server.pid ?? 0;
    const rssAtStart = rssMiB(pid);
    const base = `http://127.0.0.1:${PORT}`;
    try {
      const login = await fetch(`${base}/v1/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ login: 'admin', password: PASSWORD }),
      });
      const { session } = (await login.json()) as { session: { token: string } };
      const token = session.token;
      const client = createClient(base, token);
      await client.createProject('map');
      await client.pushV1('map', 'v0', {
        added: [benchFile(data.points, 'points.gpkg'), benchFile(data.polygons, 'polygons.gpkg')],
      });
      const rssAfterPush = rssMiB(pid);
      const auth = { Authorization: `Bearer ${token}` };
      const tileUrl = (file: string, layer: string, { z, x, y }: Tile) =>
        `${base}/v1/project/map/admin/map/tiles/${z}/${x}/${y}.pbf?file=${file}&layer=${layer}&version=v1`;
      const get = async (url: string) => {
        const start = process.hrtime.bigint();
        const answer = await fetch(url, { headers: auth });
        const body = await answer.arrayBuffer();
        const bytes = body.byteLength;
        if (!answer.ok) throw new Error(`${url}: ${answer.status} ${new TextDecoder().decode(body)}`);
        return { seconds: Number(process.hrtime.bigint() - start) / 1e9, bytes };
      };
      const layers = [
        { file: 'points.gpkg', layer: 'points', gpkg: data.points },
        { file: 'polygons.gpkg', layer: 'polygons', gpkg: data.polygons },
      ];
      const results: string[] = [];
      /** The server's RSS after each step (MB). */
      const rssAfter: string[] = [];
      const run = await peakRss(pid, async () => {
        // The layer list opens the map (and starts the engine's thread).
        const cpu0 = cpuSeconds(pid);
        const list = await get(`${base}/v1/project/map/admin/map/layers?version=v1`);
        results.push(
          `layer list (cold)            ${ms(list.seconds)} wall, ${ms(cpuSeconds(pid) - cpu0)} server CPU`,
        );
        rssAfter.push(`layer list ${rssMiB(pid).toFixed(0)}`);
        // The first z14 tile of each layer, in the middle of the data.
        const z14: Tile = {
          z: 14,
          x: Math.floor(lonToX((AREA.west + AREA.east) / 2, 14)),
          y: Math.floor(latToY((AREA.south + AREA.north) / 2, 14)),
        };
        for (const entry of layers) {
          const cpu = cpuSeconds(pid);
          const first = await get(tileUrl(entry.file, entry.layer, z14));
          const gdal = GDAL
            ? await gdalTiles(entry.gpkg, 14, tileBounds(z14), path.join(work, 'mvt'))
            : undefined;
          results.push(
            `first z14 tile, ${entry.layer.padEnd(9)}   ${ms(first.seconds)} wall, ${ms(cpuSeconds(pid) - cpu)} server CPU, ` +
              `${(first.bytes / 1024).toFixed(0)} KiB  (${goal(first.seconds * 1000 <= GOALS.firstTileMs)}: ≤ ${GOALS.firstTileMs} ms)` +
              (gdal
                ? `  | ogr2ogr -f MVT: ${ms(gdal.wall)} wall, ${ms(gdal.cpu)} CPU, ${gdal.tiles} tiles`
                : ''),
          );
        }
        rssAfter.push(`z14 tiles ${rssMiB(pid).toFixed(0)}`);
        // The full-extent view: both layers' tiles of the screen, 6 in flight.
        const view = fullExtentTiles();
        const requests = layers.flatMap((entry) =>
          view.tiles.map((tile) => tileUrl(entry.file, entry.layer, tile)),
        );
        let cpu = cpuSeconds(pid);
        const threadsBefore = threadCpuSeconds(pid);
        const start = process.hrtime.bigint();
        // A tile the engine stopped at its time limit (422) is counted, not fatal: the figures still print.
        const refused: string[] = [];
        await pool(requests, IN_FLIGHT, async (url) => {
          await get(url).catch((error: unknown) => refused.push(String(error)));
        });
        const fullWall = Number(process.hrtime.bigint() - start) / 1e9;
        const fullCpu = cpuSeconds(pid) - cpu;
        // The busiest threads' CPU: the busiest one's is the least wall time the view takes with a core to spare.
        const busiest = [...threadCpuSeconds(pid)]
          .map(([tid, seconds]) => seconds - (threadsBefore.get(tid) ?? 0))
          .sort((a, b) => b - a)
          .slice(0, 4);
        rssAfter.push(`full view ${rssMiB(pid).toFixed(0)}`);
        let gdalWall = 0;
        let gdalCpu = 0;
        let gdalCount = 0;
        for (const entry of GDAL ? layers : []) {
          const gdal = await gdalTiles(entry.gpkg, view.zoom, view.bounds, path.join(work, 'mvt'));
          gdalWall += gdal.wall;
          gdalCpu += gdal.cpu;
          gdalCount += gdal.tiles;
        }
        results.push(
          `full-extent view, z${view.zoom}, ${requests.length} tiles  ${ms(fullWall)} wall, ${ms(fullCpu)} server CPU  ` +
            `(${goal(fullWall * 1000 <= GOALS.fullViewMs && refused.length === 0)}: ≤ ${GOALS.fullViewMs} ms)` +
            (refused.length > 0 ? ` [${refused.length} tiles refused: ${refused[0]}]` : '') +
            ` [busiest threads ${busiest.map(ms).join(', ')}]` +
            (GDAL ? `  | ogr2ogr -f MVT: ${ms(gdalWall)} wall, ${ms(gdalCpu)} CPU, ${gdalCount} tiles` : ''),
        );
        // The same tiles warm (cached), one after another.
        const warm: number[] = [];
        cpu = cpuSeconds(pid);
        for (let i = 0; i < WARM_REQUESTS; i++)
          warm.push((await get(requests[i % requests.length]!)).seconds);
        const warmCpu = (cpuSeconds(pid) - cpu) / WARM_REQUESTS;
        results.push(
          `warm tiles, ${WARM_REQUESTS} requests         median ${(median(warm) * 1000).toFixed(1)} ms, ` +
            `p95 ${(percentile(warm, 0.95) * 1000).toFixed(1)} ms wall, ${(warmCpu * 1000).toFixed(1)} ms server CPU each  ` +
            `(${goal(median(warm) * 1000 <= GOALS.warmMs)}: ≤ ${GOALS.warmMs} ms)  | ogr2ogr: – (no server)`,
        );
      });
      results.push(
        `server peak RSS               ${run.peakMiB.toFixed(0)} MB  (${goal(run.peakMiB <= GOALS.rssMiB)}: ≤ ${GOALS.rssMiB} MB)` +
          `  | after: start ${rssAtStart.toFixed(0)}, push ${rssAfterPush.toFixed(0)}, ${rssAfter.join(', ')} MB`,
      );
      console.log('');
      for (const line of results) console.log(line);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    console.log('');
    console.log(`Database: ${DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PGlite'}.`);
    console.log(
      `This machine is shared with other engineers' work (${os.cpus().length} cores; load average ${loadAtStart} ` +
        `at the start, ${load()} at the end): wall times include waiting for a core; CPU seconds compare better.`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
