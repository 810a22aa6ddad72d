/**
 * The floor of the large-file phases (bench/sync/run.ts): a bare node:http server doing only the work a durable,
 * verified push cannot skip, run as a child process and driven by the same client, so its CPU seconds per GiB are
 * the line the server's are compared with in the same run, under the same load. A v1 chunk
 * (`POST /chunk/<file>/<index>` of 10 MiB) is hashed for its own answer (SHA-1) and written at its offset in its
 * file; the file's SHA-1 and SHA-256 are taken in order (chunks that came early read back from the page cache); a
 * finish (`POST /finish/<file>`) flushes the file (`fdatasync`). The v2 protocol's floor: a chunk
 * (`POST /v2chunk/<file>-<index>`) is written to a file of its own, not hashed (its answer has no checksum, and its
 * file is not known yet); a finish (`POST /v2finish/<file>/<chunk count>`) reads the chunks back in order, hashes
 * them (SHA-1 and SHA-256), writes them into the file and flushes it. A push of bytes the server holds
 * (`POST /held/<file>/<index>`, after a v1 push of the same files): each chunk hashed for its answer and compared
 * with the same range of the file already written, nothing written. `GET /raw/<file>` streams a file in 1 MiB
 * reads. The small-file floor (`POST /small/<name>`, a file of 1–4 KiB in one request): SHA-1 for the answer and
 * SHA-256 for its name, one PostgreSQL round trip (with a database URL as the third argument: what a push cannot do
 * with fewer, the permission asked again), and a durable file: created under a temporary name, written, flushed
 * (`fdatasync`) and renamed; `POST /smallcommit` flushes the folder once for the files before it (a version of
 * them). `GET /backend` answers the database backend's pid, whose CPU counts with the floor's. No routing, no
 * checks: not a server anyone should run.
 */
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, open, rename } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';

const CHUNK = 10 * 1024 * 1024;
const dir = process.argv[2] ?? '.';
const port = Number(process.argv[3]);
const database = process.argv[4] ? new pg.Client({ connectionString: process.argv[4] }) : undefined;
/** The client's statements one after another (a client runs one at a time). */
let statements: Promise<unknown> = Promise.resolve();

type FileState = {
  handle: FileHandle;
  sha1: Hash;
  sha256: Hash;
  next: number;
  early: Map<number, number>;
  busy: boolean;
};
const files = new Map<string, Promise<FileState>>();

/** A file's state, opened once however many of its chunks arrive together. */
function stateOf(name: string): Promise<FileState> {
  let state = files.get(name);
  if (!state) {
    state = open(path.join(dir, name), 'w+').then((handle) => ({
      handle,
      sha1: createHash('sha1'),
      sha256: createHash('sha256'),
      next: 0,
      early: new Map(),
      busy: false,
    }));
    files.set(name, state);
  }
  return state;
}

async function catchUp(state: FileState): Promise<void> {
  if (state.busy) return;
  state.busy = true;
  for (let size = state.early.get(state.next); size !== undefined; size = state.early.get(state.next)) {
    state.early.delete(state.next);
    const buffer = Buffer.allocUnsafe(size);
    await state.handle.read(buffer, 0, size, state.next * CHUNK);
    state.sha1.update(buffer);
    state.sha256.update(buffer);
    state.next += 1;
  }
  state.busy = false;
}

/** A request body written from `position` on, gathered per MiB (`writev`), each piece shown to `observe` first. */
async function receiveInto(
  request: http.IncomingMessage,
  handle: FileHandle,
  position: number,
  observe: (piece: Buffer) => void,
): Promise<number> {
  let at = position;
  let size = 0;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  const flush = async () => {
    let left = batch;
    batch = [];
    batchBytes = 0;
    while (left.length > 0) {
      const { bytesWritten } = await handle.writev(left, at);
      at += bytesWritten;
      let skip = bytesWritten;
      const rest = [];
      for (const piece of left) {
        if (skip >= piece.length) skip -= piece.length;
        else {
          rest.push(piece.subarray(skip));
          skip = 0;
        }
      }
      left = rest;
    }
  };
  for await (const piece of request as AsyncIterable<Buffer>) {
    observe(piece);
    batch.push(piece);
    batchBytes += piece.length;
    size += piece.length;
    if (batchBytes >= 1024 * 1024) await flush();
  }
  await flush();
  return size;
}

