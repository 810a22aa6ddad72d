import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHousekeeping } from '../src/jobs/scheduler.ts';
import { HttpClient } from './http-client.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ SESSION_MAX_AGE_DAYS: '10', BASE_URL: 'https://maps.example.org' });
  await server.createUser({ username: 'keeper', isAdmin: true });
});
afterAll(() => server.close());

describe('housekeeping', () => {
  it('purges deleted projects after the retention period and drops expired sessions', async () => {
    const client = new HttpClient(server.url);
    await client.login('keeper', TEST_PASSWORD);
    const project = await server.createProject('keeper', 'keeper', 'old-news');
    expect((await client.post(`/v2/projects/${project.id}/scheduleDelete`)).status).toBe(204);

    // Two days on: within the 7-day retention and the 10-day session lifetime, nothing goes.
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
    expect(await runHousekeeping(server.context, inTwoDays)).toEqual({ purgedProjects: 0 });
    expect((await client.get('/v1/user/profile')).status).toBe(200);
    // Eleven days on: the project is purged and the expired session row is gone.
    const inElevenDays = new Date(Date.now() + 11 * 86_400_000);
    expect(await runHousekeeping(server.context, inElevenDays)).toEqual({ purgedProjects: 1 });
    expect((await client.get('/v1/user/profile')).status).toBe(401);
    expect(await server.context.repositories.projects.findById(project.id)).toBeUndefined();
  });
});

describe('mail without SMTP', () => {
  it('writes the message to data/outbox as an .eml file', async () => {
    const admin = new HttpClient(server.url);
    await admin.login('keeper', TEST_PASSWORD);
    const response = await admin.post('/v2/users', {
      email: 'outbox@example.com',
      password: TEST_PASSWORD,
      username: 'outbox',
      notify_user: true,
    });
    expect(response.status).toBe(201);
    const outbox = path.join(server.dataDir, 'outbox');
    const files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const message = readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(message).toContain('To: outbox@example.com');
    expect(message).toContain('Subject: Your Waymark account');
    expect(message).toContain('https://maps.example.org/login');
  });
});
