import { ERROR_TEXTS, USAGE_REPORT_COLUMNS } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageSnapshots } from '../src/db/schema.ts';
import { usageSnapshotJob } from '../src/jobs/jobs.ts';
import { HttpClient } from './http-client.ts';
import { push } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/** GET /app/admin/report: the reference's usage CSV (server/mergin/stats), for superusers. */

const HEADER = `${USAGE_REPORT_COLUMNS.join(',')}\r\n`;
const MICROS_Z = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: TestServer;
let root: HttpClient;

const report = (client: HttpClient, query: string) => client.get<string>(`/app/admin/report${query}`);
const rowsOf = (csv: string) =>
  csv
    .split('\r\n')
    .slice(1, -1)
    .map((line) => Object.fromEntries(line.split(',').map((value, i) => [USAGE_REPORT_COLUMNS[i], value])));

beforeAll(async () => {
  server = await startTestServer({ BASE_URL: 'https://maps.example.org' });
  await server.createUser({ username: 'root', isAdmin: true });
  await server.createUser({ username: 'ella' });
  root = new HttpClient(server.url);
  await root.login('root', TEST_PASSWORD);
});
afterAll(() => server.close());

describe('GET /app/admin/report', () => {
  it('is for superusers only: 401 without a session, 403 for others, as problems', async () => {
    const anonymous = await report(new HttpClient(server.url), '?date_from=2021-01-01&date_to=2021-01-02');
    expect({ status: anonymous.status, type: anonymous.headers.get('content-type') }).toEqual({
      status: 401,
      type: 'application/problem+json',
    });
    const ella = new HttpClient(server.url);
    await ella.login('ella', TEST_PASSWORD);
    const refused = await report(ella, '?date_from=2021-01-01&date_to=2021-01-02');
    expect({ status: refused.status, body: refused.body }).toMatchObject({
      status: 403,
      body: { detail: ERROR_TEXTS.permissionDenied },
    });
  });

  it("refuses missing and malformed dates with the reference's 400", async () => {
    for (const query of [
      '',
      '?date_from=2021-01-01',
      '?date_from=2021-01-01T00:00:00&date_to=2021-01-01',
      '?date_from=2021-02-30&date_to=2021-03-01',
      '?date_from=01.01.2021&date_to=2021-03-01',
    ]) {
      const response = await report(root, query);
      expect({ query, status: response.status, type: response.headers.get('content-type') }).toEqual({
        query,
        status: 400,
        type: 'application/problem+json',
      });
    }
    const bad = await report(root, '?date_from=2021-01-01T00:00:00&date_to=2021-01-01');
    expect((bad.body as unknown as { detail: string }).detail).toContain('Invalid date format');
  });

  it('answers only the header row as CSV when no snapshot is in the range', async () => {
    const response = await report(root, '?date_from=2001-01-01&date_to=2001-12-31');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=usage-report.csv');
    expect(response.body).toBe(HEADER);
  });

  it("writes a snapshot of the server's figures with the reference's columns", async () => {
    const mira = await server.createUser({ username: 'mira' });
    const api = new HttpClient(server.url);
    await api.login('mira', TEST_PASSWORD);
    await server.createProject('mira', 'mira', 'survey');
    await push(api, 'mira/survey', { version: 'v0', added: [{ path: 'a.txt', content: 'a' }] });
    const removed = await server.createProject('mira', 'mira', 'gone');
    await server.repos.projects.update(removed.id, { removedAt: new Date() });
    expect(mira.id).toBeGreaterThan(0);

    await server.context.usageReport.snapshot();
    await server.context.usageReport.snapshot();
    const today = new Date().toISOString().slice(0, 10);
    const response = await report(root, `?date_from=${today}&date_to=${today}`);
    expect(response.status).toBe(200);
    const rows = rowsOf(response.body);
    expect(rows).toHaveLength(2);
    const [newest, older] = rows;
    expect(newest).toMatchObject({
      url: 'https://maps.example.org',
      contact_email: '',
      licence: 'ce',
      projects_count: '1',
      users_count: '3',
      workspaces_count: '3',
      monthly_contributors: '1',
      editors: '3',
      sso_connections: '0',
    });
    expect(newest?.service_uuid).toMatch(UUID);
    expect(older?.service_uuid).toBe(newest?.service_uuid);
    expect(newest?.server_version).toMatch(/^\d+\.\d+/);
    expect(newest?.last_change).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{6})?Z$/);
    expect(newest?.created_at).toMatch(MICROS_Z);
    expect((newest?.created_at ?? '') >= (older?.created_at ?? '')).toBe(true);
  });

  it('includes both days of the range whole, newest first, and quotes fields as Python does', async () => {
    const at = (iso: string) => new Date(iso);
    await server.repos.usageSnapshots.insert({ url: 'before' }, at('2020-12-31T23:59:59.999Z'));
    await server.repos.usageSnapshots.insert({ url: 'first, "quoted"' }, at('2021-01-01T00:00:00.000Z'));
    await server.repos.usageSnapshots.insert({ url: 'last' }, at('2021-01-02T23:59:59.999Z'));
    await server.repos.usageSnapshots.insert({ url: 'after' }, at('2021-01-03T00:00:00.000Z'));
    const response = await report(root, '?date_from=2021-01-01&date_to=2021-01-02');
    expect(response.body).toBe(
      `${HEADER},last,,,,,,,,,,,2021-01-02T23:59:59.999000Z\r\n` +
        `,"first, ""quoted""",,,,,,,,,,,2021-01-01T00:00:00.000000Z\r\n`,
    );
    // A range that ends before it starts has no day in it.
    expect((await report(root, '?date_from=2021-01-02&date_to=2021-01-01')).body).toBe(HEADER);
  });

  it('streams many snapshots page by page, each once, newest first (ties by insertion)', async () => {
    const base = Date.UTC(2019, 0, 1);
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      // Pairs share a time: the pages must split them without losing or repeating one.
      createdAt: new Date(base + Math.floor(i / 2) * 60_000),
      data: { projects_count: i },
    }));
    await server.database.db.insert(usageSnapshots).values(rows);
    const response = await report(root, '?date_from=2019-01-01&date_to=2019-01-31');
    const counts = rowsOf(response.body).map((row) => Number(row.projects_count));
    expect(counts).toEqual(rows.map((_, i) => i).reverse());
  });

  it('the job saves a snapshot at start only when the newest is older than 12 hours', async () => {
    const job = usageSnapshotJob(server.context);
    const count = async () =>
      (await server.database.db.select().from(usageSnapshots)).filter(
        (row) => row.createdAt > new Date(Date.now() - 60_000),
      ).length;
    const before = await count();
    await job.run({ ifDue: true }, { retryCount: 0, last: true });
    expect(await count()).toBe(before);
    await job.run({}, { retryCount: 0, last: true });
    expect(await count()).toBe(before + 1);
  });
});