/** The v2 finish: the chunks read back in order (two buffers: one read while the other is written), hashed, written. */
async function assemble(name: string, count: number): Promise<{ sha1: string; sha256: string }> {
  const output = await open(path.join(dir, name), 'w');
  const sha1 = createHash('sha1');
  const sha256 = createHash('sha256');
  const buffers = [Buffer.allocUnsafeSlow(1024 * 1024), Buffer.allocUnsafeSlow(1024 * 1024)];
  let turn = 0;
  let at = 0;
  let writing: Promise<unknown> = Promise.resolve();
  for (let chunk = 0; chunk < count; chunk += 1) {
    const input = await open(path.join(dir, `chunk-${name}-${chunk}`), 'r');
    for (;;) {
      const buffer = buffers[turn % 2] ?? Buffer.alloc(0);
      turn += 1;
      const { bytesRead } = await input.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      const piece = buffer.subarray(0, bytesRead);
      sha1.update(piece);
      sha256.update(piece);
      await writing;
      writing = output.write(piece, 0, bytesRead, at);
      at += bytesRead;
    }
    await input.close();
  }
  await writing;
  await output.datasync();
  await output.close();
  return { sha1: sha1.digest('hex'), sha256: sha256.digest('hex') };
}

/** One small file: read whole, hashed, one database round trip, written durably under its name. */
async function small(request: http.IncomingMessage, name: string): Promise<string> {
  const pieces: Buffer[] = [];
  for await (const piece of request as AsyncIterable<Buffer>) pieces.push(piece);
  const bytes = Buffer.concat(pieces);
  const sha1 = createHash('sha1').update(bytes).digest('hex');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (database) {
    const statement = statements.then(() =>
      database.query({ name: 'floor', text: 'SELECT $1::text AS id', values: [name] }),
    );
    statements = statement.catch(() => undefined);
    await statement;
  }
  const partial = path.join(dir, `${name}.part`);
  const handle = await open(partial, 'wx');
  await handle.write(bytes, 0, bytes.length, 0);
  await handle.datasync();
  await handle.close();
  await rename(partial, path.join(dir, sha256));
  return JSON.stringify({ checksum: sha1, size: bytes.length });
}

async function answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const [, kind, name = '', index = '0'] = (request.url ?? '').split('/');
  if (kind === 'small') {
    response.end(await small(request, name));
    return;
  }
  if (kind === 'smallcommit') {
    const folder = await open(dir, 'r');
    await folder.sync();
    await folder.close();
    response.end('{}');
    return;
  }
  if (kind === 'backend') {
    const row = await database?.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    response.end(JSON.stringify({ pid: row?.rows[0]?.pid ?? 0 }));
    return;
  }
  if (kind === 'raw') {
    createReadStream(path.join(dir, name), { highWaterMark: 1024 * 1024 }).pipe(response);
    return;
  }
  if (kind === 'v2chunk') {
    const handle = await open(path.join(dir, `chunk-${name}`), 'w');
    const size = await receiveInto(request, handle, 0, () => undefined);
    await handle.close();
    response.end(JSON.stringify({ size }));
    return;
  }
  if (kind === 'held') {
    const stored = await open(path.join(dir, name), 'r');
    const sha1 = createHash('sha1');
    let at = Number(index) * CHUNK;
    let size = 0;
    let same = true;
    try {
      for await (const piece of request as AsyncIterable<Buffer>) {
        sha1.update(piece);
        const { buffer } = await stored.read(Buffer.allocUnsafe(piece.length), 0, piece.length, at);
        same &&= buffer.equals(piece);
        at += piece.length;
        size += piece.length;
      }
    } finally {
      await stored.close();
    }
    if (!same) throw new Error(`held chunk ${name}/${index} differs`);
    response.end(JSON.stringify({ checksum: sha1.digest('hex'), size }));
    return;
  }
  if (kind === 'v2finish') {
    response.end(JSON.stringify(await assemble(name, Number(index))));
    return;
  }
  const state = await stateOf(name);
  if (kind === 'finish') {
    await catchUp(state);
    await state.handle.datasync();
    await state.handle.close();
    files.delete(name);
    response.end(JSON.stringify({ sha1: state.sha1.digest('hex'), sha256: state.sha256.digest('hex') }));
    return;
  }
  const chunk = Number(index);
  const inOrder = chunk === state.next && !state.busy;
  if (inOrder) state.busy = true;
  const sha1 = createHash('sha1');
  const size = await receiveInto(request, state.handle, chunk * CHUNK, (piece) => {
    sha1.update(piece);
    if (inOrder) {
      state.sha1.update(piece);
      state.sha256.update(piece);
    }
  });
  if (inOrder) {
    state.next += 1;
    state.busy = false;
  } else state.early.set(chunk, size);
  await catchUp(state);
  response.end(JSON.stringify({ checksum: sha1.digest('hex'), size }));
}

const server = http.createServer((request, response) => {
  answer(request, response).catch((error: unknown) => {
    response.statusCode = 500;
    response.end(String(error));
  });
});
await database?.connect();
server.listen(port, '127.0.0.1', () => console.log('ready'));
