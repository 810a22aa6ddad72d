import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests } from '../src/db/schema.ts';
import { HttpClient } from './http-client.ts';
import { decodedMail, startSmtpPeer } from './smtp-peer.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

type RequestList = {
  items: Array<{
    id: number;
    project_id: string;
    requested_by: string;
    project_name: string;
    namespace: string;
    expire: string;
  }>;
  count: number;
};

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let owner: HttpClient;
let asker: HttpClient;
let bystander: HttpClient;
let projectId: string;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ SMTP_URL: smtp.url, BASE_URL: 'https://maps.example.org' });
  for (const username of ['oscar', 'alma', 'bert']) await server.createUser({ username });
  projectId = (await server.createProject('oscar', 'oscar', 'wetlands')).id;
  owner = new HttpClient(server.url);
  await owner.login('oscar', TEST_PASSWORD);
  asker = new HttpClient(server.url);
  await asker.login('alma', TEST_PASSWORD);
  bystander = new HttpClient(server.url);
  await bystander.login('bert', TEST_PASSWORD);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe('project access requests', () => {
  it('are created once per user and project, and mail the owner a link to the collaborators tab', async () => {
    expect((await asker.get('/v1/project/oscar/wetlands')).status).toBe(403);
    const created = await asker.post('/app/project/access-request/oscar/wetlands');
    expect(created.status).toBe(200);
    const again = await asker.post('/app/project/access-request/oscar/wetlands');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ detail: 'Project access request already exists' });

    const mail = smtp.received.find((m) => m.to.includes('oscar@example.com'));
    const text = mail ? decodedMail(mail) : '';
    expect(text).toContain('Subject: Project access requested');
    // Plain text and HTML, each with the link.
    expect(text).toContain('Content-Type: text/plain');
    expect(text).toContain('Content-Type: text/html');
    expect(text).toContain('alma asked for access to the project oscar/wetlands.');
    expect(text).toContain('at https://maps.example.org/projects/oscar/wetlands/collaborators');
    expect(text).toContain('<a href="https://maps.example.org/projects/oscar/wetlands/collaborators"');
  });

  it('are listed for the requester, with the expiry a week ahead', async () => {
    const { body } = await asker.get<RequestList>('/app/project/access-requests');
    expect(body.count).toBe(1);
    expect(body.items[0]).toMatchObject({
      project_id: projectId,
      requested_by: 'alma',
      project_name: 'wetlands',
      namespace: 'oscar',
    });
    const days = (Date.parse(body.items[0]?.expire ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('are listed per workspace for its admins only', async () => {
    const list = await owner.get<RequestList>('/app/project/access-request/oscar?page=1&per_page=10');
    expect(list.body.count).toBe(1);
    const denied = await bystander.get('/app/project/access-request/oscar');
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      detail: "You don't have permissions to list project access requests",
    });
  });

  it('can only be accepted by owners, and then grant the chosen role', async () => {
    const id = (await owner.get<RequestList>('/app/project/access-request/oscar')).body.items[0]?.id;
    const denied = await bystander.post(`/app/project/access-request/accept/${id}`, { permissions: 'write' });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      detail: "You don't have permissions to accept project access request",
    });
    expect(
      (await owner.post(`/app/project/access-request/accept/${id}`, { permissions: 'superpower' })).status,
    ).toBe(400);
    expect(
      (await owner.post(`/app/project/access-request/accept/${id}`, { permissions: 'write' })).status,
    ).toBe(200);
    expect((await asker.get<{ role: string }>('/v1/project/oscar/wetlands')).body.role).toBe('writer');
    const granted = smtp.received.find((m) => m.to.includes('alma@example.com'));
    const text = granted ? decodedMail(granted) : '';
    expect(text).toContain('Subject: Project access granted');
    expect(text).toContain('Your request for access to the project oscar/wetlands was accepted.');
    expect(text).toContain('Your permission: Writer (can edit project files).');
    expect(text).toContain('Open it at https://maps.example.org/projects/oscar/wetlands');
    expect(text).toContain('<a href="https://maps.example.org/projects/oscar/wetlands"');
    expect((await asker.get<RequestList>('/app/project/access-requests')).body.count).toBe(0);
    const accepted = await owner.post(`/app/project/access-request/accept/${id}`, { permissions: 'read' });
    expect(accepted.status).toBe(404);
    const member = await asker.post('/app/project/access-request/oscar/wetlands');
    expect(member.status).toBe(409);
    expect(member.body).toMatchObject({ detail: 'You already have access to project' });
  });

  it('cannot be accepted once expired; the requester or an owner may remove them', async () => {
    await bystander.post('/app/project/access-request/oscar/wetlands');
    const id = (await bystander.get<RequestList>('/app/project/access-requests')).body.items[0]?.id ?? 0;
    await server.database.db
      .update(accessRequests)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(accessRequests.id, id));
    const expired = await owner.post(`/app/project/access-request/accept/${id}`, { permissions: 'read' });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ detail: 'Project access request has expired' });
    expect((await asker.request('DELETE', `/app/project/access-request/${id}`)).status).toBe(403);
    expect((await bystander.request('DELETE', `/app/project/access-request/${id}`)).status).toBe(200);
    expect((await bystander.get<RequestList>('/app/project/access-requests')).body.count).toBe(0);
  });

  it('answer 404 for unknown projects and 401 for visitors', async () => {
    expect((await asker.post('/app/project/access-request/oscar/nothing')).status).toBe(404);
    expect((await new HttpClient(server.url).post('/app/project/access-request/oscar/wetlands')).status).toBe(
      401,
    );
  });
});

