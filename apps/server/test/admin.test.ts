import {
  ADMIN_TEXTS,
  type AdminProject,
  type AdminProjectListResponse,
  type AdminServerInfo,
  type AdminUser,
  type AdminUserListResponse,
  type AdminWorkspace,
  type AdminWorkspaceListResponse,
  type AdminWorkspaceMember,
  ERROR_TEXTS,
  MAINTENANCE_TEXT,
  PASSWORD_API_TEXTS,
  PROJECT_TEXTS,
  type ServerUsage,
} from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli/program.ts';
import { APP_VERSION } from '../src/lib/app-version.ts';
import { createMaintenanceService, MAINTENANCE_CACHE_MS } from '../src/services/maintenance.service.ts';
import { HttpClient } from './http-client.ts';
import { push, startPush, uploadChunk } from './push-helper.ts';
import { decodedMail, startSmtpPeer } from './smtp-peer.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/** The admin panel's calls (issue 13), over HTTP, on PGlite and PostgreSQL. */

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let chief: HttpClient;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ SMTP_URL: smtp.url, BASE_URL: 'https://maps.example.org' });
  await server.createUser({ username: 'chief', isAdmin: true });
  chief = await signedIn('chief');
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

async function signedIn(login: string, password = TEST_PASSWORD): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  const answer = await client.login(login, password);
  expect(answer.status, `sign-in of ${login}`).toBe(200);
  return client;
}

/** The last mail to `address`, decoded, and the token of its /change-password link. */
function lastMail(address: string): { text: string; token: string } {
  const mail = smtp.received.findLast((m) => m.to.includes(address));
  const text = mail ? decodedMail(mail) : '';
  const token = /https:\/\/maps\.example\.org\/change-password\/([\w.-]+)/.exec(text)?.[1] ?? '';
  return { text, token };
}

const UUID = '3a1c5e2f-9b7d-4c1e-8f20-6d4b2a9c0e11';

describe('permissions', () => {
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/app/admin/users'],
    ['POST', '/app/admin/user', { email: 'x' }],
    ['GET', '/app/admin/user/chief'],
    ['PATCH', '/app/admin/user/chief', { active: 'no' }],
    ['DELETE', '/app/admin/user/chief'],
    ['POST', '/app/admin/user/chief/reset-password'],
    ['GET', '/app/admin/workspaces?per_page=1000'],
    ['POST', '/app/admin/workspaces', { name: '' }],
    ['PATCH', '/app/admin/workspaces/1', { storage: -1 }],
    ['GET', '/app/admin/workspaces/1/members'],
    ['POST', '/app/admin/workspaces/1/members', { username: 'chief', role: 'boss' }],
    ['PATCH', '/app/admin/workspaces/1/members/1', { role: 'owner' }],
    ['DELETE', '/app/admin/workspaces/1/members/1'],
    ['GET', '/app/admin/projects?removed=true'],
    ['POST', `/app/project/removed-project/restore/${UUID}`],
    ['DELETE', `/app/project/removed-project/${UUID}`],
    ['GET', '/app/admin/usage'],
    ['GET', '/app/admin/server'],
    ['PUT', '/app/admin/maintenance', { maintenance: true }],
  ];

  it('answers 401 to anonymous callers and 403 to other users, before looking at the request', async () => {
    await server.createUser({ username: 'plain' });
    const plain = await signedIn('plain');
    const anonymous = new HttpClient(server.url);
    await anonymous.get('/app/init');
    for (const [method, path, body] of calls) {
      expect(await anonymous.request(method, path, body), `${method} ${path}`).toMatchObject({
        status: 401,
        body: { detail: ERROR_TEXTS.authRequired },
      });
      expect(await plain.request(method, path, body), `${method} ${path}`).toMatchObject({
        status: 403,
        body: { detail: ERROR_TEXTS.permissionDenied },
      });
    }
    // Nothing changed on the way.
    expect((await chief.get<AdminUser>('/app/admin/user/chief')).body).toMatchObject({ active: true });
    expect((await plain.get('/ping')).body).toMatchObject({ maintenance: false });
  });
});

