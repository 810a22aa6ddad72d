import {
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEvent,
  WEBHOOK_LIMITS,
  WEBHOOK_TEXTS,
  webhookEventSchema,
} from '@waymark/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitWebhookEvent } from '../src/services/webhook-events.ts';
import { HttpClient } from './http-client.ts';
import { push } from './push-helper.ts';
import { decodedMail, startSmtpPeer } from './smtp-peer.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';
import { startWebhookReceiver, waitFor } from './webhook-receiver.ts';

/**
 * Signed webhooks (issue 29) against a real receiver on loopback (allowed by WEBHOOK_ALLOW_PRIVATE_ADDRESSES
 * here): the receiver checks every signature itself; retries, turning off and redelivery run through the real job
 * queue with a one-second first delay. The refusals of private addresses run on a server with the default setting.
 */

const SECRET = 'receiver-secret-0123456789';
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

let server: TestServer;
let strict: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let admin: HttpClient;
let stranger: HttpClient;
let root: HttpClient;
let workspaceId: number;
const receivers: Receiver[] = [];

async function receiver(): Promise<Receiver> {
  const started = await startWebhookReceiver(SECRET);
  receivers.push(started);
  return started;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer(
    {
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      WEBHOOK_RETRY_LIMIT: '2',
      WEBHOOK_DISABLE_AFTER: '2',
      SMTP_URL: smtp.url,
      BASE_URL: 'https://maps.example.org',
    },
    { jobs: true },
  );
  strict = await startTestServer();
  await server.createUser({ username: 'wanda' });
  await server.createUser({ username: 'otto' });
  await server.createUser({ username: 'root', isAdmin: true });
  workspaceId = (await server.repos.workspaces.findByName('wanda'))?.id ?? 0;
  admin = new HttpClient(server.url);
  await admin.login('wanda', TEST_PASSWORD);
  stranger = new HttpClient(server.url);
  await stranger.login('otto', TEST_PASSWORD);
  root = new HttpClient(server.url);
  await root.login('root', TEST_PASSWORD);
});
afterAll(async () => {
  for (const started of receivers) await started.close();
  await server.close();
  await strict.close();
  await smtp.close();
});

const hooksPath = (id = workspaceId) => `/app/workspaces/${id}/webhooks`;

