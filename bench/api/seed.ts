/**
 * The bench database's data, written with a handful of set-based SQL statements (generate_series), so 10,000
 * projects take seconds. The schema comes from the server's own migrations.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

export const BENCH_USER = 'bench';
export const BENCH_PASSWORD = 'Bench-pass1';
export const WORKSPACES = 40;
export const PROJECTS = 10_000;
export const OWNERS = 100;
/** Users without workspaces or projects: the users table of a server this size is not small. */
export const OTHER_USERS = 2_000;
export const BIG_PROJECT = { namespace: 'ws-01', name: 'big-project', files: 500 } as const;
/** Project names are `<word>-<n>`: searching one word matches about 1 in WORDS.length projects. */
// prettier-ignore
export const WORDS = [
  'river', 'forest', 'survey', 'parcel', 'road', 'lake', 'field', 'trail', 'bridge', 'canal', 'meadow',
  'quarry', 'orchard', 'harbour', 'valley', 'ridge', 'marsh', 'dune', 'glacier', 'delta', 'grove', 'mill', 'weir',
] as const;
export const SEARCH_WORD = 'forest';

export type SeedSummary = { projects: number; visibleToBench: number; searchHits: number };

const sha = (algorithm: 'sha1' | 'sha256', text: string) => createHash(algorithm).update(text).digest('hex');

/**
 * Fills a freshly migrated database:
 * - `bench` (the measured caller, password BENCH_PASSWORD), OWNERS users and OTHER_USERS more, without passwords;
 * - WORKSPACES workspaces `ws-00`…, each owned by one of the owners; `bench` is an editor of `ws-01` and a guest
 *   of `ws-02` (guests see only projects shared with them);
 * - PROJECTS projects spread over the workspaces, each with its creator as owner, versions v0 and v1 and three
 *   files in v1; one in 50 is public; `bench` is a reader of one in 97 of them (some in `ws-02`);
 * - `ws-01/big-project` with BIG_PROJECT.files files in its v1.
 * File rows point at blob rows; no bytes are written (the measured calls never read them).
 */