describe('users', () => {
  it('lists accounts by page, searches username and e-mail (wildcards literal) and sorts', async () => {
    await server.createUser({ username: 'lisa', email: 'lisa@list.example.com' });
    await server.createUser({ username: 'lars', email: 'zz_lars@list.example.com' });
    await server.createUser({ username: 'leon', email: 'leon@elsewhere.example.com' });
    const page = await chief.get<AdminUserListResponse>(
      '/app/admin/users?like=LIST.example&order_by=email&descending=true&per_page=1',
    );
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(2);
    expect(page.body.items.map((u) => u.username)).toEqual(['lars']);
    const second = await chief.get<AdminUserListResponse>(
      '/app/admin/users?like=list.example&order_by=email&descending=true&per_page=1&page=2',
    );
    expect(second.body.items.map((u) => u.username)).toEqual(['lisa']);
    expect(second.body.items[0]).toEqual({
      id: expect.any(Number),
      username: 'lisa',
      email: 'lisa@list.example.com',
      verified_email: false,
      active: true,
      is_admin: false,
      scheduled_removal: null,
      registration_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      last_signed_in: null,
      two_factor_enabled: false,
      profile: {
        receive_notifications: true,
        first_name: null,
        last_name: null,
        registration_date: expect.any(String),
        name: '',
        has_project: false,
      },
    });
    // `_` is a character, not LIKE's wildcard: only lars's address has one.
    const wild = await chief.get<AdminUserListResponse>('/app/admin/users?like=zz_');
    expect(wild.body.items.map((u) => u.username)).toEqual(['lars']);
    const wildNone = await chief.get<AdminUserListResponse>('/app/admin/users?like=l_sa');
    expect(wildNone.body.count).toBe(0);
  });

  it('refuses bad list parameters with 400', async () => {
    expect((await chief.get('/app/admin/users?per_page=101')).status).toBe(400);
    expect((await chief.get('/app/admin/users?page=0')).status).toBe(400);
    expect((await chief.get('/app/admin/users?order_by=password')).status).toBe(400);
    expect((await chief.get('/app/admin/workspaces?order_by=secret')).status).toBe(400);
    expect((await chief.get('/app/admin/projects?removed=perhaps')).status).toBe(400);
  });

  it('creates a user with a password who can sign in, optionally told by mail', async () => {
    const created = await chief.post<AdminUser>('/app/admin/user', {
      username: 'nora',
      email: ' nora@example.com ',
      password: 'Nora-pass1',
      confirm: 'Nora-pass1',
      notify_user: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'nora', email: 'nora@example.com', active: true });
    const nora = await signedIn('nora', 'Nora-pass1');
    expect((await nora.get<Array<{ name: string }>>('/v1/workspaces')).body.map((w) => w.name)).toEqual([
      'nora',
    ]);
    expect(lastMail('nora@example.com').text).toContain('Subject: Your Waymark account');
  });

  it('derives the username from the address when none is given', async () => {
    const created = await chief.post<AdminUser>('/app/admin/user', {
      email: 'otto.k@example.com',
      password: 'Otto-pass1',
      confirm: 'Otto-pass1',
    });
    expect(created).toMatchObject({ status: 201, body: { username: 'otto.k' } });
  });

  it('answers form errors under their field', async () => {
    const attempt = (body: object) => chief.post('/app/admin/user', body);
    expect(await attempt({ email: 'not-an-address' })).toMatchObject({
      status: 400,
      body: { email: ['Invalid email address.'] },
    });
    expect(await attempt({ email: 'weak@example.com', password: 'short', confirm: 'short' })).toMatchObject({
      status: 400,
      body: { password: [PASSWORD_API_TEXTS.tooShort] },
    });
    expect(
      await attempt({ email: 'typo@example.com', password: 'Typo-pass1', confirm: 'Typo-pass2' }),
    ).toMatchObject({ status: 400, body: { confirm: [ADMIN_TEXTS.passwordMismatch] } });
    expect(await attempt({ username: 'NORA', email: 'nora2@example.com' })).toMatchObject({
      status: 400,
      body: { username: [ADMIN_TEXTS.usernameTaken] },
    });
    expect(await attempt({ username: 'nora2', email: 'NORA@example.com' })).toMatchObject({
      status: 400,
      body: { email: [ADMIN_TEXTS.emailTaken] },
    });
    expect(await attempt({ username: '.dot', email: 'dot@example.com' })).toMatchObject({
      status: 400,
      body: { username: ['Username contains invalid characters.'] },
    });
    expect(await attempt({ email: 'x@example.com', notify_user: 'yes' })).toMatchObject({ status: 400 });
    expect((await chief.get('/app/admin/user/nora2')).status).toBe(404);
  });

  it('invites a user without a password: the mailed link sets it once, then they can sign in', async () => {
    const created = await chief.post<AdminUser>('/app/admin/user', {
      username: 'ivan',
      email: 'ivan@example.com',
    });
    expect(created.status).toBe(201);
    const { text, token } = lastMail('ivan@example.com');
    expect(text).toContain('Subject: You have been invited to Waymark');
    expect(text).toContain('You have been invited to Waymark');
    expect(token).not.toBe('');
    expect((await new HttpClient(server.url).login('ivan', '')).status).not.toBe(200);

    const anyone = new HttpClient(server.url);
    await anyone.get('/app/init');
    const set = await anyone.post(`/app/auth/reset-password/${token}`, {
      password: 'Ivy-pass12',
      confirm: 'Ivy-pass12',
    });
    expect(set.status).toBe(200);
    await signedIn('ivan', 'Ivy-pass12');
    expect(
      await anyone.post(`/app/auth/reset-password/${token}`, {
        password: 'Ivy-pass99',
        confirm: 'Ivy-pass99',
      }),
    ).toMatchObject({ status: 400 });
  });

  it('shows one user; unknown and closed accounts are not found', async () => {
    const nora = await chief.get<AdminUser>('/app/admin/user/Nora');
    expect(nora).toMatchObject({
      status: 200,
      body: { username: 'nora', last_signed_in: expect.any(String) },
    });
    expect(await chief.get('/app/admin/user/nobody-here')).toMatchObject({
      status: 404,
      body: { detail: ADMIN_TEXTS.userNotFound },
    });
    const closed = await server.createUser({ username: 'gone' });
    await server.context.account.closeAccount(closed);
    expect((await chief.get(`/app/admin/user/.closed-${closed.id}`)).status).toBe(404);
    const list = await chief.get<AdminUserListResponse>('/app/admin/users?like=closed&per_page=100');
    expect(list.body.count).toBe(0);
  });

  it('makes and unmakes superusers; deactivation ends sessions and tokens at once', async () => {
    await server.createUser({ username: 'dora' });
    const dora = await signedIn('dora');
    const bearer = new HttpClient(server.url);
    const login = await bearer.post<{ session: { token: string } }>('/v1/auth/login', {
      login: 'dora',
      password: TEST_PASSWORD,
    });
    bearer.bearer = login.body.session.token;
    expect((await bearer.get('/v1/user/profile')).status).toBe(200);

    const promoted = await chief.request<AdminUser>('PATCH', '/app/admin/user/dora', { is_admin: true });
    expect(promoted).toMatchObject({ status: 200, body: { is_admin: true, active: true } });
    expect((await dora.get('/app/init')).body).toMatchObject({ superuser: true });
    expect((await dora.get('/app/admin/usage')).status).toBe(200);
    const demoted = await chief.request<AdminUser>('PATCH', '/app/admin/user/dora', { is_admin: false });
    expect(demoted.body.is_admin).toBe(false);
    expect((await dora.get('/app/admin/usage')).status).toBe(403);

    const off = await chief.request<AdminUser>('PATCH', '/app/admin/user/dora', { active: false });
    expect(off).toMatchObject({ status: 200, body: { active: false } });
    expect((await dora.get('/v1/user/profile')).status).toBe(401);
    expect((await bearer.get('/v1/user/profile')).status).toBe(401);
    expect((await new HttpClient(server.url).login('dora', TEST_PASSWORD)).status).toBe(401);

    const on = await chief.request<AdminUser>('PATCH', '/app/admin/user/dora', { active: true });
    expect(on.body.active).toBe(true);
    expect((await dora.get('/v1/user/profile')).status).toBe(401);
    expect((await bearer.get('/v1/user/profile')).status).toBe(401);
    await signedIn('dora');
    expect((await chief.request('PATCH', '/app/admin/user/dora', { active: 'no' })).status).toBe(400);
  });

  it('never lets a superuser unmake, deactivate or delete themself', async () => {
    expect(await chief.request('PATCH', '/app/admin/user/chief', { is_admin: false })).toMatchObject({
      status: 400,
      body: { detail: ADMIN_TEXTS.ownSuperuser },
    });
    expect(await chief.request('PATCH', '/app/admin/user/chief', { active: false })).toMatchObject({
      status: 400,
      body: { detail: ADMIN_TEXTS.ownDeactivate },
    });
    expect(await chief.request('DELETE', '/app/admin/user/chief')).toMatchObject({
      status: 400,
      body: { detail: ADMIN_TEXTS.ownDelete },
    });
    expect((await chief.get<AdminUser>('/app/admin/user/chief')).body).toMatchObject({
      is_admin: true,
      active: true,
    });
  });

  it('deletes (anonymises) a user, refused while they alone own a workspace with projects', async () => {
    await server.createUser({ username: 'vera', email: 'vera@example.com' });
    await server.createProject('vera', 'vera', 'survey');
    expect(await chief.request('DELETE', '/app/admin/user/vera')).toMatchObject({
      status: 409,
      body: { detail: ADMIN_TEXTS.soleOwner(['vera']) },
    });
    expect((await chief.get<AdminUser>('/app/admin/user/vera')).body.profile.has_project).toBe(true);

    await server.createUser({ username: 'walt', email: 'walt@example.com' });
    const walt = await signedIn('walt');
    expect((await chief.request('DELETE', '/app/admin/user/walt')).status).toBe(204);
    expect((await chief.get('/app/admin/user/walt')).status).toBe(404);
    expect((await walt.get('/v1/user/profile')).status).toBe(401);
    expect((await new HttpClient(server.url).login('walt', TEST_PASSWORD)).status).toBe(401);
    // The name and the address are free again.
    expect(
      (await chief.post('/app/admin/user', { username: 'walt', email: 'walt@example.com' })).status,
    ).toBe(201);
    expect((await chief.request('DELETE', '/app/admin/user/nobody-here')).status).toBe(404);
  });

  it('mails a password reset link to an active user', async () => {
    await server.createUser({ username: 'rita', email: 'rita@example.com' });
    const sent = await chief.post('/app/admin/user/rita/reset-password');
    expect(sent.status).toBe(204);
    const { text, token } = lastMail('rita@example.com');
    expect(text).toContain('Subject: Reset your Waymark password');
    const anyone = new HttpClient(server.url);
    await anyone.get('/app/init');
    expect(
      (
        await anyone.post(`/app/auth/reset-password/${token}`, {
          password: 'Rita-pass9',
          confirm: 'Rita-pass9',
        })
      ).status,
    ).toBe(200);
    await signedIn('rita', 'Rita-pass9');

    await chief.request('PATCH', '/app/admin/user/rita', { active: false });
    expect(await chief.post('/app/admin/user/rita/reset-password')).toMatchObject({
      status: 400,
      body: { detail: ADMIN_TEXTS.inactiveUser },
    });
    expect((await chief.post('/app/admin/user/nobody-here/reset-password')).status).toBe(404);
  });
});

