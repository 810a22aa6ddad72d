import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { decodedMail, startSmtpPeer } from './smtp-peer.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * The workspace API of Mergin's larger editions (issue 23), as the `mergin` client calls it: members, invitations
 * (mailed, accepted by the invited account) and POST /v2/users by a workspace admin. Bearer tokens, real HTTP.
 */

type Member = { id: number; username: string; email: string; name: string; workspace_role: string };

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
const clients = new Map<string, HttpClient>();
const ids = new Map<string, number>();
let anonymous: HttpClient;
let crewId: number;

const as = (username: string) => {
  const found = clients.get(username);
  if (!found) throw new Error(`no client ${username}`);
  return found;
};
const id = (username: string) => ids.get(username) ?? 0;
const members = (workspace = crewId) => `/v2/workspaces/${workspace}/members`;

async function signIn(login: string, password = TEST_PASSWORD): Promise<HttpClient> {
  const http = new HttpClient(server.url);
  const answer = await http.post<{ session: { token: string } }>('/v1/auth/login', { login, password });
  expect(answer.status, `sign-in of ${login}`).toBe(200);
  http.bearer = answer.body.session.token;
  return http;
}

/** The last mail to `address` (any letter case), decoded. */
function lastMailTo(address: string): string {
  const mail = smtp.received.findLast((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  return mail ? decodedMail(mail) : '';
}

/** The invitation link's id in the last mail to `address`. */
function invitationLinkId(address: string): string {
  const text = lastMailTo(address);
  return /https:\/\/maps\.example\.org\/invitation\/([\w-]+)/.exec(text)?.[1] ?? '';
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ SMTP_URL: smtp.url, BASE_URL: 'https://maps.example.org' });
  for (const username of ['owen', 'adah', 'wren', 'rory', 'gwen', 'otto', 'ivy1']) {
    ids.set(username, (await server.createUser({ username })).id);
  }
  ids.set('susi', (await server.createUser({ username: 'susi', isAdmin: true })).id);
  crewId = (await server.context.workspaces.create({ name: 'crew' })).id;
  for (const [login, role] of [
    ['owen', 'owner'],
    ['adah', 'admin'],
    ['wren', 'writer'],
    ['rory', 'reader'],
    ['gwen', 'guest'],
  ] as const) {
    await server.context.workspaces.addMember({ workspace: 'crew', login, role });
  }
  for (const username of ids.keys()) clients.set(username, await signIn(username));
  anonymous = new HttpClient(server.url);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe('GET /v2/workspaces/{id}/members[/{user_id}]', () => {
  it('lists the members with their workspace role, for admins, owners and superusers', async () => {
    for (const caller of ['owen', 'adah', 'susi']) {
      const response = await as(caller).get<Member[]>(members());
      expect(response.status).toBe(200);
      expect(response.body.map((m) => [m.username, m.workspace_role])).toEqual([
        ['owen', 'owner'],
        ['adah', 'admin'],
        ['wren', 'writer'],
        ['rory', 'reader'],
        ['gwen', 'guest'],
      ]);
      expect(response.body[0]).toEqual({
        id: id('owen'),
        username: 'owen',
        email: 'owen@example.com',
        name: '',
        workspace_role: 'owner',
      });
    }
    const one = await as('adah').get<Member>(`${members()}/${id('wren')}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: id('wren'), email: 'wren@example.com', workspace_role: 'writer' });
  });

  it('refuses writers, readers, guests and outsiders (403), anonymous callers (401); unknown ids 404', async () => {
    for (const caller of ['wren', 'rory', 'gwen', 'otto']) {
      const response = await as(caller).get(members());
      expect({ caller, status: response.status }).toEqual({ caller, status: 403 });
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.body).toMatchObject({
        detail: 'You do not have admin permissions to workspace',
        status: 403,
      });
      expect((await as(caller).get(`${members()}/${id('wren')}`)).status).toBe(403);
    }
    expect((await anonymous.get(members())).status).toBe(401);
    const unknown = await as('susi').get(members(999_999));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ detail: 'Workspace not found' });
    const stranger = await as('adah').get(`${members()}/${id('otto')}`);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ detail: 'User is not a workspace member' });
  });
});

describe('PATCH /v2/workspaces/{id}/members/{user_id}', () => {
  it('changes the role (200, the member), and with reset_projects_roles drops project roles there', async () => {
    const project = await server.createProject('owen', 'crew', 'reset-me');
    await server.repos.projects.setMember(project.id, id('rory'), 'writer');
    const path = `${members()}/${id('rory')}`;
    const changed = await as('adah').request<Member>('PATCH', path, { workspace_role: 'editor' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: id('rory'), workspace_role: 'editor' });
    expect(await server.repos.projects.memberRole(project.id, id('rory'))).toBe('writer');
    const reset = await as('adah').request<Member>('PATCH', path, {
      workspace_role: 'reader',
      reset_projects_roles: true,
    });
    expect(reset.body).toMatchObject({ workspace_role: 'reader' });
    expect(await server.repos.projects.memberRole(project.id, id('rory'))).toBeUndefined();
  });

  it('leaves the owner role to owners (403 for admins), keeps the last owner (409), refuses bad roles (400)', async () => {
    const toOwner = await as('adah').request('PATCH', `${members()}/${id('wren')}`, {
      workspace_role: 'owner',
    });
    expect(toOwner.status).toBe(403);
    expect(toOwner.body).toMatchObject({
      detail: 'Only workspace owners may grant or take away the owner role',
    });
    const demote = await as('adah').request('PATCH', `${members()}/${id('owen')}`, {
      workspace_role: 'reader',
    });
    expect(demote.status).toBe(403);
    const last = await as('owen').request('PATCH', `${members()}/${id('owen')}`, { workspace_role: 'admin' });
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ detail: 'A workspace must keep at least one owner' });
    const bad = await as('owen').request('PATCH', `${members()}/${id('wren')}`, { workspace_role: 'boss' });
    expect(bad.status).toBe(400);
    const byWriter = await as('wren').request('PATCH', `${members()}/${id('rory')}`, {
      workspace_role: 'admin',
    });
    expect(byWriter.status).toBe(403);
    expect(byWriter.body).toMatchObject({ detail: 'You do not have admin permissions to workspace' });
    expect(
      (await as('owen').request('PATCH', `${members()}/${id('otto')}`, { workspace_role: 'reader' })).status,
    ).toBe(404);
  });
});

describe('DELETE /v2/workspaces/{id}/members/{user_id}', () => {
  it('removes a member (204); a second time is 404; owners are removed by owners only', async () => {
    await server.context.workspaces.addMember({ workspace: 'crew', login: 'ivy1', role: 'reader' });
    const path = `${members()}/${id('ivy1')}`;
    expect((await as('rory').request('DELETE', path)).status).toBe(403);
    expect((await anonymous.request('DELETE', path)).status).toBe(401);
    expect((await as('adah').request('DELETE', path)).status).toBe(204);
    expect((await as('adah').request('DELETE', path)).status).toBe(404);
    expect((await as('adah').get<Member[]>(members())).body.some((m) => m.id === id('ivy1'))).toBe(false);
    expect((await as('adah').request('DELETE', `${members()}/${id('owen')}`)).status).toBe(403);
  });
});

describe('POST /v2/workspaces/{id}/invitations and accepting them', () => {
  it('mails the invitation; the account of that address accepts it and joins with the role', async () => {
    const response = await as('adah').post<Record<string, unknown>>(`/v2/workspaces/${crewId}/invitations`, {
      email: 'Otto@Example.com',
      role: 'writer',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      email: 'Otto@Example.com',
      role: 'writer',
      workspace: { id: crewId, name: 'crew' },
    });
    expect(Object.keys(response.body).sort()).toEqual([
      'created_at',
      'email',
      'expires_at',
      'id',
      'role',
      'workspace',
    ]);
    const linkId = invitationLinkId('Otto@Example.com');
    expect(linkId).toBe(response.body.id);
    const mail = lastMailTo('otto@example.com');
    expect(mail).toContain('adah has invited you to join the workspace crew on Waymark as writer.');

    // Nobody else can use it; the invitee sees it and accepts.
    expect((await as('rory').post(`/v1/workspace/invitation/${linkId}/accept`)).status).toBe(403);
    expect((await as('rory').get(`/v1/workspace/invitation/${linkId}`)).status).toBe(404);
    expect((await as('otto').get(`/v1/workspace/invitation/${linkId}`)).status).toBe(200);
    const accepted = await as('otto').post(`/v1/workspace/invitation/${linkId}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ id: crewId, name: 'crew', role: 'writer' });
    expect(await server.repos.workspaces.findMemberRole(crewId, id('otto'))).toBe('writer');
    // Used up.
    expect((await as('otto').post(`/v1/workspace/invitation/${linkId}/accept`)).status).toBe(404);
    await server.context.workspaces.removeMemberById(crewId, id('otto'));
  });

  it('is withdrawn with DELETE /v1/workspace/invitation/{id}; a new one replaces a pending one', async () => {
    const first = await as('owen').post<{ id: string }>(`/v2/workspaces/${crewId}/invitations`, {
      email: 'new.person@example.com',
      role: 'guest',
    });
    const second = await as('owen').post<{ id: string; role: string }>(
      `/v2/workspaces/${crewId}/invitations`,
      {
        email: 'new.person@example.com',
        role: 'reader',
      },
    );
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    expect((await as('owen').get(`/v1/workspace/invitation/${first.body.id}`)).status).toBe(404);
    expect((await as('owen').request('DELETE', `/v1/workspace/invitation/${second.body.id}`)).status).toBe(
      204,
    );
    expect((await as('owen').request('DELETE', `/v1/workspace/invitation/${second.body.id}`)).status).toBe(
      404,
    );
  });

  it('refuses non-admins (403), members (409), bad addresses and roles (400), owner invitations by admins', async () => {
    const path = `/v2/workspaces/${crewId}/invitations`;
    expect((await as('wren').post(path, { email: 'x1@example.com', role: 'reader' })).status).toBe(403);
    expect((await anonymous.post(path, { email: 'x1@example.com', role: 'reader' })).status).toBe(401);
    const member = await as('adah').post(path, { email: 'rory@example.com', role: 'reader' });
    expect(member.status).toBe(409);
    expect(member.body).toMatchObject({ detail: 'User is already a workspace member' });
    expect((await as('adah').post(path, { email: 'not-an-address', role: 'reader' })).status).toBe(400);
    expect((await as('adah').post(path, { email: 'x1@example.com', role: 'boss' })).status).toBe(400);
    expect((await as('adah').post(path, { email: 'x1@example.com', role: 'owner' })).status).toBe(403);
    expect((await as('owen').post(path, { email: 'x1@example.com', role: 'owner' })).status).toBe(201);
  });
});