describe('access requests of a shared workspace', () => {
  let lead: HttpClient;
  let seeker: HttpClient;
  let quiet: HttpClient;

  beforeAll(async () => {
    for (const username of ['wsboss', 'lead', 'seeker', 'quiet']) await server.createUser({ username });
    await server.repos.users.update((await server.repos.users.findByUsername('quiet'))?.id ?? 0, {
      receiveNotifications: false,
    });
    await server.context.workspaces.create({ name: 'survey-team' });
    await server.context.workspaces.addMember({ workspace: 'survey-team', login: 'wsboss', role: 'admin' });
    await server.context.workspaces.addMember({ workspace: 'survey-team', login: 'lead', role: 'guest' });
    const project = await server.createProject('wsboss', 'survey-team', 'river');
    await server.createProject('wsboss', 'survey-team', 'lake');
    const leadId = (await server.repos.users.findByUsername('lead'))?.id ?? 0;
    await server.repos.projects.setMember(project.id, leadId, 'owner');
    lead = new HttpClient(server.url);
    await lead.login('lead', TEST_PASSWORD);
    seeker = new HttpClient(server.url);
    await seeker.login('seeker', TEST_PASSWORD);
    quiet = new HttpClient(server.url);
    await quiet.login('quiet', TEST_PASSWORD);
    for (const client of [seeker, quiet]) {
      expect((await client.post('/app/project/access-request/survey-team/river')).status).toBe(200);
    }
    expect((await seeker.post('/app/project/access-request/survey-team/lake')).status).toBe(200);
  });

  it("are listed to a project's owner for that project only (project_name), to workspace admins for all", async () => {
    const own = await lead.get<RequestList>('/app/project/access-request/survey-team?project_name=river');
    expect(own.status).toBe(200);
    expect(own.body.items.map((item) => [item.project_name, item.requested_by])).toEqual([
      ['river', 'seeker'],
      ['river', 'quiet'],
    ]);
    const all = await lead.get('/app/project/access-request/survey-team');
    expect(all).toMatchObject({
      status: 403,
      body: { detail: "You don't have permissions to list project access requests" },
    });
    expect((await lead.get('/app/project/access-request/survey-team?project_name=lake')).status).toBe(403);
    expect((await seeker.get('/app/project/access-request/survey-team?project_name=river')).status).toBe(403);
  });

  it('are accepted as readers when no permission is given, and mail only requesters who want notifications', async () => {
    const items = (await lead.get<RequestList>('/app/project/access-request/survey-team?project_name=river'))
      .body.items;
    const before = smtp.received.length;
    for (const item of items) {
      expect((await lead.post(`/app/project/access-request/accept/${item.id}`, {})).status).toBe(200);
    }
    for (const client of [seeker, quiet]) {
      expect((await client.get<{ role: string }>('/v1/project/survey-team/river')).body.role).toBe('reader');
    }
    const sent = smtp.received.slice(before);
    expect(sent.map((mail) => mail.to)).toEqual([['seeker@example.com']]);
    expect(decodedMail(sent[0] ?? { from: '', to: [], raw: '' })).toContain(
      'Your permission: Reader (can view project files).',
    );
  });

  it('are cancelled by owners of the project too', async () => {
    const [item] = (await seeker.get<RequestList>('/app/project/access-requests')).body.items;
    expect(item?.project_name).toBe('lake');
    const lake = (await server.repos.projects.findByPath('survey-team', 'lake'))?.project.id ?? '';
    await server.repos.projects.setMember(
      lake,
      (await server.repos.users.findByUsername('lead'))?.id ?? 0,
      'owner',
    );
    expect((await lead.request('DELETE', `/app/project/access-request/${item?.id}`)).status).toBe(200);
    expect((await seeker.get<RequestList>('/app/project/access-requests')).body.count).toBe(0);
    const gone = await lead.post(`/app/project/access-request/accept/${item?.id}`, {});
    expect(gone).toMatchObject({ status: 404, body: { detail: 'Access request not found' } });
  });
});