describe('workspaces', () => {
  let wsId: number;

  it('creates a workspace with a quota; names follow the workspace rules and are unique', async () => {
    const created = await chief.post<AdminWorkspace>('/app/admin/workspaces', {
      name: 'field-team',
      storage: 5_000_000,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'field-team',
      storage: 5_000_000,
      disk_usage: 0,
      project_count: 0,
      member_count: 0,
      created: expect.any(String),
    });
    wsId = created.body.id;
    expect((await chief.post('/app/admin/workspaces', { name: 'Field-Team', storage: 1 })).status).toBe(409);
    expect((await chief.post('/app/admin/workspaces', { name: 'nora', storage: 1 })).status).toBe(409);
    expect((await chief.post('/app/admin/workspaces', { name: 'bad/name', storage: 1 })).status).toBe(400);
    expect((await chief.post('/app/admin/workspaces', { name: 'neg', storage: -1 })).status).toBe(400);
    expect((await chief.post('/app/admin/workspaces', { name: 'frac', storage: 1.5 })).status).toBe(400);
  });

  it('changes the quota, which the workspace then has', async () => {
    const changed = await chief.request<AdminWorkspace>('PATCH', `/app/admin/workspaces/${wsId}`, {
      storage: 10_000,
    });
    expect(changed).toMatchObject({ status: 200, body: { id: wsId, storage: 10_000 } });
    expect((await chief.get<{ storage: number }>(`/v1/workspace/${wsId}`)).body.storage).toBe(10_000);
    expect((await chief.request('PATCH', `/app/admin/workspaces/${wsId}`, { storage: -5 })).status).toBe(400);
    expect(await chief.request('PATCH', '/app/admin/workspaces/999999', { storage: 5 })).toMatchObject({
      status: 404,
      body: { detail: ERROR_TEXTS.workspaceNotFound },
    });
  });

  it('adds, changes and removes members, always keeping an owner', async () => {
    await server.createUser({ username: 'mona', email: 'mona@example.com' });
    await server.createUser({ username: 'mick', email: 'mick@example.com' });
    const members = `/app/admin/workspaces/${wsId}/members`;
    const mona = await chief.post<AdminWorkspaceMember>(members, { username: 'mona', role: 'owner' });
    expect(mona).toMatchObject({
      status: 201,
      body: { id: expect.any(Number), username: 'mona', email: 'mona@example.com', role: 'owner' },
    });
    const mick = await chief.post<AdminWorkspaceMember>(members, {
      username: 'MICK@example.com',
      role: 'writer',
    });
    expect(mick).toMatchObject({ status: 201, body: { username: 'mick', role: 'writer' } });
    expect(await chief.post(members, { username: 'mick', role: 'reader' })).toMatchObject({
      status: 409,
      body: { detail: ADMIN_TEXTS.alreadyMember },
    });
    expect(await chief.post(members, { username: 'nobody-here', role: 'reader' })).toMatchObject({
      status: 404,
      body: { detail: ADMIN_TEXTS.userNotFound },
    });
    expect((await chief.post(members, { username: 'mick', role: 'boss' })).status).toBe(400);

    const monaId = mona.body.id;
    const mickId = mick.body.id;
    expect(await chief.request('PATCH', `${members}/${monaId}`, { role: 'admin' })).toMatchObject({
      status: 409,
      body: { detail: ADMIN_TEXTS.lastOwner },
    });
    expect(await chief.request('DELETE', `${members}/${monaId}`)).toMatchObject({
      status: 409,
      body: { detail: ADMIN_TEXTS.lastOwner },
    });
    expect(await chief.request('PATCH', `${members}/${mickId}`, { role: 'owner' })).toMatchObject({
      status: 200,
      body: { username: 'mick', role: 'owner' },
    });
    expect((await chief.request('DELETE', `${members}/${monaId}`)).status).toBe(204);
    expect(await chief.request('PATCH', `${members}/${monaId}`, { role: 'reader' })).toMatchObject({
      status: 404,
      body: { detail: ADMIN_TEXTS.notMember },
    });
    const list = await chief.get<AdminWorkspaceMember[]>(members);
    expect(list.body).toEqual([{ id: mickId, username: 'mick', email: 'mick@example.com', role: 'owner' }]);
    // The member works in the workspace with that role.
    const mickClient = await signedIn('mick');
    expect((await mickClient.get<{ role: string }>(`/v1/workspace/${wsId}`)).body.role).toBe('owner');
    expect((await chief.get('/app/admin/workspaces/999999/members')).status).toBe(404);
  });

  it('lists workspaces with usage, members and projects, searched and sorted', async () => {
    await server.createProject('chief', 'field-team', 'roads');
    const list = await chief.get<AdminWorkspaceListResponse>(
      '/app/admin/workspaces?like=FIELD&order_by=member_count&descending=true',
    );
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.items[0]).toMatchObject({
      id: wsId,
      name: 'field-team',
      storage: 10_000,
      project_count: 1,
      member_count: 1,
    });
    const all = await chief.get<AdminWorkspaceListResponse>(
      '/app/admin/workspaces?order_by=name&per_page=100',
    );
    const names = all.body.items.map((w) => w.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(all.body.count).toBe(names.length);
  });
});

