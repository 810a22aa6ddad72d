import { randomUUID } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { isVersionedFile } from '@waymark/contract';
import { apply, diff } from '@waymark/gpkg-diff';
import { HttpClient, type HttpResponse } from './http-client.ts';
import { sha1 } from './push-helper.ts';

/**
 * A device synchronising a project the way the Mergin Python client (and the QGIS plugin and mobile app built on
 * its protocol) does, step by step through real HTTP: local files in a folder, the server's copy of each
 * GeoPackage as a base file (`.mergin/`), and the project info of the last sync as metadata. Diffs are made and
 * applied with packages/gpkg-diff, as the client does with pygeodiff. Protocol `v1` or `v2` decides which calls
 * push and pull use (reference §5).
 */

export type Protocol = 'v1' | 'v2';
type ServerFile = { path: string; size: number; checksum: string };
type Meta = { id: string; namespace: string; name: string; version: string; files: ServerFile[] };
type Entry = { path: string; checksum: string; size: number; chunks: string[]; diff?: ServerFile };
type Upload = { entry: Entry; bytes: Buffer };

/** Runs tasks with at most `limit` at a time (the client uploads and downloads with 4 threads). */
export async function inParallel<T>(items: T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await run(items[next++] as T);
    }),
  );
}

export class MerginDevice {
  readonly api: HttpClient;
  meta: Meta | undefined;
  /** The chunk size of pushes: the client's is 10 MiB; tests use less to get several chunks per file. */
  chunkSize = 64 * 1024;
  /** The piece size of ranged downloads: the client's is 100 MiB. */
  pieceSize = 50 * 1024;
  /** Called for each chunk before it is sent; may change the bytes (a fault on the way). */
  onChunk: ((bytes: Buffer) => Buffer) | undefined;
  /** Whole files downloaded (pulls of diffs download none). */
  downloads = 0;
  /** Chunk requests sent, and the most sent at the same time. */
  chunkRequests = 0;
  maxParallelChunks = 0;

  constructor(
    readonly url: string,
    readonly dir: string,
    readonly protocol: Protocol,
  ) {
    this.api = new HttpClient(url);
    mkdirSync(path.join(dir, '.mergin'), { recursive: true });
  }

  async login(login: string, password: string): Promise<void> {
    const answer = await this.api.post<{ session: { token: string } }>('/v1/auth/login', { login, password });
    if (answer.status !== 200) throw new Error(`login: ${answer.status}`);
    this.api.bearer = answer.body.session.token;
  }

  file = (relative: string) => path.join(this.dir, relative);
  base = (relative: string) => path.join(this.dir, '.mergin', relative);
  write(relative: string, content: Buffer | string) {
    mkdirSync(path.dirname(this.file(relative)), { recursive: true });
    writeFileSync(this.file(relative), content);
  }
  read = (relative: string) => readFileSync(this.file(relative));
  get version(): string {
    return this.meta?.version ?? 'v0';
  }

  /** Takes the project info (v1 detail or v2 project with files) as the new metadata; base files follow. */
  private remember(
    info: { id: string; version: string; files?: ServerFile[] },
    namespace?: string,
    name?: string,
  ) {
    const files = (info.files ?? []).map(({ path: p, size, checksum }) => ({ path: p, size, checksum }));
    this.meta = {
      id: info.id,
      namespace: namespace ?? this.meta?.namespace ?? '',
      name: name ?? this.meta?.name ?? '',
      version: info.version,
      files,
    };
  }