async function addWebhook(url: string, events: string[], client = admin): Promise<Webhook> {
  const answer = await client.post<Webhook>(hooksPath(), { url, secret: SECRET, events });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function deliveries(webhook: Webhook): Promise<WebhookDelivery[]> {
  const answer = await admin.get<WebhookDeliveryList>(`${hooksPath()}/${webhook.id}/deliveries`);
  expect(answer.status).toBe(200);
  return answer.body.items;
}

/** The deliveries once none is pending (and at least `count` exist). */
async function settled(webhook: Webhook, count = 1): Promise<WebhookDelivery[]> {
  return waitFor('deliveries to settle', async () => {
    const items = await deliveries(webhook);
    return items.length >= count && items.every((item) => item.status !== 'pending') ? items : undefined;
  });
}

async function createProject(name: string): Promise<string> {
  const answer = await admin.post('/v1/project/wanda', { name });
  expect(answer.status).toBe(200);
  return (await server.repos.projects.findByName(workspaceId, name))?.id ?? '';
}

const event = (body: unknown): WebhookEvent => webhookEventSchema.parse(body);

describe('webhook administration', () => {
  it("is for the workspace's admins: others get 403, anonymous callers 401, unknown ids 404", async () => {
    expect((await stranger.get(hooksPath())).status).toBe(403);
    expect((await new HttpClient(server.url).get(hooksPath())).status).toBe(401);
    expect(
      (
        await stranger.post(hooksPath(), {
          url: 'http://127.0.0.1:9/',
          secret: SECRET,
          events: ['member.added'],
        })
      ).status,
    ).toBe(403);
    expect((await admin.get(hooksPath(999_999))).status).toBe(404);
    expect((await admin.request('DELETE', `${hooksPath()}/${randomUUID()}`)).status).toBe(404);
    // A superuser manages every workspace's webhooks.
    expect((await root.get(hooksPath())).status).toBe(200);
  });

  it('adds, lists, changes and removes a webhook, never sending its secret back', async () => {
    const hook = await receiver();
    const created = await addWebhook(hook.url, ['project.created', 'project.created', 'member.added']);
    expect(created).toMatchObject({
      url: hook.url,
      events: ['project.created', 'member.added'],
      enabled: true,
      disabled_reason: null,
      failure_count: 0,
    });
    expect(JSON.stringify(created)).not.toContain(SECRET);
    const listed = await admin.get<Webhook[]>(hooksPath());
    expect(listed.body.map((row) => row.id)).toContain(created.id);
    expect(JSON.stringify(listed.body)).not.toContain(SECRET);

    const changed = await admin.request<Webhook>('PATCH', `${hooksPath()}/${created.id}`, {
      events: ['project.deleted'],
      enabled: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ events: ['project.deleted'], enabled: false });

    expect((await admin.request('DELETE', `${hooksPath()}/${created.id}`)).status).toBe(204);
    expect((await admin.get<Webhook[]>(hooksPath())).body.map((row) => row.id)).not.toContain(created.id);
  });

  it('answers 400 with a detail for a bad URL, a short secret or no events', async () => {
    const bad = async (body: object) => {
      const answer = await admin.post<{ detail: string }>(hooksPath(), {
        url: 'http://127.0.0.1:9/',
        secret: SECRET,
        events: ['member.added'],
        ...body,
      });
      expect(answer.status).toBe(400);
      return answer.body.detail;
    };
    expect(await bad({ url: 'ftp://example.org/hook' })).toBe(WEBHOOK_TEXTS.urlScheme);
    expect(await bad({ url: 'not a url' })).toBe(WEBHOOK_TEXTS.urlInvalid);
    expect(await bad({ url: 'http://user:pass@127.0.0.1:9/' })).toBe(WEBHOOK_TEXTS.urlCredentials);
    expect(await bad({ url: 'http://no-such-host.invalid/' })).toBe(WEBHOOK_TEXTS.urlUnresolved);
    expect(await bad({ secret: 'short' })).toContain('secret');
    expect(await bad({ events: [] })).toContain(WEBHOOK_TEXTS.eventsRequired);
    expect(await bad({ events: ['project.exploded'] })).toBeTruthy();
  });
});

describe('address checks (no server-side request forgery)', () => {
  it('refuses loopback, private and link-local addresses when saved, unless the setting allows them', async () => {
    await strict.createUser({ username: 'sally' });
    const client = new HttpClient(strict.url);
    await client.login('sally', TEST_PASSWORD);
    const sallyWorkspace = (await strict.repos.workspaces.findByName('sally'))?.id ?? 0;
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://172.16.5.4/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[fe80::1]/hook',
      'http://[fd00::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
      'http://100.64.0.1/hook',
    ]) {
      const answer = await client.post<{ detail: string }>(`/app/workspaces/${sallyWorkspace}/webhooks`, {
        url,
        secret: SECRET,
        events: ['project.created'],
      });
      expect(answer.status, url).toBe(400);
      expect(answer.body.detail, url).toBe(WEBHOOK_TEXTS.urlPrivate);
    }
    // The same URL is accepted where the setting allows it.
    const hook = await receiver();
    await addWebhook(hook.url, ['project.created']);
  });

  it('checks the address again when delivering: a host that now resolves to a private address gets nothing', async () => {
    // A webhook saved while its host was public, which now points at loopback (DNS rebinding): written below the
    // service, since saving it would be refused.
    const hook = await receiver();
    const sallyWorkspace = (await strict.repos.workspaces.findByName('sally'))?.id ?? 0;
    for (const url of [hook.url, `http://localhost:${hook.port}/hook`]) {
      await strict.repos.webhooks.insert({
        id: randomUUID(),
        workspaceId: sallyWorkspace,
        url,
        secret: SECRET,
        events: ['project.created'],
      });
    }
    await strict.createProject('sally', 'sally', `rebound-${randomUUID().slice(0, 8)}`);
    // The strict server runs no job queue: each delivery's try runs here, as the job would run it.
    const due = await strict.repos.webhooks.due(new Date(), 10);
    expect(due).toHaveLength(2);
    for (const id of due) await strict.context.webhookDeliveries.deliver({ deliveryId: id });
    expect(hook.received).toHaveLength(0);
    const logged = await Promise.all(
      (await strict.repos.webhooks.list(sallyWorkspace)).map(
        async (webhook) => (await strict.repos.webhooks.deliveries(webhook.id, 1, 10)).rows,
      ),
    );
    expect(logged.flat().map((row) => [row.status, row.attempts, row.lastError])).toEqual([
      ['pending', 1, WEBHOOK_TEXTS.urlPrivate],
      ['pending', 1, WEBHOOK_TEXTS.urlPrivate],
    ]);
  });
});