describe('projects', () => {
  let kept: string;
  let doomed: string;

  beforeAll(async () => {
    await server.createUser({ username: 'pina' });
    const pina = await signedIn('pina');
    const a = await server.createProject('pina', 'pina', 'kept-one');
    const b = await server.createProject('pina', 'pina', 'doomed-one', { isPublic: true });
    kept = a.id;
    doomed = b.id;
    await push(pina, 'pina/kept-one', {
      version: 'v0',
      added: [{ path: 'kept.txt', content: 'kept bytes' }],
    });
    await push(pina, 'pina/doomed-one', {
      version: 'v0',
      added: [{ path: 'doomed.txt', content: 'doomed bytes only here' }],
    });
    for (const id of [kept, doomed]) {
      expect((await pina.post(`/v2/projects/${id}/scheduleDelete`)).status).toBe(204);
    }
  });

  it('lists live projects of every workspace, private or not, searched by project or workspace name', async () => {
    const list = await chief.get<AdminProjectListResponse>('/app/admin/projects?like=field-TEAM');
    expect(list.status).toBe(200);
    expect(list.body.items.map((p) => p.name)).toEqual(['roads']);
    expect(list.body.items[0]).toEqual({
      id: expect.any(String),
      name: 'roads',
      workspace: 'field-team',
      workspace_id: expect.any(Number),
      disk_usage: 0,
      version: 'v0',
      updated: expect.any(String),
      created: expect.any(String),
      public: false,
      removed_at: null,
      removed_by: null,
      purge_at: null,
    });
    const live = await chief.get<AdminProjectListResponse>('/app/admin/projects?like=one');
    expect(live.body.count).toBe(0);
  });

  it('lists the projects scheduled for deletion with who removed them and when they are purged', async () => {
    const list = await chief.get<AdminProjectListResponse>(
      '/app/admin/projects?removed=true&like=-one&order_by=name&descending=false',
    );
    expect(list.body.items.map((p) => p.name)).toEqual(['doomed-one', 'kept-one']);
    const item = list.body.items[1] as AdminProject;
    expect(item).toMatchObject({ workspace: 'pina', version: 'v1', removed_by: 'pina', disk_usage: 10 });
    const removedAt = Date.parse(item.removed_at ?? '');
    expect(Date.parse(item.purge_at ?? '') - removedAt).toBe(7 * 24 * 3600 * 1000);
  });

  it('restores a removed project with its files and members; a live or unknown one is not found', async () => {
    const restored = await chief.post<AdminProject>(`/app/project/removed-project/restore/${kept}`);
    expect(restored).toMatchObject({
      status: 201,
      body: { id: kept, name: 'kept-one', removed_at: null, removed_by: null, purge_at: null },
    });
    const pina = await signedIn('pina');
    const project = await pina.get<{ files: Array<{ path: string }> }>('/v1/project/pina/kept-one');
    expect(project.status).toBe(200);
    expect(project.body.files.map((f) => f.path)).toEqual(['kept.txt']);
    // Restoring again: it is live now, so there is no removed project of that id.
    expect(await chief.post(`/app/project/removed-project/restore/${kept}`)).toMatchObject({
      status: 404,
      body: { detail: PROJECT_TEXTS.notFound },
    });
    expect((await chief.post(`/app/project/removed-project/restore/${UUID}`)).status).toBe(404);
    expect((await chief.post('/app/project/removed-project/restore/not-a-uuid')).status).toBe(400);
  });

  it("never finds a live project holding a removed project's name: the name stays reserved until the purge", async () => {
    // The reference refuses a restore (409) when a live project took the name meanwhile; here the name stays
    // reserved while the project is removed, so no such project can appear and the restore goes through.
    const pina = await signedIn('pina');
    const twin = await server.createProject('pina', 'pina', 'twin');
    expect((await pina.post(`/v2/projects/${twin.id}/scheduleDelete`)).status).toBe(204);
    const clash = await pina.post('/v1/project/pina', { name: 'TWIN' });
    expect(clash.status).toBe(409);
    expect((await chief.post(`/app/project/removed-project/restore/${twin.id}`)).status).toBe(201);
  });

  it('deletes a removed project now: rows at once, its own bytes at the next collection; never a live one', async () => {
    expect(await chief.request('DELETE', `/app/project/removed-project/${kept}`)).toMatchObject({
      status: 404,
      body: { detail: PROJECT_TEXTS.notFound },
    });
    expect((await server.repos.projects.findById(kept))?.project.removedAt).toBeNull();

    const [file] = await server.repos.projects.currentFiles(doomed);
    const blob = file?.blobSha256 ?? '';
    expect(await server.context.blobs.has(blob)).toBe(true);
    expect((await chief.request('DELETE', `/app/project/removed-project/${doomed}`)).status).toBe(204);
    expect(await server.repos.projects.findById(doomed)).toBeUndefined();
    const removed = await chief.get<AdminProjectListResponse>('/app/admin/projects?removed=true&like=doomed');
    expect(removed.body.count).toBe(0);
    // Housekeeping's collection (past the grace period) takes the bytes nothing refers to any more.
    expect(await server.context.storage.collectUnreferenced(new Date(Date.now() + 60_000))).toBeGreaterThan(
      0,
    );
    expect(await server.context.blobs.has(blob)).toBe(false);
    expect((await chief.request('DELETE', `/app/project/removed-project/${doomed}`)).status).toBe(404);
    // The name is free at once.
    expect((await server.createProject('pina', 'pina', 'doomed-one')).name).toBe('doomed-one');
  });
});

