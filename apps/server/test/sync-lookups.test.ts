import {
  type ConfigResponse,
  LIMIT_TEXTS,
  MAX_PROJECTS_BY_NAMES,
  type ProjectListItem,
  type ProjectsByNamesResponse,
} from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueBearerToken } from '../src/lib/bearer-token.ts';
import { HttpClient } from './http-client.ts';
import { manualClock, startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * What the Mergin clients look up before they sync, through real HTTP: the token they decode, the API level of
 * /config, projects by names (the mobile app's project list) and by id.
 */

let server: TestServer;
let owner: HttpClient;
let stranger: HttpClient;
let anonymous: HttpClient;
let surveyId: string;

async function signedIn(username: string): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  const login = await client.post<{ session: { token: string } }>('/v1/auth/login', {
    login: username,
    password: TEST_PASSWORD,
  });
  client.bearer = login.body.session.token;
  return client;
}

beforeAll(async () => {
  // A clock that never moves: what the caches keep (the caller, their two-factor rule) stays kept for the whole
  // file, so the statement counts below do not depend on how slowly the machine runs them (CACHE_SECONDS).
  server = await startTestServer({ SECRET_KEY: 'sync-lookups-secret-0123' }, { clock: manualClock() });
  await server.createUser({ username: 'olga' });
  await server.createUser({ username: 'sven' });
  surveyId = (await server.createProject('olga', 'olga', 'survey')).id;
  await server.createProject('olga', 'olga', 'open', { isPublic: true });
  owner = await signedIn('olga');
  stranger = await signedIn('sven');
  anonymous = new HttpClient(server.url);
});
afterAll(() => server.close());

describe('the token and /config', () => {
  it('refuses an expired token with 401, though its signature is good', async () => {
    const user = await server.repos.users.findByUsername('olga');
    const expired = issueBearerToken('sync-lookups-secret-0123', {
      user_id: user?.id ?? 0,
      username: 'olga',
      email: 'olga@example.com',
      expire: new Date(Date.now() - 1000).toISOString(),
    });
    const client = new HttpClient(server.url);
    client.bearer = expired;
    expect((await client.get('/v1/user/profile')).status).toBe(401);
    // The same call with a live token works: the 401 is the expiry's.
    expect((await owner.get('/v1/user/profile')).status).toBe(200);
  });
});

describe('GET /config', () => {
  it('announces the API level of the v2 project info and v2 push, as a CE server', async () => {
    const config = (await anonymous.get<ConfigResponse>('/config')).body;
    expect(config.server_type).toBe('ce');
    const [major = 0, minor = 0, fix = 0] = config.version.split('.').map(Number);
    // The Python client asks for ≥ 2025.8.2 before it calls GET /v2/projects/{id}.
    expect(major * 10_000 + minor * 100 + fix).toBeGreaterThanOrEqual(2025_08_02);
    expect({ major: config.major, minor: config.minor, fix: config.fix }).toEqual({ major, minor, fix });
    expect(config.v2_push_enabled).toBe(true);
    // As a production CE server: no v2_pull_enabled, so clients pull with ?since (v1).
    expect('v2_pull_enabled' in config).toBe(false);
  });
});

describe('POST /v1/project/by_names', () => {
  const byNames = (client: HttpClient, projects: string[]) =>
    client.post<ProjectsByNamesResponse | { detail: string }>('/v1/project/by_names', { projects });

  it('answers each readable project as in the list, and 404 for the rest', async () => {
    const response = await byNames(owner, ['olga/survey', 'OLGA/Open', 'olga/missing', 'nobody/x', 'bad']);
    expect(response.status).toBe(200);
    const body = response.body as ProjectsByNamesResponse;
    const survey = body['olga/survey'] as ProjectListItem;
    expect(survey).toMatchObject({
      id: surveyId,
      name: 'survey',
      namespace: 'olga',
      version: 'v0',
      role: 'owner',
    });
    const list = await owner.get<{ projects: ProjectListItem[] }>('/v1/project/paginated?page=1&per_page=50');
    expect(survey).toEqual(list.body.projects.find((project) => project.id === surveyId));
    expect((body['OLGA/Open'] as ProjectListItem).name).toBe('open');
    expect(body['olga/missing']).toEqual({ error: 404 });
    expect(body['nobody/x']).toEqual({ error: 404 });
    expect(body.bad).toEqual({ error: 404 });
  });

  it('hides private projects: 404 for a stranger, 401 for an anonymous caller', async () => {
    expect((await byNames(stranger, ['olga/survey', 'olga/open'])).body).toMatchObject({
      'olga/survey': { error: 404 },
      'olga/open': { name: 'open' },
    });
    expect((await byNames(anonymous, ['olga/survey', 'olga/open', 'nobody/x'])).body).toMatchObject({
      'olga/survey': { error: 401 },
      'olga/open': { name: 'open' },
      'nobody/x': { error: 404 },
    });
  });

  it(`takes at most ${MAX_PROJECTS_BY_NAMES} names`, async () => {
    const names = Array.from({ length: MAX_PROJECTS_BY_NAMES + 1 }, (_, index) => `olga/p${index}`);
    const response = await byNames(owner, names);
    expect(response.status).toBe(400);
    expect((response.body as { detail: string }).detail).toContain(
      LIMIT_TEXTS.tooManyItems(MAX_PROJECTS_BY_NAMES, 'projects'),
    );
    expect((await byNames(owner, names.slice(1))).status).toBe(200);
  });

  it('answers in a fixed number of queries, whatever the number of names', async () => {
    const few = await server.countQueries(() => byNames(owner, ['olga/survey']));
    const many = await server.countQueries(() =>
      byNames(owner, ['olga/survey', 'olga/open', ...Array.from({ length: 40 }, (_, i) => `olga/p${i}`)]),
    );
    expect(many.queries).toBe(few.queries);
  });
});

describe('GET /v1/project/by_uuid/{id}', () => {
  it('answers the project detail to readers, 403 to strangers, 404 for unknown ids', async () => {
    const detail = await owner.get<{ id: string; files: unknown[] }>(`/v1/project/by_uuid/${surveyId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual((await owner.get('/v1/project/olga/survey')).body);
    expect((await stranger.get(`/v1/project/by_uuid/${surveyId}`)).status).toBe(403);
    expect((await owner.get('/v1/project/by_uuid/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