export async function seed(url: string, passwordHash: string): Promise<SeedSummary> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO users (username, email, password_hash, verified_email)
       VALUES ($1, $2, $3, true)`,
      [BENCH_USER, 'bench@example.com', passwordHash],
    );
    await client.query(
      `INSERT INTO users (username, email)
       SELECT 'owner-' || lpad(n::text, 3, '0'), 'owner-' || n || '@example.com' FROM generate_series(0, $1 - 1) n`,
      [OWNERS],
    );
    await client.query(
      `INSERT INTO users (username, email)
       SELECT 'user-' || n, 'user-' || n || '@example.com' FROM generate_series(1, $1) n`,
      [OTHER_USERS],
    );
    await client.query(
      `INSERT INTO workspaces (name, storage)
       SELECT 'ws-' || lpad(n::text, 2, '0'), 100 * 1024::bigint ^ 3 FROM generate_series(0, $1 - 1) n`,
      [WORKSPACES],
    );
    await client.query(
      `INSERT INTO workspace_members (workspace_id, user_id, role)
       SELECT w.id, u.id, 'owner' FROM workspaces w
       JOIN users u ON u.username = 'owner-' || lpad(substr(w.name, 4), 3, '0')`,
    );
    await client.query(
      `INSERT INTO workspace_members (workspace_id, user_id, role)
       SELECT w.id, u.id, r.role::workspace_role FROM users u,
         (VALUES ('ws-01', 'editor'), ('ws-02', 'guest')) AS r(ws, role)
       JOIN workspaces w ON w.name = r.ws
       WHERE u.username = $1`,
      [BENCH_USER],
    );
    // Project n lives in workspace n % WORKSPACES; updated times are spread so the sort has work to do.
    await client.query(
      `INSERT INTO projects (workspace_id, name, public, latest_version, disk_usage, creator_id, created_at, updated_at)
       SELECT w.id, ($2::text[])[1 + n % array_length($2::text[], 1)] || '-' || n, n % 50 = 7, 1, 3 * 1024,
              u.id, now() - interval '400 days' + n * interval '1 minute',
              now() - ((n * 7919) % $1) * interval '1 minute'
       FROM generate_series(0, $1 - 1) n
       JOIN workspaces w ON w.name = 'ws-' || lpad((n % $3)::text, 2, '0')
       JOIN users u ON u.username = 'owner-' || lpad((n % $3)::text, 3, '0')`,
      [PROJECTS, WORDS, WORKSPACES],
    );
    await client.query(
      `INSERT INTO project_members (project_id, user_id, role)
       SELECT id, creator_id, 'owner' FROM projects`,
    );
    await client.query(
      `INSERT INTO project_members (project_id, user_id, role)
       SELECT p.id, u.id, 'reader' FROM projects p, users u
       WHERE u.username = $1 AND (substring(p.name from '[0-9]+$'))::int % 97 = 5`,
      [BENCH_USER],
    );
    await client.query(
      `INSERT INTO project_versions (project_id, number, author_id, project_size, added)
       SELECT id, v, creator_id, CASE v WHEN 0 THEN 0 ELSE 3 * 1024 END, CASE v WHEN 0 THEN 0 ELSE 3 END
       FROM projects, generate_series(0, 1) v`,
    );
    const blobRows = Array.from({ length: BIG_PROJECT.files + 3 }, (_, i) => sha('sha256', `blob-${i}`));
    await client.query(`INSERT INTO blobs (sha256, size) SELECT unnest($1::text[]), 1024`, [blobRows]);
    const commonFiles = ['project.qgz', 'data/survey.gpkg', 'photos/site.jpg'];
    await client.query(
      `INSERT INTO file_history (project_id, version_id, version_number, path, change, size, checksum, blob_sha256)
       SELECT v.project_id, v.id, 1, f.path, 'create', 1024, f.sha1, f.sha256
       FROM project_versions v, unnest($1::text[], $2::text[], $3::text[]) AS f(path, sha1, sha256)
       WHERE v.number = 1`,
      [commonFiles, commonFiles.map((p) => sha('sha1', p)), blobRows.slice(0, 3)],
    );

    const big = await client.query<{ id: string }>(
      `INSERT INTO projects (workspace_id, name, latest_version, disk_usage, creator_id)
       SELECT w.id, $2, 1, $3 * 1024, u.id FROM workspaces w, users u
       WHERE w.name = $1 AND u.username = 'owner-001'
       RETURNING id`,
      [BIG_PROJECT.namespace, BIG_PROJECT.name, BIG_PROJECT.files],
    );
    const bigId = big.rows[0]?.id;
    if (!bigId) throw new Error('big project not created');
    await client.query(
      `INSERT INTO project_members (project_id, user_id, role)
       SELECT $1, id, 'owner' FROM users WHERE username = 'owner-001'`,
      [bigId],
    );
    await client.query(
      `INSERT INTO project_versions (project_id, number, project_size, added)
       VALUES ($1, 0, 0, 0), ($1, 1, $2 * 1024, $2)`,
      [bigId, BIG_PROJECT.files],
    );
    const bigPaths = Array.from(
      { length: BIG_PROJECT.files },
      (_, i) =>
        `survey/${String(Math.floor(i / 50)).padStart(2, '0')}/record-${String(i).padStart(4, '0')}.jpg`,
    );
    await client.query(
      `INSERT INTO file_history (project_id, version_id, version_number, path, change, size, checksum, blob_sha256)
       SELECT $1, v.id, 1, f.path, 'create', 1024, f.sha1, f.sha256
       FROM project_versions v, unnest($2::text[], $3::text[], $4::text[]) AS f(path, sha1, sha256)
       WHERE v.project_id = $1 AND v.number = 1`,
      [bigId, bigPaths, bigPaths.map((p) => sha('sha1', p)), blobRows.slice(3)],
    );
    await client.query(
      `INSERT INTO project_files (project_id, path, history_id, size, checksum, blob_sha256, mtime)
       SELECT h.project_id, h.path, h.id, h.size, h.checksum, h.blob_sha256, h.created_at FROM file_history h`,
    );
    await client.query('COMMIT');
    // VACUUM as autovacuum would soon after such a load (this machine's PostgreSQL runs without it): index-only
    // scans (the list's page) read the visibility map it sets, and would fetch every row without it.
    await client.query('VACUUM ANALYZE');

    const [visible] = (
      await client.query<{ all: number; hits: number }>(
        `SELECT count(*)::int AS all, count(*) FILTER (WHERE p.name ILIKE '%' || $2 || '%')::int AS hits
         FROM projects p, users u WHERE u.username = $1 AND (
           p.public
           OR EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = p.id AND m.user_id = u.id)
           OR EXISTS (SELECT 1 FROM workspace_members m
                      WHERE m.workspace_id = p.workspace_id AND m.user_id = u.id AND m.role <> 'guest'))`,
        [BENCH_USER, SEARCH_WORD],
      )
    ).rows;
    const [total] = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM projects')).rows;
    return { projects: total?.n ?? 0, visibleToBench: visible?.all ?? 0, searchHits: visible?.hits ?? 0 };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