describe('usage and server', () => {
  it('counts users, workspaces, projects, storage, contributors, editors and stored vs referenced files', async () => {
    const before = (await chief.get<ServerUsage>('/app/admin/usage')).body;
    await server.createUser({ username: 'ulla' });
    const ulla = await signedIn('ulla');
    await server.createProject('ulla', 'ulla', 'one');
    await server.createProject('ulla', 'ulla', 'two');
    const content = 'the same twelve bytes of content';
    await push(ulla, 'ulla/one', { version: 'v0', added: [{ path: 'a.txt', content }] });
    await push(ulla, 'ulla/two', { version: 'v0', added: [{ path: 'b.txt', content }] });
    const after = await chief.get<ServerUsage>('/app/admin/usage');
    expect(after.status).toBe(200);
    const size = Buffer.byteLength(content);
    expect(after.body).toEqual({
      users: before.users + 1,
      workspaces: before.workspaces + 1,
      projects: before.projects + 2,
      storage: before.storage + 2 * size,
      active_monthly_contributors: before.active_monthly_contributors + 1,
      editors: before.editors + 1,
      files_stored: { count: before.files_stored.count + 1, bytes: before.files_stored.bytes + size },
      files_referenced: {
        count: before.files_referenced.count + 2,
        bytes: before.files_referenced.bytes + 2 * size,
      },
    });
  });

  it('tells the version, maintenance state and mail transport', async () => {
    const info = await chief.get<AdminServerInfo>('/app/admin/server');
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      version: APP_VERSION,
      maintenance: false,
      maintenance_source: null,
      mail_transport: { type: 'smtp', host: '127.0.0.1', port: smtp.port, secure: false },
      failed_mails: [],
    });
  });
});