describe('POST /v2/users by a workspace admin', () => {
  it('creates a user who joins the workspace with the role (201 UserInfo)', async () => {
    const response = await as('adah').post<Record<string, unknown>>('/v2/users', {
      email: 'made.by.admin@example.com',
      password: 'Il0vemergin',
      workspace_id: crewId,
      role: 'writer',
      notify_user: false,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ email: 'made.by.admin@example.com', receive_notifications: false });
    const listed = (await as('adah').get<Member[]>(members())).body.find(
      (m) => m.email === 'made.by.admin@example.com',
    );
    expect(listed?.workspace_role).toBe('writer');
    await signIn('made.by.admin@example.com', 'Il0vemergin');
  });

  it('refuses creating users elsewhere, by non-admins, without a workspace, and owners by admins (403)', async () => {
    const body = (extra: Record<string, unknown>) => ({
      email: `x${Math.random().toString(36).slice(2, 8)}@example.com`,
      password: 'Il0vemergin',
      role: 'reader',
      ...extra,
    });
    const otherWorkspace = (await server.repos.workspaces.findByName('otto'))?.id;
    expect((await as('adah').post('/v2/users', body({ workspace_id: otherWorkspace }))).status).toBe(403);
    expect((await as('wren').post('/v2/users', body({ workspace_id: crewId }))).status).toBe(403);
    expect((await as('adah').post('/v2/users', body({}))).status).toBe(403);
    expect((await as('adah').post('/v2/users', body({ workspace_id: crewId, role: 'owner' }))).status).toBe(
      403,
    );
    expect((await anonymous.post('/v2/users', body({ workspace_id: crewId }))).status).toBe(401);
    // The body's rules come after the permission: a weak password is the reference's 400.
    const weak = await as('adah').post('/v2/users', { ...body({ workspace_id: crewId }), password: '1234' });
    expect(weak.status).toBe(400);
  });
});
