import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

let server: TestServer;
let teamId: number;

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'owner1' });
  await server.createUser({ username: 'guest1' });
  await server.createUser({ username: 'outsider' });
  await server.createUser({ username: 'super1', isAdmin: true });
  const team = await server.context.workspaces.create({ name: 'Field Team', storage: 5_000_000 });
  teamId = team.id;
  await server.context.workspaces.addMember({ workspace: 'Field Team', login: 'owner1', role: 'admin' });
  await server.context.workspaces.addMember({ workspace: 'field team', login: 'guest1', role: 'guest' });
});
afterAll(() => server.close());

async function signedIn(username: string, url = server.url) {
  const client = new HttpClient(url);
  await client.login(username, TEST_PASSWORD);
  return client;
}

describe('GET /v1/workspaces', () => {
  it("lists the caller's workspaces by name with storage, usage, project count and role", async () => {
    const { body } = await (await signedIn('owner1')).get('/v1/workspaces');
    expect(body).toEqual([
      { id: teamId, name: 'Field Team', storage: 5_000_000, disk_usage: 0, project_count: 0, role: 'admin' },
      {
        id: expect.any(Number),
        name: 'owner1',
        storage: 1073741824,
        disk_usage: 0,
        project_count: 0,
        role: 'owner',
      },
    ]);
  });

  it('needs a signed-in caller', async () => {
    expect((await new HttpClient(server.url).get('/v1/workspaces')).status).toBe(401);
  });
});

describe('GET /v1/workspace/{id}', () => {
  it('answers members, including guests, with their role', async () => {
    const guest = await (await signedIn('guest1')).get(`/v1/workspace/${teamId}`);
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({ id: teamId, name: 'Field Team', role: 'guest' });
  });

  it('gives superusers the owner role everywhere', async () => {
    const { body } = await (await signedIn('super1')).get(`/v1/workspace/${teamId}`);
    expect(body).toMatchObject({ role: 'owner' });
  });

  it('answers 403 to non-members and 404 for unknown or malformed ids', async () => {
    const outsider = await signedIn('outsider');
    const denied = await outsider.get(`/v1/workspace/${teamId}`);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ detail: 'You do not have permissions for this workspace' });
    const missing = await outsider.get('/v1/workspace/987654');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ detail: 'Workspace not found' });
    expect((await outsider.get('/v1/workspace/abc')).status).toBe(400);
  });
});

describe('global permission settings', () => {
  // One server per setting, each in its own test, so a slow start of one server does not eat another's time.
  it.each<[Record<string, string>, string]>([
    [{ GLOBAL_READ: 'true' }, 'reader'],
    [{ GLOBAL_READ: 'true', GLOBAL_WRITE: 'true' }, 'writer'],
    [{ GLOBAL_ADMIN: 'true' }, 'admin'],
  ])('%j gives every signed-in user the %s role in every workspace', async (env, role) => {
    const other = await startTestServer(env);
    try {
      await other.createUser({ username: 'someone' });
      await other.createUser({ username: 'member' });
      const team = await other.context.workspaces.create({ name: 'Team' });
      await other.context.workspaces.addMember({ workspace: 'Team', login: 'member', role: 'guest' });
      const someone = await signedIn('someone', other.url);
      const response = await someone.get(`/v1/workspace/${team.id}`);
      expect({ env, status: response.status, role: (response.body as { role: string }).role }).toEqual({
        env,
        status: 200,
        role,
      });
      const member = await signedIn('member', other.url);
      expect(((await member.get(`/v1/workspace/${team.id}`)).body as { role: string }).role).toBe(role);
    } finally {
      await other.close();
    }
  });
});