describe('deliveries', () => {
  it('POSTs each event signed over timestamp and body, in the documented schema, after the change committed', async () => {
    const hook = await receiver();
    const webhook = await addWebhook(hook.url, [
      'project.created',
      'project.renamed',
      'version.created',
      'project.deleted',
    ]);
    const projectId = await createProject('signed');
    const pushed = await push(admin, 'wanda/signed', {
      version: 'v0',
      added: [{ path: 'notes.txt', content: 'hello' }],
    });
    expect(pushed.status).toBe(200);
    expect((await admin.request('PATCH', `/v2/projects/${projectId}`, { name: 'signed-2' })).status).toBe(
      204,
    );
    expect((await admin.request('DELETE', `/v2/projects/${projectId}`)).status).toBe(204);

    const items = await settled(webhook, 4);
    expect(items.map((item) => item.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(items[0]).toMatchObject({
      attempts: 1,
      response_status: 200,
      response_body: 'ok',
      last_error: null,
    });
    expect(items[0]?.response_time_ms).toEqual(expect.any(Number));

    expect(hook.received).toHaveLength(4);
    for (const request of hook.received) {
      expect(request.signatureValid).toBe(true);
      expect(Math.abs(request.signatureAgeSeconds)).toBeLessThan(300);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['user-agent']).toMatch(/^Waymark-Webhook\//);
      expect(request.headers['waymark-event']).toBe((request.json as { event: string }).event);
    }
    const byType = new Map(
      hook.received.map((request) => [(request.json as { event: string }).event, request]),
    );
    const created = event(byType.get('project.created')?.json);
    expect(created).toMatchObject({
      workspace: { id: workspaceId, name: 'wanda' },
      actor: { username: 'wanda' },
      data: { project: { id: projectId, name: 'signed', namespace: 'wanda' }, cloned_from: null },
    });
    expect(event(byType.get('version.created')?.json).data).toMatchObject({
      project: { id: projectId, name: 'signed' },
      version: { name: 'v1', changes: { added: 1, updated: 0, removed: 0 } },
    });
    expect(event(byType.get('project.renamed')?.json).data).toMatchObject({
      project: { name: 'signed-2' },
      previous_name: 'signed',
    });
    expect(event(byType.get('project.deleted')?.json).data).toMatchObject({ mode: 'purged' });
    // The delivery header names the delivery of the log.
    expect(items.map((item) => item.id).sort()).toEqual(
      hook.received.map((request) => request.headers['waymark-delivery']).sort(),
    );
  });

  it('records nothing for a change that rolled back', async () => {
    const hook = await receiver();
    const webhook = await addWebhook(hook.url, ['member.added']);
    const workspace = await server.repos.workspaces.findById(workspaceId);
    if (!workspace) throw new Error('no workspace');
    await expect(
      server.repos.transaction(async (tx) => {
        await emitWebhookEvent(tx, workspace, null, 'member.added', () => ({
          member: { id: 1, username: 'ghost' },
          role: 'reader',
        }));
        expect(await tx.webhooks.deliveries(webhook.id, 1, 10)).toMatchObject({ count: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await deliveries(webhook)).toHaveLength(0);
    expect(hook.received).toHaveLength(0);
  });

  it('sends member events, and only the events a webhook subscribed to', async () => {
    const hook = await receiver();
    const webhook = await addWebhook(hook.url, ['member.added', 'member.removed']);
    const otto = await server.repos.users.findByUsername('otto');
    const added = await root.post(`/app/admin/workspaces/${workspaceId}/members`, {
      username: 'otto',
      role: 'reader',
    });
    expect(added.status).toBeLessThan(300);
    await createProject(`unsubscribed-${randomUUID().slice(0, 8)}`);
    expect(
      (await root.request('DELETE', `/app/admin/workspaces/${workspaceId}/members/${otto?.id}`)).status,
    ).toBeLessThan(300);
    await settled(webhook, 2);
    const events = hook.received.map((request) => event(request.json));
    expect(events.map((item) => item.event).sort()).toEqual(['member.added', 'member.removed']);
    expect(events.find((item) => item.event === 'member.added')).toMatchObject({
      actor: { username: 'root' },
      data: { member: { id: otto?.id, username: 'otto' }, role: 'reader' },
    });
    expect(hook.received.every((request) => request.signatureValid)).toBe(true);
  });

  it('tries again after 500s with doubling delays until the receiver answers', async () => {
    const hook = await receiver();
    hook.answers.push({ status: 500, body: 'down' }, { status: 503, body: 'still down' });
    const webhook = await addWebhook(hook.url, ['project.created']);
    await createProject('retried');
    const [item] = await settled(webhook);
    expect(item).toMatchObject({ status: 'succeeded', attempts: 3, response_status: 200, last_error: null });
    expect(hook.received).toHaveLength(3);
    // The same body (and event id) each time, each try freshly signed.
    expect(new Set(hook.received.map((request) => request.body)).size).toBe(1);
    expect(hook.received.every((request) => request.signatureValid)).toBe(true);
    // Delays of 1 s, then 2 s: lower bounds only (a retry never comes early; how late depends on the machine).
    const [first, second, third] = hook.received.map((request) => request.at);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(950);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(1950);
    const webhookAfter = (await admin.get<Webhook[]>(hooksPath())).body.find((row) => row.id === webhook.id);
    expect(webhookAfter?.failure_count).toBe(0);
  });

  it('keeps at most 1 kB of an answer and follows no redirect', async () => {
    const hook = await receiver();
    hook.answers.push(
      { status: 302, headers: { Location: `http://127.0.0.1:${hook.port}/elsewhere` } },
      { status: 302, headers: { Location: `http://127.0.0.1:${hook.port}/elsewhere` } },
      { status: 302, headers: { Location: `http://127.0.0.1:${hook.port}/elsewhere` } },
    );
    const redirected = await addWebhook(hook.url, ['project.created']);
    await createProject('redirected');
    const [item] = await settled(redirected);
    expect(item).toMatchObject({ status: 'failed', attempts: 3, response_status: 302 });
    expect(item?.last_error).toBe(WEBHOOK_TEXTS.redirect);
    expect(hook.received.map((request) => request.path)).toEqual(['/hook', '/hook', '/hook']);
    await admin.request('DELETE', `${hooksPath()}/${redirected.id}`);

    const big = await receiver();
    big.answerAlways({ status: 200, body: 'x'.repeat(50_000) });
    const chatty = await addWebhook(big.url, ['project.created']);
    await createProject('chatty');
    const [answered] = await settled(chatty);
    expect(answered?.status).toBe('succeeded');
    expect(answered?.response_body).toHaveLength(WEBHOOK_LIMITS.responseBodyBytes);
  });

  it('turns a webhook off after deliveries failed in a row, mails the admins, and redelivers once enabled again', async () => {
    const hook = await receiver();
    hook.answerAlways({ status: 500, body: 'broken' });
    const webhook = await addWebhook(hook.url, ['project.renamed']);
    const projectId = await createProject('flaky');
    for (const name of ['flaky-1', 'flaky-2']) {
      expect((await admin.request('PATCH', `/v2/projects/${projectId}`, { name })).status).toBe(204);
    }
    const off = await waitFor('the webhook to be turned off', async () => {
      const found = (await admin.get<Webhook[]>(hooksPath())).body.find((row) => row.id === webhook.id);
      return found?.enabled === false ? found : undefined;
    });
    expect(off).toMatchObject({ disabled_reason: 'failures', failure_count: 2 });
    const failed = await settled(webhook, 2);
    expect(failed.map((item) => [item.status, item.attempts, item.response_status, item.last_error])).toEqual(
      [
        ['failed', 3, 500, WEBHOOK_TEXTS.status(500)],
        ['failed', 3, 500, WEBHOOK_TEXTS.status(500)],
      ],
    );
    expect(hook.received).toHaveLength(6);
    const mail = await waitFor('the mail to the admins', () =>
      smtp.received.find((sent) => sent.to.includes('wanda@example.com') && sent.raw.includes('Webhook')),
    );
    expect(decodedMail(mail)).toContain(hook.url);
    expect(decodedMail(mail)).toContain('https://maps.example.org/workspace/webhooks');

    // Off: new events are not recorded for it, and redelivering is refused until it is enabled again.
    expect((await admin.request('PATCH', `/v2/projects/${projectId}`, { name: 'flaky-3' })).status).toBe(204);
    expect(await deliveries(webhook)).toHaveLength(2);
    const first = failed[1];
    const refused = await admin.post<{ detail: string }>(
      `${hooksPath()}/${webhook.id}/deliveries/${first?.id}/redeliver`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(WEBHOOK_TEXTS.disabled);

    hook.answerAlways({ status: 204 });
    const enabled = await admin.request<Webhook>('PATCH', `${hooksPath()}/${webhook.id}`, { enabled: true });
    expect(enabled.body).toMatchObject({ enabled: true, disabled_reason: null, failure_count: 0 });
    const again = await admin.post<WebhookDelivery>(
      `${hooksPath()}/${webhook.id}/deliveries/${first?.id}/redeliver`,
    );
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ event_id: first?.event_id, redelivery: true, status: 'pending' });
    const items = await settled(webhook, 3);
    expect(items).toHaveLength(3);
    expect(items.find((item) => item.id === again.body.id)).toMatchObject({
      status: 'succeeded',
      response_status: 204,
    });
    // The same event, byte for byte, signed afresh.
    const last = hook.received.at(-1);
    const original = hook.received.find((request) => request.headers['waymark-delivery'] === first?.id);
    expect(last?.headers['waymark-delivery']).toBe(again.body.id);
    expect(last?.signatureValid).toBe(true);
    expect(last?.body).toBe(original?.body);
    expect(event(last?.json).id).toBe(first?.event_id);
    expect(
      (await admin.post(`${hooksPath()}/${webhook.id}/deliveries/${randomUUID()}/redeliver`)).status,
    ).toBe(404);
  });
});
