/**
 * Push and download a large project through the HTTP API of a real server (child process, embedded PGlite),
 * and print the throughput next to this machine's single-core SHA-1 rate, with the server's peak RSS.
 * Usage: npm run bench -- [--size-mib 1024] [--small-files 1000] [--keep]. See bench/README.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CONCURRENCY,
  cpuSeconds,
  download,
  durableWriteRate,
  writeFile,
  MiB,
  PASSWORD,
  peakRss,
  pool,
  sha1Rate,
  startServer,
} from './lib/server-process.ts';

const CHUNK = 10 * MiB;

const args = process.argv.slice(2);
const sizeAt = args.indexOf('--size-mib');
const sizeMiB = sizeAt >= 0 ? Number(args[sizeAt + 1]) || 1024 : 1024;
const keep = args.includes('--keep');
const smallAt = args.indexOf('--small-files');
const smallFiles = smallAt >= 0 ? Number(args[smallAt + 1]) : 1000;

/**
 * The loopback ceiling of this machine for the raw download: a bare node:http server in its own process (as the
 * real server is) that does nothing but stream the project's local files from the page cache, 1 MiB reads, by
 * the same `?file=` address. The same client then downloads the same files the same way from it.
 */
const BARE_SERVER = `
const http = require('node:http'), fs = require('node:fs'), path = require('node:path');
const root = process.argv[1];
const server = http.createServer((req, res) => {
  const file = path.join(root, new URL(req.url, 'http://x').searchParams.get('file') ?? '');
  fs.stat(file, (error, stat) => {
    if (error) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': stat.size });
    fs.createReadStream(file, { highWaterMark: 1 << 20 }).pipe(res);
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function bareServer(root: string): Promise<{ base: string; stop: () => void }> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER, root], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()));
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

type LocalFile = { path: string; file: string; size: number; checksum: string; chunks: string[] };

/** A few large files and many small ones, together `totalMiB`. */
async function makeProject(dir: string, totalMiB: number): Promise<LocalFile[]> {
  const smallCount = smallFiles;
  const large = Math.floor((totalMiB * (smallCount > 0 ? 0.9 : 1)) / 3);
  const smallSize = smallCount > 0 ? Math.floor(((totalMiB - large * 3) * MiB) / smallCount) : 0;
  const specs = [
    ...[0, 1, 2].map((i) => ({ path: `data/large-${i}.gpkg`, size: large * MiB + i * 4099 })),
    ...Array.from({ length: smallCount }, (_, i) => ({
      path: `photos/${String(Math.floor(i / 100)).padStart(2, '0')}/img-${i}.jpg`,
      size: smallSize + (i % 97),
    })),
  ];
  const files: LocalFile[] = [];
  for (const [index, spec] of specs.entries()) {
    const file = path.join(dir, `f${index}`);
    const checksum = await writeFile(file, spec.size, index + 1);
    const chunks = Array.from({ length: Math.ceil(spec.size / CHUNK) }, () => randomUUID());
    files.push({ path: spec.path, file, size: spec.size, checksum, chunks });
  }
  return files;
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-'));
  const dataDir = path.join(work, 'data');
  const port = 21_000 + Math.floor(Math.random() * 10_000);
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  try {
    console.log(`Preparing a ${sizeMiB} MiB project in ${work} …`);
    const files = await makeProject(path.join(work), sizeMiB);
    const total = files.reduce((sum, f) => sum + f.size, 0);
    const rate = sha1Rate();
    const disk = await durableWriteRate(work);

    child = await startServer(dataDir, port);
    // The embedded database's first start (initdb) is not part of the run: restart on the initialised folder.
    child.kill('SIGTERM');
    await new Promise((resolve) => child?.once('exit', resolve));
    child = await startServer(dataDir, port);
    const pid = child.pid ?? 0;
    const atRest = (await peakRss(pid, () => new Promise((resolve) => setTimeout(resolve, 500)))).peakMiB;

    const login = await fetch(`${base}/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password: PASSWORD }),
    });
    const token = ((await login.json()) as { session: { token: string } }).session.token;
    const auth = { Authorization: `Bearer ${token}` };
    const json = { ...auth, 'Content-Type': 'application/json' };
    await fetch(`${base}/v1/project/admin`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'bench' }),
    });

    const pushed = await peakRss(pid, async () => {
      const started = Date.now();
      const changes = {
        added: files.map(({ path: p, size, checksum, chunks }) => ({ path: p, size, checksum, chunks })),
        updated: [],
        removed: [],
      };
      const start = await fetch(`${base}/v1/project/push/admin/bench`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ version: 'v0', changes }),
      });
      const { transaction } = (await start.json()) as { transaction: string };
      const jobs = files.flatMap((file) => file.chunks.map((id, index) => ({ file, id, index })));
      await pool(jobs, CONCURRENCY, async ({ file, id, index }) => {
        const handle = await open(file.file, 'r');
        const size = Math.min(CHUNK, file.size - index * CHUNK);
        const buffer = Buffer.alloc(size);
        await handle.read(buffer, 0, size, index * CHUNK);
        await handle.close();
        const answer = await fetch(`${base}/v1/project/push/chunk/${transaction}/${id}`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/octet-stream' },
          body: buffer,
        });
        if (!answer.ok) throw new Error(`chunk ${answer.status}: ${await answer.text()}`);
        await answer.arrayBuffer();
      });
      const chunksDone = Date.now();
      const cpuAtChunksDone = cpuSeconds(pid);
      const finish = await fetch(`${base}/v1/project/push/finish/${transaction}`, {
        method: 'POST',
        headers: auth,
      });
      console.log(
        `push: start+chunks ${((chunksDone - started) / 1000).toFixed(1)} s, ` +
          `finish ${((Date.now() - chunksDone) / 1000).toFixed(1)} s ` +
          `(server CPU ${(cpuSeconds(pid) - cpuAtChunksDone).toFixed(1)} s)`,
      );
      if (!finish.ok) throw new Error(`finish ${finish.status}: ${await finish.text()}`);
      await finish.arrayBuffer();
      return (Date.now() - started) / 1000;
    });

    console.log(`push: ${pushed.result.toFixed(1)} s`);
    /** Every file by its raw address, CONCURRENCY at a time, sizes checked. */
    const downloadAll = async (address: (file: LocalFile) => string, headers: Record<string, string>) => {
      const started = Date.now();
      let bytes = 0;
      await pool(files, CONCURRENCY, async (file) => {
        const { status, bytes: size } = await download(address(file), headers);
        if (status !== 200) throw new Error(`raw ${status}`);
        if (size !== file.size) throw new Error(`${file.path}: ${size} bytes, expected ${file.size}`);
        bytes += size;
      });
      return { seconds: (Date.now() - started) / 1000, bytes };
    };
    const downloaded = await peakRss(pid, () =>
      downloadAll((file) => `${base}/v1/project/raw/admin/bench?file=${encodeURIComponent(file.path)}`, auth),
    );
    const bare = await bareServer(work);
    const ceiling = await downloadAll(
      (file) => `${bare.base}/?file=${encodeURIComponent(path.relative(work, file.file))}`,
      {},
    ).finally(bare.stop);

    console.log(`download: ${downloaded.result.seconds.toFixed(1)} s`);
    const zipped = await peakRss(pid, async () => {
      const started = Date.now();
      const { status, bytes: size } = await download(
        `${base}/v1/project/download/admin/bench?format=zip`,
        auth,
      );
      if (status !== 200) throw new Error(`zip ${status}`);
      return { seconds: (Date.now() - started) / 1000, bytes: size };
    });

    // Spot check: the largest file's bytes come back with the checksum that was pushed.
    const [first] = files;
    if (first) {
      const hash = createHash('sha1');
      await download(
        `${base}/v1/project/raw/admin/bench?file=${encodeURIComponent(first.path)}`,
        auth,
        (piece) => hash.update(piece),
      );
      if (hash.digest('hex') !== first.checksum)
        throw new Error('downloaded bytes differ from the pushed file');
    }

    const mib = total / MiB;
    const row = (name: string, seconds: number, bytes: number, goal: number, rss: number, cpu: number) => {
      const speed = bytes / MiB / seconds;
      const ratio = speed / rate;
      console.log(
        `${name.padEnd(16)} ${speed.toFixed(0).padStart(6)} MiB/s  ${ratio.toFixed(2)}× SHA-1 ` +
          `(goal ≥ ${goal}×: ${ratio >= goal ? 'met' : 'NOT met'})  ${(speed / disk).toFixed(2)}× disk  ` +
          `server peak RSS ${rss.toFixed(0)} MB (goal ≤ 300: ${rss <= 300 ? 'met' : 'NOT met'})  ` +
          `${seconds.toFixed(1)} s, server CPU ${cpu.toFixed(1)} s`,
      );
    };
    console.log(`\nProject: ${files.length} files, ${mib.toFixed(0)} MiB; CPUs: ${os.cpus().length}`);
    console.log(`Server RSS at rest (before the push): ${atRest.toFixed(0)} MB`);
    console.log(`SHA-1 (one core)  ${rate.toFixed(0).padStart(6)} MiB/s`);
    console.log(
      `disk (flushed)    ${disk.toFixed(0).padStart(6)} MiB/s  = ${(disk / rate).toFixed(2)}× SHA-1`,
    );
    row('push', pushed.result, total, 0.5, pushed.peakMiB, pushed.cpu);
    row(
      'download (raw)',
      downloaded.result.seconds,
      downloaded.result.bytes,
      0.8,
      downloaded.peakMiB,
      downloaded.cpu,
    );
    row('download (zip)', zipped.result.seconds, zipped.result.bytes, 0.8, zipped.peakMiB, zipped.cpu);
    const bareSpeed = ceiling.bytes / MiB / ceiling.seconds;
    console.log(
      `bare file server ${bareSpeed.toFixed(0).padStart(6)} MiB/s  ${(bareSpeed / rate).toFixed(2)}× SHA-1 ` +
        `(the same files, client and concurrency from a server that only streams them: this machine's ceiling ` +
        `for the raw download; ours reached ${((downloaded.result.bytes / MiB / downloaded.result.seconds / bareSpeed) * 100).toFixed(0)}% of it)`,
    );
  } catch (error) {
    console.error('server exit code', child?.exitCode, child?.signalCode);
    throw error;
  } finally {
    child?.kill('SIGTERM');
    if (child) await new Promise((resolve) => child?.once('exit', resolve));
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