describe('maintenance', () => {
  it('the switch makes the server read-only for everyone but itself and sign-in, and turns it off again', async () => {
    await server.createUser({ username: 'moss' });
    const moss = await signedIn('moss');
    await server.createProject('moss', 'moss', 'site');
    // Another process's service, on a clock the test moves on instead of waiting out the cache time.
    let clock = Date.now();
    const other = createMaintenanceService({
      config: server.context.config,
      settings: server.repos.serverSettings,
      now: () => clock,
    });
    expect(await other.isOn()).toBe(false);

    const on = await chief.request('PUT', '/app/admin/maintenance', { maintenance: true });
    expect(on).toMatchObject({ status: 200, body: { maintenance: true, maintenance_source: 'database' } });
    expect((await moss.get('/ping')).body).toMatchObject({ maintenance: true });
    const started = await startPush(moss, 'moss/site', {
      version: 'v0',
      added: [{ path: 'x.txt', content: 'x' }],
    });
    expect(started.response).toMatchObject({ status: 503, body: { detail: MAINTENANCE_TEXT } });
    const chunk = await uploadChunk(moss, UUID, UUID, Buffer.from('x'));
    expect(chunk).toMatchObject({ status: 503, body: { detail: MAINTENANCE_TEXT } });
    // Another process sharing the database keeps what it read for its cache time, then follows.
    expect(await other.state()).toEqual({ on: false, source: null });
    clock += MAINTENANCE_CACHE_MS;
    expect(await other.state()).toEqual({ on: true, source: 'database' });
    // Superusers still sign in; other users may not use the switch.
    const again = await signedIn('chief');
    expect(await moss.request('PUT', '/app/admin/maintenance', { maintenance: false })).toMatchObject({
      status: 403,
    });
    expect((await again.get<AdminServerInfo>('/app/admin/server')).body).toMatchObject({
      maintenance: true,
      maintenance_source: 'database',
    });

    const off = await again.request('PUT', '/app/admin/maintenance', { maintenance: false });
    expect(off).toMatchObject({ status: 200, body: { maintenance: false, maintenance_source: null } });
    expect((await moss.get('/ping')).body).toMatchObject({ maintenance: false });
    await push(moss, 'moss/site', { version: 'v0', added: [{ path: 'x.txt', content: 'x' }] });
    expect(await other.isOn()).toBe(true);
    clock += MAINTENANCE_CACHE_MS;
    expect(await other.isOn()).toBe(false);
    expect((await chief.request('PUT', '/app/admin/maintenance', { maintenance: 'on' })).status).toBe(400);
  });

  it('names the maintenance file as the source, and the switch turns it off too', async () => {
    server.context.maintenance.setFile(true);
    expect((await chief.get<AdminServerInfo>('/app/admin/server')).body).toMatchObject({
      maintenance: true,
      maintenance_source: 'file',
    });
    expect((await chief.request('PUT', '/app/admin/maintenance', { maintenance: false })).body).toEqual({
      maintenance: false,
      maintenance_source: null,
    });
    expect((await chief.get('/ping')).body).toMatchObject({ maintenance: false });
  });

  it('the CLI switches the database flag on PostgreSQL installs, which the server follows', async () => {
    const output: string[] = [];
    const cli = async (...args: string[]) => {
      output.length = 0;
      await buildProgram({
        withContext: (run) => run(server.context),
        blobStores: () => ({ local: server.context.blobs, s3: undefined }),
        maintenance: server.context.maintenance,
        maintenanceInDatabase: true,
        print: (line) => output.push(line),
      }).parseAsync(['node', 'waymark', ...args]);
      return [...output];
    };
    expect(await cli('maintenance', 'on')).toEqual(['Maintenance mode is on.']);
    expect((await chief.get('/ping')).body).toMatchObject({ maintenance: true });
    expect((await chief.get<AdminServerInfo>('/app/admin/server')).body.maintenance_source).toBe('database');
    expect(await cli('maintenance', 'status')).toEqual(['Maintenance mode is on.']);
    expect(await cli('maintenance', 'off')).toEqual(['Maintenance mode is off.']);
    expect((await chief.get('/ping')).body).toMatchObject({ maintenance: false });
  });
});

