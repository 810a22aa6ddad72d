import yauzl from 'yauzl';
import { createHash, randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';

/**
 * Puts files into a project the way a sync client does, through the real v1 push calls with a Bearer
 * token (reference §3): start with the declared changes, upload each 10 MiB chunk, finish. For journeys
 * that need a project with files before the browser looks at it.
 */

const CHUNK_SIZE = 10 * 1024 * 1024;

export interface LocalFile {
  path: string;
  content: Buffer;
}

interface ProjectAnswer {
  id: string;
  version: string;
  files: { path: string; size: number; checksum: string; mtime: string }[];
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** POST /v1/auth/login: the Bearer token of a user. */
export async function bearerToken(
  request: APIRequestContext,
  login: string,
  password: string,
): Promise<string> {
  const answer = await ok<{ session: { token: string } }>(
    await request.post('/v1/auth/login', { data: { login, password } }),
    'login',
  );
  return answer.session.token;
}

function sha1(content: Buffer): string {
  return createHash('sha1').update(content).digest('hex');
}

/**
 * Pushes `added` files and `removed` paths as one new version of `namespace/name`, from its current
 * version; answers the project at the new version.
 */
export async function pushFiles(
  request: APIRequestContext,
  token: string,
  project: { namespace: string; name: string },
  {
    added = [],
    updated = [],
    removed = [],
  }: { added?: LocalFile[]; updated?: LocalFile[]; removed?: string[] },
): Promise<ProjectAnswer> {
  const headers = { Authorization: `Bearer ${token}` };
  const address = `${encodeURIComponent(project.namespace)}/${encodeURIComponent(project.name)}`;
  const current = await ok<ProjectAnswer>(
    await request.get(`/v1/project/${address}`, { headers }),
    'project',
  );

  const uploads = [...added, ...updated].map((file) => {
    const chunks = Array.from(
      { length: Math.max(1, Math.ceil(file.content.length / CHUNK_SIZE)) },
      (_, index) => ({
        id: randomUUID(),
        data: file.content.subarray(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE),
      }),
    );
    return { file, chunks };
  });
  const declare = ({ file, chunks }: (typeof uploads)[number]) => ({
    path: file.path,
    checksum: sha1(file.content),
    size: file.content.length,
    chunks: chunks.map((chunk) => chunk.id),
  });
  const removedFiles = removed.map((path) => {
    const known = current.files.find((file) => file.path === path);
    if (!known) throw new Error(`${path} is not in the project`);
    return known;
  });

  const start = await ok<{ transaction?: string } & Partial<ProjectAnswer>>(
    await request.post(`/v1/project/push/${address}`, {
      headers,
      data: {
        version: current.version,
        changes: {
          added: uploads.slice(0, added.length).map(declare),
          updated: uploads.slice(added.length).map(declare),
          removed: removedFiles,
        },
      },
    }),
    'push start',
  );
  if (!start.transaction) return start as ProjectAnswer;

  for (const { chunks } of uploads) {
    for (const chunk of chunks) {
      await ok(
        await request.post(`/v1/project/push/chunk/${start.transaction}/${chunk.id}`, {
          headers: { ...headers, 'Content-Type': 'application/octet-stream' },
          data: chunk.data,
        }),
        'push chunk',
      );
    }
  }
  return ok<ProjectAnswer>(
    await request.post(`/v1/project/push/finish/${start.transaction}`, { headers }),
    'push finish',
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small landscape picture (sky, hills, a sun) as an RGB PNG, to preview in the browser. */
export function makePng(width = 240, height = 160): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const hill = height * 0.62 + Math.sin(x / 23) * 12 + Math.cos(x / 41) * 8;
      const sun = (x - width * 0.72) ** 2 + (y - height * 0.28) ** 2 < (height * 0.12) ** 2;
      const [r, g, b] = sun
        ? [253, 186, 72]
        : y > hill
          ? [20 + (y % 7), 120 - Math.round((y - hill) / 2), 90]
          : [125 + Math.round(y / 3), 195 + Math.round(y / 6), 235];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An empty GeoPackage: one 4 KiB SQLite page with the GeoPackage application id, written byte by byte
 * (SQLite file format, "Database header"). Enough for a file the browser must not try to preview.
 */
export function makeGeoPackage(): Buffer {
  const page = Buffer.alloc(4096);
  page.write('SQLite format 3\0', 0, 'latin1');
  page.writeUInt16BE(4096, 16); // page size
  page.writeUInt8(1, 18); // file format write version (legacy)
  page.writeUInt8(1, 19); // read version
  page.writeUInt8(64, 21); // max embedded payload fraction
  page.writeUInt8(32, 22); // min embedded payload fraction
  page.writeUInt8(32, 23); // leaf payload fraction
  page.writeUInt32BE(1, 24); // file change counter
  page.writeUInt32BE(1, 28); // database size in pages
  page.writeUInt32BE(4, 44); // schema format
  page.writeUInt32BE(1, 56); // text encoding UTF-8
  page.writeUInt32BE(0x47504b47, 68); // application id 'GPKG'
  page.writeUInt32BE(1, 92); // version-valid-for
  page.writeUInt32BE(3_040_000, 96); // SQLite version
  page.writeUInt8(0x0d, 100); // the schema table: an empty leaf table b-tree page
  page.writeUInt16BE(4096, 105); // cell content starts at the end of the page
  return page;
}

/** The entries of a zip file: path → uncompressed size. */
export function zipEntries(file: string): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, number>();
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry.uncompressedSize);
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
