import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { manualClock, startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

type ListBody = {
  projects: Array<{
    name: string;
    namespace: string;
    disk_usage: number;
    has_conflict: boolean;
    tags: string[];
  }>;
  count: number;
};

let server: TestServer;
const clock = manualClock();
let wanda: HttpClient;
let victor: HttpClient;
let reader: HttpClient;
let anonymous: HttpClient;

/** wanda owns 6 projects in her workspace (2 public) and 1 in "Team"; victor owns 1 private project. */
beforeAll(async () => {
  server = await startTestServer({}, { clock });
  for (const username of ['wanda', 'victor', 'rita']) await server.createUser({ username });
  await server.context.workspaces.create({ name: 'Team' });
  await server.context.workspaces.addMember({ workspace: 'Team', login: 'wanda', role: 'admin' });
  await server.context.workspaces.addMember({ workspace: 'Team', login: 'rita', role: 'reader' });

  const specs: Array<[string, string, boolean, Array<{ path: string; content: string }>]> = [
    ['wanda', 'alpha', false, [{ path: 'big.bin', content: 'x'.repeat(300) }]],
    ['wanda', 'Beta_100', true, [{ path: 'a.gpkg', content: 'y'.repeat(100) }]],
    ['wanda', 'gamma', false, [{ path: 'survey (conflicted copy, rita v3).gpkg', content: 'z' }]],
    ['wanda', 'delta', true, [{ path: 'project.qgz', content: 'q'.repeat(50) }]],
    ['wanda', 'epsilon', false, []],
    ['wanda', 'zeta', false, []],
    ['Team', 'team-map', false, [{ path: 't.txt', content: 't'.repeat(10) }]],
    ['victor', 'secret', false, []],
  ];
  for (const [namespace, name, isPublic, files] of specs) {
    const ownerName = namespace === 'Team' ? 'wanda' : namespace;
    const project = await server.createProject(ownerName, namespace, name, { isPublic });
    if (files.length > 0) await server.seedFiles(project.id, files);
    // Distinct update times, oldest first, so "updated" sorting has a known answer.
    await server.repos.projects.update(project.id, {
      updatedAt: new Date(Date.UTC(2026, 0, 1 + specs.findIndex((s) => s[1] === name))),
    });
  }
  wanda = new HttpClient(server.url);
  await wanda.login('wanda', TEST_PASSWORD);
  victor = new HttpClient(server.url);
  await victor.login('victor', TEST_PASSWORD);
  reader = new HttpClient(server.url);
  await reader.login('rita', TEST_PASSWORD);
  anonymous = new HttpClient(server.url);
});
afterAll(() => server.close());

const names = (body: ListBody) => body.projects.map((p) => p.name);
const list = async (client: HttpClient, query: string) =>
  (await client.get<ListBody>(`/v1/project/paginated?${query}`)).body;

describe('visibility', () => {
  it('shows anonymous visitors public projects only, in rows and in the count', async () => {
    const body = await list(anonymous, 'per_page=100&order_params=name_asc');
    expect(names(body)).toEqual(['Beta_100', 'delta']);
    expect(body.count).toBe(2);
  });

  it('shows strangers public projects and their own, never other private ones', async () => {
    const body = await list(victor, 'per_page=100&order_params=name_asc');
    expect(names(body)).toEqual(['Beta_100', 'delta', 'secret']);
    expect(body.count).toBe(3);
    const onlyMine = await list(victor, 'per_page=100&public=false');
    expect(names(onlyMine)).toEqual(['secret']);
  });

  it('shows workspace readers the projects of that workspace, and members everything they may read', async () => {
    expect(names(await list(reader, 'per_page=100&public=false'))).toEqual(['team-map']);
    expect((await list(wanda, 'per_page=100')).count).toBe(7);
  });

  it('counts only visible projects in the workspace project_count', async () => {
    await server.context.workspaces.addMember({ workspace: 'wanda', login: 'victor', role: 'guest' });
    const counts = (await victor.get<Array<{ name: string; project_count: number }>>('/v1/workspaces')).body;
    // Two of wanda's six projects are public; the four private ones do not count for a guest.
    expect(counts.find((w) => w.name === 'wanda')?.project_count).toBe(2);
    const wandaCounts = (await wanda.get<Array<{ name: string; project_count: number }>>('/v1/workspaces'))
      .body;
    expect(wandaCounts.find((w) => w.name === 'wanda')?.project_count).toBe(6);
  });

  it('gives superusers every live project', async () => {
    await server.createUser({ username: 'super', isAdmin: true });
    const admin = new HttpClient(server.url);
    await admin.login('super', TEST_PASSWORD);
    expect((await list(admin, 'per_page=100')).count).toBe(8);
  });
});

describe('filters', () => {
  it('searches names case-insensitively, taking % and _ literally', async () => {
    expect(names(await list(wanda, 'name=ALP'))).toEqual(['alpha']);
    expect(names(await list(wanda, 'name=a_1'))).toEqual(['Beta_100']);
    // As wildcards, `_` and `%` would match "alpha" and everything.
    expect((await list(wanda, 'name=a_p')).count).toBe(0);
    expect((await list(wanda, 'name=%25')).count).toBe(0);
    expect(names(await list(wanda, 'name=%20%20alpha%20'))).toEqual(['alpha']);
  });

  it('filters by namespace and only_namespace', async () => {
    expect(names(await list(wanda, 'only_namespace=Team'))).toEqual(['team-map']);
    expect(names(await list(wanda, 'namespace=team'))).toEqual(['team-map']);
    expect((await list(wanda, 'only_namespace=wanda')).count).toBe(6);
  });

  it('only_public=true lists public projects even for their members', async () => {
    expect(names(await list(wanda, 'only_public=true&order_params=name_asc'))).toEqual(['Beta_100', 'delta']);
  });

  it('flag=created lists own projects; flag=shared those others shared, never merely public ones', async () => {
    expect((await list(wanda, 'flag=created&per_page=100')).count).toBe(7);
    expect(await list(victor, 'flag=shared&per_page=100')).toEqual({ projects: [], count: 0 });
    const alpha = await server.repos.projects.findByPath('wanda', 'alpha');
    const victorUser = await server.repos.users.findByUsername('victor');
    await server.repos.projects.setMember(alpha?.project.id ?? '', victorUser?.id ?? 0, 'reader');
    try {
      expect(names(await list(victor, 'flag=shared&per_page=100'))).toEqual(['alpha']);
      expect(names(await list(reader, 'flag=shared&per_page=100'))).toEqual(['team-map']);
    } finally {
      await server.repos.projects.removeMember(alpha?.project.id ?? '', victorUser?.id ?? 0);
    }
  });

  it('public=false gives anonymous visitors nothing', async () => {
    expect(await list(anonymous, 'public=false')).toEqual({ projects: [], count: 0 });
  });

  it('reports conflict copies and QGIS tags per row', async () => {
    const rows = (await list(wanda, 'per_page=100')).projects;
    expect(rows.find((p) => p.name === 'gamma')?.has_conflict).toBe(true);
    expect(rows.find((p) => p.name === 'alpha')?.has_conflict).toBe(false);
    expect(rows.find((p) => p.name === 'delta')?.tags).toEqual(['valid_qgis', 'input_use']);
  });
});

describe('sorting', () => {
  it('defaults to updated, newest first', async () => {
    expect(names(await list(wanda, 'per_page=3'))).toEqual(['team-map', 'zeta', 'epsilon']);
  });

  it('sorts by every field of the sort menu', async () => {
    const all = 'per_page=100&only_namespace=wanda';
    expect(names(await list(wanda, `${all}&order_params=name_asc`))).toEqual([
      'alpha',
      'Beta_100',
      'delta',
      'epsilon',
      'gamma',
      'zeta',
    ]);
    expect(names(await list(wanda, `${all}&order_params=name_desc`))[0]).toBe('zeta');
    expect(names(await list(wanda, `${all}&order_params=updated_desc`))[0]).toBe('zeta');
    expect(names(await list(wanda, `${all}&order_params=updated_asc`))[0]).toBe('alpha');
    expect(names(await list(wanda, `${all}&order_params=disk_usage_desc,name_asc`))).toEqual([
      'alpha',
      'Beta_100',
      'delta',
      'gamma',
      'epsilon',
      'zeta',
    ]);
    expect(names(await list(wanda, `${all}&order_params=meta.size_asc,name_asc`)).slice(0, 2)).toEqual([
      'epsilon',
      'zeta',
    ]);
  });

  it('sorts by namespace and ignores unknown fields', async () => {
    const byOwner = names(await list(wanda, 'per_page=100&order_params=namespace_asc,name_asc'));
    expect(byOwner[0]).toBe('team-map');
    expect((await list(wanda, 'order_params=bogus_desc')).count).toBe(7);
  });
});

describe('pagination', () => {
  it('pages with per_page and keeps the total count', async () => {
    const first = await list(wanda, 'page=1&per_page=3&order_params=name_asc');
    const third = await list(wanda, 'page=3&per_page=3&order_params=name_asc');
    expect(first.count).toBe(7);
    expect(names(first)).toEqual(['alpha', 'Beta_100', 'delta']);
    expect(names(third)).toEqual(['zeta']);
    const beyond = await list(wanda, 'page=9&per_page=3');
    expect(beyond).toEqual({ projects: [], count: 7 });
  });

  it('refuses bad paging parameters with a 400 and a detail', async () => {
    for (const query of ['page=0', 'per_page=101', 'page=abc', 'flag=mine', 'per_page=0']) {
      const response = await wanda.get<{ detail: string }>(`/v1/project/paginated?${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(typeof response.body.detail).toBe('string');
    }
  });
});

describe('conflict marker and cost', () => {
  it('marks conflict copies only, not every path that mentions a conflict', async () => {
    const notes = await server.createProject('victor', 'victor', 'notes');
    await server.seedFiles(notes.id, [
      { path: 'docs/conflict-resolution.txt', content: 'n' },
      { path: 'survey.gpkg', content: 's' },
    ]);
    const rebased = await server.createProject('victor', 'victor', 'rebased');
    await server.seedFiles(rebased.id, [
      { path: 'survey.gpkg', content: 's' },
      { path: 'survey.gpkg_rebase_conflicts.json', content: '[]' },
    ]);
    const rows = (await list(victor, 'per_page=100')).projects;
    expect(rows.find((p) => p.name === 'notes')?.has_conflict).toBe(false);
    expect(rows.find((p) => p.name === 'rebased')?.has_conflict).toBe(true);
  });

  it('last_updated_in keeps the projects updated within that many days', async () => {
    const day = 24 * 3600 * 1000;
    const mine = (await list(victor, 'flag=created&per_page=100')).projects.map((p) => p.name);
    expect(mine.sort()).toEqual(['notes', 'rebased', 'secret']);
    const ids = await server.repos.projects.findByPaths([
      { workspace: 'victor', name: 'notes' },
      { workspace: 'victor', name: 'rebased' },
    ]);
    for (const { project } of ids) {
      const ago = project.name === 'notes' ? 3 : 10;
      await server.repos.projects.update(project.id, { updatedAt: new Date(Date.now() - ago * day) });
    }
    expect(names(await list(victor, 'flag=created&per_page=100&last_updated_in=5'))).toEqual(['notes']);
    expect(names(await list(victor, 'flag=created&per_page=100&last_updated_in=11'))).toEqual([
      'notes',
      'rebased',
    ]);
  });

  it('answers a page with roles, members, conflict markers and the count in one statement', async () => {
    // After the caller's own lookup (the session): one statement, however many rows the page has.
    for (const query of ['per_page=100', 'per_page=2&order_params=name_asc', 'per_page=100&name=a']) {
      const { result, queries } = await server.countQueries(() => list(wanda, query));
      expect(result.projects.length).toBeGreaterThan(0);
      expect({ query, queries }).toEqual({ query, queries: 2 });
    }
    // A page past the end has no row to carry the count: one more statement counts, for filters not counted before.
    const { result, queries } = await server.countQueries(() => list(wanda, 'page=9&per_page=3&name=alp'));
    expect(result).toEqual({ projects: [], count: 1 });
    expect(queries).toBe(3);
  });

  it('keeps a count until projects, members or workspaces change through the app, or its time is up', async () => {
    const pastEnd = () => server.countQueries(() => list(wanda, 'page=9&per_page=3&name=ta'));
    const first = await pastEnd();
    expect(first).toEqual({ result: { projects: [], count: 3 }, queries: 3 }); // Beta_100, delta, zeta
    // The same filters again: the count is known, the page's statement alone runs.
    expect(await pastEnd()).toEqual({ result: { projects: [], count: 3 }, queries: 2 });

    const added = await server.createProject('wanda', 'wanda', 'theta');
    expect(await pastEnd()).toEqual({ result: { projects: [], count: 4 }, queries: 3 });
    await server.context.workspaces.addMember({ workspace: 'Team', login: 'victor', role: 'reader' });
    expect((await pastEnd()).queries).toBe(3);
    await server.repos.projects.update(added.id, { removedAt: new Date() });
    expect((await pastEnd()).result.count).toBe(3);

    // Below the app (an operator's SQL, another process): seen once the count's time is up.
    expect((await pastEnd()).queries).toBe(2);
    await server.database.executeSql('UPDATE projects SET removed_at = NULL WHERE id = $1', [added.id]);
    clock.advance(server.context.config.cacheTtlMs.listCounts);
    expect((await pastEnd()).result.count).toBe(3);
    clock.advance(1);
    expect((await pastEnd()).result.count).toBe(4);
    await server.repos.projects.update(added.id, { removedAt: new Date() });
  });

  it("gives each row its members' names, ordered case-insensitively, in its access lists", async () => {
    const project = await server.createProject('wanda', 'wanda', 'crew');
    const zelda = await server.createUser({ username: 'Zelda' });
    const abby = await server.createUser({ username: 'abby' });
    await server.repos.projects.setMember(project.id, zelda.id, 'writer');
    await server.repos.projects.setMember(project.id, abby.id, 'reader');
    type Access = { ownersnames: string[]; writersnames: string[]; readersnames: string[] };
    const body = (
      await wanda.get<{ projects: Array<{ name: string; access: Access }> }>(
        '/v1/project/paginated?per_page=100&name=crew',
      )
    ).body;
    const names = ({ ownersnames, writersnames, readersnames }: Access) => ({
      ownersnames,
      writersnames,
      readersnames,
    });
    expect(body.projects.map((p) => [p.name, names(p.access)])).toEqual([
      [
        'crew',
        {
          ownersnames: ['wanda'],
          writersnames: ['wanda', 'Zelda'],
          readersnames: ['abby', 'wanda', 'Zelda'],
        },
      ],
    ]);
    await server.repos.projects.update(project.id, { removedAt: new Date() });
  });
});