describe('failed mails', () => {
  it('lists the mails whose every try failed, and the SMTP transport without its credentials', async () => {
    const down = await startSmtpPeer();
    await down.close();
    const queued = await startTestServer(
      {
        SMTP_URL: `smtp://mailer:s3cret-pw@127.0.0.1:${down.port}`,
        MAIL_RETRY_LIMIT: '0',
        MAIL_RETRY_DELAY_SECONDS: '1',
      },
      { jobs: true },
    );
    try {
      await queued.createUser({ username: 'boss', isAdmin: true });
      await queued.createUser({ username: 'faye', email: 'faye@example.com' });
      const boss = new HttpClient(queued.url);
      expect((await boss.login('boss', TEST_PASSWORD)).status).toBe(200);
      expect((await boss.post('/app/admin/user/faye/reset-password')).status).toBe(204);
      const deadline = Date.now() + 45_000;
      let info = (await boss.get<AdminServerInfo>('/app/admin/server')).body;
      while (info.failed_mails.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        info = (await boss.get<AdminServerInfo>('/app/admin/server')).body;
      }
      expect(info.failed_mails).toEqual([
        {
          to: 'faye@example.com',
          subject: 'Reset your Waymark password',
          failed_at: expect.any(String),
          reason: expect.stringMatching(/ECONNREFUSED|connect/i),
        },
      ]);
      expect(info.mail_transport).toEqual({
        type: 'smtp',
        host: '127.0.0.1',
        port: down.port,
        secure: false,
      });
      expect(JSON.stringify(info)).not.toMatch(/s3cret-pw|mailer/);
    } finally {
      await queued.close();
    }
  }, 60_000);
});