  /** Downloads a file in ranged pieces, four at a time, as `download_project` does. */
  private async download(relative: string, size: number, version: string, target: string): Promise<void> {
    this.downloads += 1;
    // The client's ranges: piece i is bytes i*(P+1) to i*(P+1)+P, the last one reaching past the end of the file.
    const pieces = Math.max(1, Math.ceil(size / (this.pieceSize + 1)));
    const parts: Buffer[] = new Array<Buffer>(pieces);
    const { namespace, name } = this.meta ?? { namespace: '', name: '' };
    await inParallel([...Array(pieces).keys()], 4, async (index) => {
      const start = index * (this.pieceSize + 1);
      const end = start + this.pieceSize;
      const query = `file=${encodeURIComponent(relative)}&version=${version}&diff=False`;
      const response = await fetch(`${this.url}/v1/project/raw/${namespace}/${name}?${query}`, {
        headers: { Authorization: `Bearer ${this.api.bearer}`, Range: `bytes=${start}-${end}` },
      });
      if (response.status !== 206 && !(response.status === 200 && pieces === 1)) {
        throw new Error(`download ${relative}: ${response.status}`);
      }
      parts[index] = Buffer.from(await response.arrayBuffer());
    });
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, Buffer.concat(parts));
  }

  /** Downloads the latest version of a project into the empty folder. */
  async downloadProject(namespace: string, name: string): Promise<void> {
    const info = await this.api.get<Meta>(`/v1/project/${namespace}/${name}`);
    this.remember(info.body, namespace, name);
    for (const entry of info.body.files) {
      await this.download(entry.path, entry.size, info.body.version, this.file(entry.path));
      if (isVersionedFile(entry.path)) this.keepBase(entry.path);
    }
  }

  private keepBase(relative: string) {
    mkdirSync(path.dirname(this.base(relative)), { recursive: true });
    copyFileSync(this.file(relative), this.base(relative));
  }

  /** Local changes against the metadata; changed GeoPackages go as a diff of the base file when they can. */
  localChanges(): { added: Upload[]; updated: Upload[]; removed: ServerFile[] } {
    const known = new Map((this.meta?.files ?? []).map((entry) => [entry.path, entry]));
    const present = this.listFiles();
    const added: Upload[] = [];
    const updated: Upload[] = [];
    for (const relative of present) {
      const bytes = this.read(relative);
      const was = known.get(relative);
      if (!was) added.push(this.upload({ path: relative, checksum: sha1(bytes), size: bytes.length }, bytes));
      else if (was.checksum !== sha1(bytes)) updated.push(this.updateOf(was, bytes));
    }
    const removed = [...known.values()].filter((entry) => !present.includes(entry.path));
    return { added, updated, removed };
  }

  private updateOf(was: ServerFile, bytes: Buffer): Upload {
    if (isVersionedFile(was.path) && existsSync(this.base(was.path))) {
      const changeset = `${this.base(was.path)}-${randomUUID()}.diff`;
      try {
        const made = diff(this.base(was.path), this.file(was.path), changeset);
        if (made.size > 0) {
          const diffBytes = readFileSync(changeset);
          const diffRef = {
            path: `${was.path}-diff-${randomUUID()}`,
            checksum: sha1(diffBytes),
            size: diffBytes.length,
          };
          // The entry names the server's base file; the chunks carry the changeset only.
          return this.upload(
            { path: was.path, checksum: was.checksum, size: bytes.length, diff: diffRef },
            diffBytes,
          );
        }
      } catch {
        // A schema change: a forced whole-file update.
      } finally {
        rmSync(changeset, { force: true });
      }
    }
    return this.upload({ path: was.path, checksum: sha1(bytes), size: bytes.length }, bytes);
  }

  private upload(entry: Omit<Entry, 'chunks'>, bytes: Buffer): Upload {
    const count = Math.max(1, Math.ceil(bytes.length / this.chunkSize));
    return { entry: { ...entry, chunks: Array.from({ length: count }, () => randomUUID()) }, bytes };
  }

  private listFiles(sub = ''): string[] {
    return readdirSync(path.join(this.dir, sub)).flatMap((name) => {
      if (sub === '' && name === '.mergin') return [];
      const relative = sub ? `${sub}/${name}` : name;
      return statSync(this.file(relative)).isDirectory() ? this.listFiles(relative) : [relative];
    });
  }

  private chunkBytes(upload: Upload, index: number): Buffer {
    return upload.bytes.subarray(index * this.chunkSize, (index + 1) * this.chunkSize);
  }

  private async sendChunk(send: () => Promise<void>) {
    this.chunkRequests += 1;
    const running = this.chunkRequests - this.finishedChunks;
    this.maxParallelChunks = Math.max(this.maxParallelChunks, running);
    try {
      await send();
    } finally {
      this.finishedChunks += 1;
    }
  }
  private finishedChunks = 0;

  /** Pushes the local changes; answers the final (or first failing) response of the server. */
  async push(): Promise<HttpResponse> {
    const changes = this.localChanges();
    const body = {
      version: this.version,
      changes: {
        added: changes.added.map((u) => u.entry),
        updated: changes.updated.map((u) => u.entry),
        removed: changes.removed,
      },
    };
    const uploads = [...changes.added, ...changes.updated];
    const chunks = uploads.flatMap((upload) =>
      upload.entry.chunks.map((id, index) => ({ upload, id, index })),
    );
    const answer = this.protocol === 'v1' ? await this.pushV1(body, chunks) : await this.pushV2(body, chunks);
    if (answer.status === 200 || answer.status === 201) {
      this.remember(answer.body as Meta);
      for (const upload of uploads) if (isVersionedFile(upload.entry.path)) this.keepBase(upload.entry.path);
      for (const gone of changes.removed) rmSync(this.base(gone.path), { force: true });
    }
    return answer;
  }

  private async pushV1(body: object, chunks: Array<{ upload: Upload; id: string; index: number }>) {
    const { namespace, name } = this.meta ?? { namespace: '', name: '' };
    const started = await this.api.post<{ transaction?: string }>(
      `/v1/project/push/${namespace}/${name}`,
      body,
    );
    if (started.status !== 200 || !started.body.transaction) return started;
    const transaction = started.body.transaction;
    let mismatch = false;
    await inParallel(chunks, 4, ({ upload, id, index }) =>
      this.sendChunk(async () => {
        const local = this.chunkBytes(upload, index);
        const sent = this.onChunk ? this.onChunk(local) : local;
        const answer = await this.api.post<{ checksum: string; size: number }>(
          `/v1/project/push/chunk/${transaction}/${id}`,
          new Uint8Array(sent),
        );
        if (
          answer.status !== 200 ||
          answer.body.checksum !== sha1(local) ||
          answer.body.size !== local.length
        ) {
          mismatch = true;
        }
      }),
    );
    if (mismatch) {
      // As the client: a chunk the server did not get right cancels the transaction.
      await this.api.post(`/v1/project/push/cancel/${transaction}`);
      return { status: 0, body: { detail: 'chunk mismatch: transaction cancelled' }, headers: new Headers() };
    }
    return this.api.post(`/v1/project/push/finish/${transaction}`);
  }

  private async pushV2(
    body: { changes: { added: Entry[]; updated: Entry[] } },
    chunks: Array<{ upload: Upload; id: string; index: number }>,
  ) {
    const id = this.meta?.id ?? '';
    const check = await this.api.post(`/v2/projects/${id}/versions`, { ...body, check_only: true });
    if (check.status !== 204) return check;
    const serverIds = new Map<string, string>();
    await inParallel(chunks, 4, ({ upload, id: local, index }) =>
      this.sendChunk(async () => {
        const bytes = this.chunkBytes(upload, index);
        const answer = await this.api.post<{ id: string }>(
          `/v2/projects/${id}/chunks`,
          new Uint8Array(bytes),
        );
        if (answer.status !== 200) throw new Error(`chunk: ${answer.status}`);
        serverIds.set(local, answer.body.id);
      }),
    );
    const withServerIds = (entry: Entry) => ({
      ...entry,
      chunks: entry.chunks.map((c) => serverIds.get(c) ?? c),
    });
    return this.api.post(`/v2/projects/${id}/versions`, {
      ...body,
      changes: {
        ...body.changes,
        added: body.changes.added.map(withServerIds),
        updated: body.changes.updated.map(withServerIds),
      },
    });
  }

  /** Pulls the server's changes: diffs applied to base files (local edits rebased on them), the rest downloaded. */
  async pull(): Promise<void> {
    const plan = this.protocol === 'v1' ? await this.pullPlanV1() : await this.pullPlanV2();
    for (const item of plan.items) {
      if (item.change === 'delete') {
        rmSync(this.file(item.path), { force: true });
        rmSync(this.base(item.path), { force: true });
      } else if (item.diffs.length > 0 && existsSync(this.base(item.path))) {
        this.applyServerDiffs(
          item.path,
          await Promise.all(item.diffs.map((d) => this.fetchDiff(item.path, d))),
        );
      } else {
        await this.download(item.path, item.size, plan.version, this.file(item.path));
        if (isVersionedFile(item.path)) this.keepBase(item.path);
      }
    }
    this.remember(plan.info);
  }

  private async pullPlanV1() {
    const { namespace, name } = this.meta ?? { namespace: '', name: '' };
    type FileWithHistory = ServerFile & { history?: Record<string, { diff?: ServerFile }> };
    const answer = await this.api.get<Omit<Meta, 'files'> & { files: FileWithHistory[] }>(
      `/v1/project/${namespace}/${name}?since=${this.version}`,
    );
    const info = answer.body;
    const local = Number(this.version.slice(1));
    const known = new Map((this.meta?.files ?? []).map((entry) => [entry.path, entry]));
    const items = info.files.flatMap((entry: FileWithHistory) => {
      const was = known.get(entry.path);
      if (was?.checksum === entry.checksum) return [];
      const history = Object.entries(entry.history ?? {})
        .map(([v, item]) => ({ version: Number(v.slice(1)), diff: item.diff }))
        .filter((item) => item.version > local)
        .sort((a, b) => a.version - b.version);
      const all = was && history.every((item) => item.diff);
      const diffs = all
        ? history.map((item) => ({ id: item.diff?.path ?? '', version: `v${item.version}` }))
        : [];
      return [{ path: entry.path, size: entry.size, change: was ? 'update' : 'create', diffs }];
    });
    const gone = [...known.keys()].filter((p) => !info.files.some((entry) => entry.path === p));
    items.push(...gone.map((p) => ({ path: p, size: 0, change: 'delete', diffs: [] })));
    return { version: info.version, info, items };
  }

  private async pullPlanV2() {
    const id = this.meta?.id ?? '';
    type Item = { path: string; size: number; change: string; diffs?: Array<{ id: string }> };
    const delta = (
      await this.api.get<{ to_version: string; items: Item[] }>(
        `/v2/projects/${id}/delta?since=${this.version}`,
      )
    ).body;
    const info = (await this.api.get<Meta>(`/v2/projects/${id}?files_at_version=${delta.to_version}`)).body;
    const items = delta.items.map((item) => ({
      ...item,
      diffs: item.change === 'update_diff' ? (item.diffs ?? []).map((d) => ({ id: d.id, version: '' })) : [],
    }));
    return { version: delta.to_version, info, items };
  }

  private async fetchDiff(relative: string, ref: { id: string; version: string }): Promise<Buffer> {
    const { namespace, name, id } = this.meta ?? { namespace: '', name: '', id: '' };
    const url =
      this.protocol === 'v1'
        ? `/v1/project/raw/${namespace}/${name}?file=${encodeURIComponent(relative)}&version=${ref.version}&diff=True`
        : `/v2/projects/${id}/raw/diff?file=${encodeURIComponent(ref.id)}`;
    const response = await fetch(`${this.url}${url}`, {
      headers: { Authorization: `Bearer ${this.api.bearer}` },
    });
    if (response.status !== 200) throw new Error(`diff ${ref.id}: ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }

  /** Applies the server's diffs to the base file; local edits (a diff of the old base) go on top of the result. */
  private applyServerDiffs(relative: string, diffs: Buffer[]) {
    const work = (suffix: string) => `${this.base(relative)}.${suffix}`;
    const localChanged = sha1(this.read(relative)) !== sha1(readFileSync(this.base(relative)));
    if (localChanged) diff(this.base(relative), this.file(relative), work('local.diff'));
    for (const [index, bytes] of diffs.entries()) {
      writeFileSync(work(`server-${index}.diff`), bytes);
      rmSync(work('next'), { force: true });
      apply(this.base(relative), work(`server-${index}.diff`), work('next'));
      copyFileSync(work('next'), this.base(relative));
    }
    rmSync(this.file(relative), { force: true });
    if (localChanged) apply(this.base(relative), work('local.diff'), this.file(relative));
    else copyFileSync(this.base(relative), this.file(relative));
    for (const suffix of ['local.diff', 'next', ...diffs.map((_, i) => `server-${i}.diff`)]) {
      rmSync(work(suffix), { force: true });
    }
  }

  /** SHA-1 of the base file of a GeoPackage (what the device believes the server holds). */
  baseChecksum = (relative: string) => sha1(readFileSync(this.base(relative)));
}
