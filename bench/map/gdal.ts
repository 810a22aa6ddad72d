/** GDAL beside the server: `ogr2ogr -f MVT` of the same tiles, timed (wall and CPU seconds). */
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';

/** Whether `command` is on the PATH. */
export function commandExists(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Runs a shell command, answering its wall seconds and its children's CPU seconds (bash's `times`). */
function timed(command: string): Promise<{ wall: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn('bash', ['-c', `${command} > /dev/null 2>&1 || exit 1; times`]);
    let output = '';
    child.stdout.on('data', (piece: Buffer) => (output += piece.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const wall = Number(process.hrtime.bigint() - start) / 1e9;
      if (code !== 0) return reject(new Error(`failed: ${command}`));
      // The second line of `times`: the children's user and system time, e.g. "0m1.234s 0m0.123s".
      const seconds = (output.trim().split('\n')[1] ?? '')
        .split(' ')
        .map((part) => /(\d+)m([\d.]+)s/.exec(part))
        .reduce((sum, match) => sum + (match ? Number(match[1]) * 60 + Number(match[2]) : 0), 0);
      resolve({ wall, cpu: seconds });
    });
  });
}

/** `ogr2ogr -f MVT` of `layer` of `gpkg` at zoom `z`, the features meeting `bounds` (lon/lat) only. */
export async function gdalTiles(
  gpkg: string,
  z: number,
  bounds: [number, number, number, number],
  out: string,
): Promise<{ wall: number; cpu: number; tiles: number }> {
  rmSync(out, { recursive: true, force: true });
  const run = await timed(
    [
      'ogr2ogr -f MVT',
      out,
      gpkg,
      `-dsco MINZOOM=${z} -dsco MAXZOOM=${z} -dsco COMPRESS=NO -dsco FORMAT=DIRECTORY`,
      `-spat ${bounds.join(' ')} -spat_srs EPSG:4326`,
    ].join(' '),
  );
  const tiles = readdirSync(out, { recursive: true }).filter((name) => String(name).endsWith('.pbf')).length;
  return { ...run, tiles };
}
