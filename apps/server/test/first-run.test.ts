import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChildServer } from './child-server.ts';
import { HttpClient } from './http-client.ts';
import { databaseUrl, dropDatabase } from './postgres-admin.ts';
import { push } from './push-helper.ts';

/**
 * The first run, as `npm start` makes it for a newcomer: the compiled server on an EMPTY data folder with the
 * default database (the embedded PGlite) creates and migrates its database and then serves, in one process.
 * Every other suite opens a database migrated before the server opened it (the test template), so only this one
 * sees what the process learnt of the database before its migrations created the types (PGlite learns the
 * array types when it opens: an enum array sent before it learns them again arrives as 'malformed array
 * literal'). The writes that carry the schema's enums (project and workspace roles, file changes, changeset
 * states) must work at once, without a restart. The PostgreSQL run starts on an empty PostgreSQL database.
 */

const postgresUrl = process.env.WAYMARK_TEST_POSTGRES_URL;
const PASSWORD = 'First-run-1';
const USERS = ['rita', 'walt', 'eddy', 'olga', 'vivi'] as const;

type Access = Record<'ownersnames' | 'writersnames' | 'editorsnames' | 'readersnames', string[]>;
type ProjectDetail = { id: string; access: Access; role: string; version: string };
type Collaborator = { id: number; username: string; role: string };

describe('the first run on an empty data folder', { timeout: 120_000 }, () => {
  let dataDir: string;
  let server: ChildServer;
  let admin: HttpClient;
  let postgres: string | undefined;
  const userIds = new Map<string, number>();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-first-run-'));
    expect(readdirSync(dataDir)).toEqual([]);
    if (postgresUrl) {
      postgres = `waymark_first_${randomBytes(5).toString('hex')}`;
      const sql = new pg.Client({ connectionString: postgresUrl });
      await sql.connect();
      await sql.query(`CREATE DATABASE ${postgres}`);
      await sql.end();
    }
    // Exactly the settings of a newcomer's `npm start`: no DATABASE_URL means the default, embedded database.
    server = new ChildServer(
      dataDir,
      postgres ? { DATABASE_URL: databaseUrl(postgresUrl ?? '', postgres) } : {},
      { firstStart: true },
    );
    await server.start();
    admin = server.client;
    for (const username of USERS) {
      const created = await admin.post<{ id: number }>('/app/admin/user', {
        username,
        email: `${username}@example.com`,
        password: PASSWORD,
        confirm: PASSWORD,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      userIds.set(username, created.body.id);
    }
    expect((await admin.post('/v1/project/admin', { name: 'survey' })).status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await server?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (postgres) await dropDatabase(postgresUrl ?? '', postgres);
  });

  it.skipIf(postgresUrl)('the server created its own database in the data folder', () => {
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
  });

  it('shares a project by the access lists (PUT /v1/project, the Share dialog call)', async () => {
    const shared = await admin.request<ProjectDetail>('PUT', '/v1/project/admin/survey', {
      access: {
        ownersnames: ['admin'],
        writersnames: ['admin', 'walt'],
        editorsnames: ['admin', 'walt', 'eddy'],
        readersnames: ['admin', 'walt', 'eddy', 'rita'],
      },
    });
    expect(shared.status).toBe(200);
    expect(shared.body.access).toMatchObject({
      ownersnames: ['admin'],
      writersnames: expect.arrayContaining(['admin', 'walt']),
      editorsnames: expect.arrayContaining(['admin', 'walt', 'eddy']),
      readersnames: expect.arrayContaining(['admin', 'walt', 'eddy', 'rita']),
    });

    const rita = new HttpClient(server.url);
    expect((await rita.login('rita', PASSWORD)).status).toBe(200);
    const seen = await rita.get<ProjectDetail>('/v1/project/admin/survey');
    expect(seen.status).toBe(200);
    expect(seen.body.role).toBe('reader');
  });

  it('adds and changes collaborators (v2, the Collaborators tab calls)', async () => {
    const { body: project } = await admin.get<ProjectDetail>('/v1/project/admin/survey');
    const added = await admin.post<Collaborator>(`/v2/projects/${project.id}/collaborators`, {
      user: 'olga',
      role: 'reader',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ username: 'olga', role: 'reader' });
    const changed = await admin.request<Collaborator>(
      'PATCH',
      `/v2/projects/${project.id}/collaborators/${userIds.get('olga')}`,
      { role: 'owner' },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.role).toBe('owner');
    const listed = await admin.get<Collaborator[]>(`/v2/projects/${project.id}/collaborators`);
    expect(listed.body.find((member) => member.username === 'olga')?.role).toBe('owner');
  });

  it('gives workspace roles (admin panel) and pushes files (file changes, changeset states)', async () => {
    const workspace = await admin.post<{ id: number }>('/app/admin/workspaces', {
      name: 'Field Team',
      storage: 1024 ** 3,
    });
    expect(workspace.status).toBe(201);
    const member = await admin.post<{ role: string }>(`/app/admin/workspaces/${workspace.body.id}/members`, {
      username: 'vivi',
      role: 'admin',
    });
    expect(member.status).toBe(201);
    expect(member.body.role).toBe('admin');

    const viv = new HttpClient(server.url);
    expect((await viv.login('vivi', PASSWORD)).status).toBe(200);
    expect((await viv.post('/v1/project/Field%20Team', { name: 'plots' })).status).toBe(200);
    const pushed = await push(viv, 'Field%20Team/plots', {
      version: 'v0',
      added: [{ path: 'notes.txt', content: 'first run' }],
    });
    expect(pushed.status).toBe(200);
    const shared = await viv.request<ProjectDetail>('PUT', '/v1/project/Field%20Team/plots', {
      access: { readersnames: ['rita'] },
    });
    expect(shared.status).toBe(200);
    expect(shared.body.access.readersnames).toContain('rita');
    expect(shared.body.version).toBe('v1');
  });
});
