import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runHousekeeping } from '../src/jobs/housekeeping.ts';
import { mailLog } from '../src/db/schema.ts';
import { HttpClient } from './http-client.ts';
import { startSmtpPeer } from './smtp-peer.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ SMTP_URL: smtp.url, BASE_URL: 'https://maps.example.org' });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});
// Every test starts with empty counters; the SMTP peer keeps what it received.
beforeEach(async () => {
  await server.database.db.delete(mailLog);
});

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).length;

/** Moves every counted mail back in time, as if the hours had passed. */
const age = (hours: number) =>
  server.database.db
    .update(mailLog)
    .set({ createdAt: sql`${mailLog.createdAt} - ${hours} * interval '1 hour'` });

const askReset = (email: string) => new HttpClient(server.url).post('/app/auth/reset-password', { email });

describe('password reset mails are limited', () => {
  it('to 3 an hour per address; beyond that the answer is the same and no mail goes out', async () => {
    await server.createUser({ username: 'target', email: 'target@example.com' });
    for (let i = 0; i < 5; i += 1) {
      const response = await askReset(i % 2 ? 'TARGET@example.com' : 'target@example.com');
      expect({ i, status: response.status, body: response.body }).toEqual({ i, status: 200, body: {} });
    }
    expect(mailsTo('target@example.com')).toBe(3);

    await age(2);
    expect((await askReset('target@example.com')).status).toBe(200);
    expect(mailsTo('target@example.com')).toBe(4);
  });

  it('to 20 an hour per requesting IP address, across addresses', async () => {
    const addresses: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      await server.createUser({ username: `many${i}`, email: `many${i}@example.com` });
      addresses.push(`many${i}@example.com`);
    }
    for (const address of addresses.slice(0, 10)) {
      expect((await askReset(address)).status).toBe(200);
      expect((await askReset(address)).status).toBe(200);
    }
    const before = smtp.received.length;
    const beyond = await askReset('many10@example.com');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({});
    expect(smtp.received.length).toBe(before);
    expect(addresses.map(mailsTo)).toEqual([...Array(10).fill(2), 0]);
  });

  it('answer unknown addresses alike, without counting them', async () => {
    const response = await askReset('nobody@example.com');
    expect(response.status).toBe(200);
    const [row] = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(mailLog);
    expect(row?.n).toBe(0);
  });
});

describe('access request mails to owners are limited', () => {
  let owner: HttpClient;
  let asker: HttpClient;

  beforeAll(async () => {
    await server.createUser({ username: 'olga', email: 'olga@example.com' });
    await server.createUser({ username: 'ivan', email: 'ivan@example.com' });
    await server.createUser({ username: 'rita', email: 'rita@example.com' });
    await server.createProject('olga', 'olga', 'marsh');
    await server.createProject('olga', 'olga', 'dunes');
    owner = new HttpClient(server.url);
    await owner.login('olga', TEST_PASSWORD);
    asker = new HttpClient(server.url);
    await asker.login('ivan', TEST_PASSWORD);
  });

  type RequestList = { items: Array<{ id: number; project_name: string }> };

  /** Requests access to `project` and withdraws (or, when `byOwner`, has the owner decline) the request. */
  async function requestAndWithdraw(client: HttpClient, project: string, byOwner = false) {
    const created = await client.post(`/app/project/access-request/olga/${project}`);
    expect(created.status).toBe(200);
    const list = await client.get<RequestList>('/app/project/access-requests');
    const id = list.body.items.find((item) => item.project_name === project)?.id;
    const removed = await (byOwner ? owner : client).request('DELETE', `/app/project/access-request/${id}`);
    expect(removed.status).toBe(200);
  }

  it('mail the owner once a day per requester and project, across request and withdraw cycles', async () => {
    const before = mailsTo('olga@example.com');
    await requestAndWithdraw(asker, 'marsh');
    expect(mailsTo('olga@example.com')).toBe(before + 1);
    for (let i = 0; i < 3; i += 1) await requestAndWithdraw(asker, 'marsh', i === 1);
    expect(mailsTo('olga@example.com')).toBe(before + 1);

    // Another project of the same owner, and another requester, are told about.
    await requestAndWithdraw(asker, 'dunes');
    const rita = new HttpClient(server.url);
    await rita.login('rita', TEST_PASSWORD);
    await requestAndWithdraw(rita, 'marsh');
    expect(mailsTo('olga@example.com')).toBe(before + 3);

    await age(25);
    await requestAndWithdraw(asker, 'marsh');
    expect(mailsTo('olga@example.com')).toBe(before + 4);
  });

  it('are forgotten by housekeeping once older than every window', async () => {
    await requestAndWithdraw(asker, 'marsh');
    await age(25);
    await requestAndWithdraw(asker, 'dunes');
    await runHousekeeping(server.context);
    const rows = await server.database.db.select({ key: mailLog.key }).from(mailLog);
    expect(rows).toHaveLength(1);
  });
});
