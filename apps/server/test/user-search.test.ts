import { USER_SEARCH_LIMIT } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

type Suggestion = {
  id: number;
  username: string;
  email: string;
  name: string;
  profile: { first_name: string | null; last_name: string | null };
};

/**
 * GET /app/auth/user/search: the share dialog's suggestions. Matches usernames and e-mails, best matches first,
 * capped, without inactive users or (with project_id) members of the project; only for callers who may share.
 */

let server: TestServer;
let owner: HttpClient;
let admin: HttpClient;
let member: HttpClient;
let stranger: HttpClient;
let projectId: string;
const userIds = new Map<string, number>();

const search = (client: HttpClient, query: string) =>
  client.get<Suggestion[]>(`/app/auth/user/search?${query}`);
const names = (list: Suggestion[]) => list.map((user) => user.username);

beforeAll(async () => {
  server = await startTestServer();
  const people: Array<[string, string]> = [
    ['owner1', 'owner1@example.com'],
    ['teamadmin', 'teamadmin@example.com'],
    ['member1', 'member1@example.com'],
    ['stranger1', 'stranger1@example.com'],
    ['anna', 'anna@field.org'],
    ['annabel', 'bel@example.com'],
    ['joanna', 'jo@example.com'],
    ['maria.anna', 'maria@example.com'],
    ['zedd', 'zedd.anna@example.com'],
    ['anna-gone', 'gone@example.com'],
  ];
  for (const [username, email] of people) {
    userIds.set(username, (await server.createUser({ username, email })).id);
  }
  for (let i = 0; i < 12; i += 1) await server.createUser({ username: `bulk${String(i).padStart(2, '0')}` });
  await server.repos.users.update(userIds.get('annabel') ?? 0, { firstName: 'Anna', lastName: 'Bell' });
  await server.repos.users.update(userIds.get('anna-gone') ?? 0, { active: false });

  await server.context.workspaces.create({ name: 'crew' });
  await server.context.workspaces.addMember({ workspace: 'crew', login: 'teamadmin', role: 'admin' });
  await server.context.workspaces.addMember({ workspace: 'crew', login: 'member1', role: 'writer' });
  projectId = (await server.createProject('teamadmin', 'crew', 'survey')).id;
  await server.repos.projects.setMember(projectId, userIds.get('owner1') ?? 0, 'owner');
  await server.repos.projects.setMember(projectId, userIds.get('joanna') ?? 0, 'reader');

  const login = async (username: string) => {
    const client = new HttpClient(server.url);
    await client.login(username, TEST_PASSWORD);
    return client;
  };
  owner = await login('owner1');
  admin = await login('teamadmin');
  member = await login('member1');
  stranger = await login('stranger1');
});
afterAll(() => server.close());

describe('GET /app/auth/user/search', () => {
  it('matches usernames and e-mails: exact, then at the start, at a word start, anywhere', async () => {
    const { status, body } = await search(owner, 'namespace=crew&like=ANNA');
    expect(status).toBe(200);
    expect(names(body)).toEqual(['anna', 'annabel', 'maria.anna', 'zedd', 'joanna']);
    expect(body[1]).toEqual({
      id: userIds.get('annabel'),
      username: 'annabel',
      email: 'bel@example.com',
      name: 'Anna Bell',
      profile: { first_name: 'Anna', last_name: 'Bell' },
    });
    const byEmail = await search(owner, 'namespace=crew&like=field.org');
    expect(names(byEmail.body)).toEqual(['anna']);
  });

  it('leaves out members of the project given by project_id, and inactive users', async () => {
    const { body } = await search(owner, `namespace=crew&like=anna&project_id=${projectId}`);
    expect(names(body)).toEqual(['anna', 'annabel', 'maria.anna', 'zedd']);
    const gone = await search(admin, 'namespace=crew&like=gone');
    expect(gone.body).toEqual([]);
  });

  it(`answers at most ${USER_SEARCH_LIMIT} users, and none for an empty text`, async () => {
    const bulk = await search(admin, 'namespace=crew&like=bulk');
    expect(names(bulk.body)).toEqual(
      Array.from({ length: 10 }, (_, i) => `bulk${String(i).padStart(2, '0')}`),
    );
    expect((await search(admin, 'namespace=crew&like=')).body).toEqual([]);
    expect((await search(admin, 'namespace=crew')).body).toEqual([]);
  });

  it('finds users by ids or usernames, as the reference does', async () => {
    const ids = [userIds.get('zedd'), userIds.get('anna'), 'x', 99_999_999_999].join(',');
    expect(names((await search(admin, `namespace=crew&id=${ids}`)).body)).toEqual(['anna', 'zedd']);
    expect(names((await search(admin, 'namespace=crew&names=ZEDD,anna-gone,nobody')).body)).toEqual(['zedd']);
  });

  it('treats wildcard characters as text', async () => {
    expect((await search(admin, 'namespace=crew&like=%25')).body).toEqual([]);
    expect(names((await search(admin, 'namespace=crew&like=a_a')).body)).toEqual([]);
  });

  it('is refused to callers who may not share in the workspace, and to visitors', async () => {
    const refusal = {
      status: 403,
      body: { detail: 'You do not have permissions to search within workspace' },
    };
    expect(await search(member, 'namespace=crew&like=anna')).toMatchObject(refusal);
    expect(await search(stranger, 'namespace=crew&like=anna')).toMatchObject(refusal);
    // An unknown workspace answers the same, so names cannot be probed.
    expect(await search(owner, 'namespace=no-such-team&like=anna')).toMatchObject(refusal);
    // A project the caller does not manage, or of another workspace, does not open the search either.
    expect((await search(member, `namespace=crew&like=anna&project_id=${projectId}`)).status).toBe(403);
    expect(await search(owner, `namespace=owner1&like=anna&project_id=${projectId}`)).toMatchObject(refusal);
    expect((await search(new HttpClient(server.url), 'namespace=crew&like=anna')).status).toBe(401);
    expect((await search(owner, 'like=anna')).status).toBe(400);
  });
});
