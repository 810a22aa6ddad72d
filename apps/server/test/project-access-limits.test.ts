import {
  LIMIT_TEXTS,
  MAX_ACCESS_LIST_NAMES,
  projectDetailSchema,
  UPDATE_PROJECT_ACCESS_ERROR,
  updateProjectPartialResponseSchema,
  USERNAME_MAX_LENGTH,
} from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { HttpClient } from './http-client.ts';
import { manualClock, startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

type Access = Record<string, unknown> & { readersnames: string[]; writersnames: string[] };
type Project = { access: Access } & Record<string, unknown>;

const LISTS = ['ownersnames', 'writersnames', 'editorsnames', 'readersnames'] as const;
/** As many real users as one access list may name. */
const MEMBERS = Array.from(
  { length: MAX_ACCESS_LIST_NAMES },
  (_, i) => `member${String(i).padStart(5, '0')}`,
);
const ghosts = (count: number, prefix = 'ghost') =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);

let server: TestServer;
let owner: HttpClient;
let stranger: HttpClient;

beforeAll(async () => {
  // A clock that never moves: what the caches keep (the caller, their two-factor rule) stays kept for the whole
  // file, so the statement counts below do not depend on how slowly the machine runs them (CACHE_SECONDS).
  server = await startTestServer({}, { clock: manualClock() });
  await server.createUser({ username: 'olga' });
  await server.createUser({ username: 'sam1' });
  // Thousands of members: arranged below the services in a few multi-row inserts (no password hashing).
  for (let start = 0; start < MEMBERS.length; start += 2_000) {
    await server.database.db.insert(users).values(
      MEMBERS.slice(start, start + 2_000).map((username) => ({
        username,
        email: `${username}@example.com`,
      })),
    );
  }
  owner = new HttpClient(server.url);
  await owner.login('olga', TEST_PASSWORD);
  stranger = new HttpClient(server.url);
  await stranger.login('sam1', TEST_PASSWORD);
});
afterAll(() => server.close());

const put = <T>(path: string, access: Record<string, unknown>) => owner.request<T>('PUT', path, { access });

describe('PUT /v1/project/{namespace}/{name} with long access lists', () => {
  it('refuses a list over the maximum with 400 naming the list and the maximum, and changes nothing', async () => {
    await server.createProject('olga', 'olga', 'over-limit');
    const path = '/v1/project/olga/over-limit';
    const before = (await owner.get<Project>(path)).body.access;
    for (const list of LISTS) {
      const answer = await put(path, { [list]: ['olga', ...ghosts(MAX_ACCESS_LIST_NAMES)], public: true });
      expect({ list, status: answer.status, body: answer.body }).toMatchObject({
        list,
        status: 400,
        body: { detail: `${LIMIT_TEXTS.tooManyItems(MAX_ACCESS_LIST_NAMES, 'usernames')}(access/${list})` },
      });
    }
    expect(LIMIT_TEXTS.tooManyItems(MAX_ACCESS_LIST_NAMES, 'usernames')).toContain(
      String(MAX_ACCESS_LIST_NAMES),
    );
    expect((await owner.get<Project>(path)).body.access).toEqual(before);
  });

  it('refuses a name longer than any username with 400 naming the entry', async () => {
    await server.createProject('olga', 'olga', 'long-name');
    const path = '/v1/project/olga/long-name';
    const answer = await put(path, { readersnames: ['sam1', 'x'.repeat(USERNAME_MAX_LENGTH + 1)] });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ detail: `${LIMIT_TEXTS.usernameTooLong}(access/readersnames/1)` });
    expect((await owner.get<Project>(path)).body.access.readersnames).toEqual(['olga']);
    // A name of the longest possible length is only unknown, as before.
    const unknown = await put(path, { readersnames: ['sam1', 'x'.repeat(USERNAME_MAX_LENGTH)] });
    expect(unknown.status).toBe(207);
  });

  it('takes a list at the maximum and answers with the same shapes as before', async () => {
    await server.createProject('olga', 'olga', 'at-limit');
    const path = '/v1/project/olga/at-limit';
    const plain = await owner.get<Project>(path);

    const full = await put<Project>(path, { readersnames: MEMBERS });
    expect(full.status).toBe(200);
    expect(Object.keys(full.body).sort()).toEqual(Object.keys(plain.body).sort());
    expect(projectDetailSchema.safeParse(full.body).success).toBe(true);
    expect(full.body.access.readersnames).toHaveLength(MEMBERS.length + 1);
    expect(full.body.access.ownersnames).toEqual(['olga']);

    // Duplicates (also in other letter case) count once; unknown names are reported once each, in order.
    const half = MEMBERS.slice(0, MEMBERS.length / 2);
    const unknown = ghosts(MAX_ACCESS_LIST_NAMES / 4);
    const mixed = [...half, ...unknown, ...unknown.map((name) => name.toUpperCase())];
    expect(mixed).toHaveLength(MAX_ACCESS_LIST_NAMES);
    const partial = await put<Record<string, unknown> & { project: Project }>(path, {
      ownersnames: ['olga'],
      writersnames: ['olga', 'SAM1', 'sam1'],
      readersnames: mixed,
    });
    expect(partial.status).toBe(207);
    expect(Object.keys(partial.body).sort()).toEqual(
      ['code', 'detail', 'invalid_ids', 'invalid_usernames', 'project'].sort(),
    );
    expect(updateProjectPartialResponseSchema.safeParse(partial.body).success).toBe(true);
    expect(partial.body).toMatchObject({
      code: UPDATE_PROJECT_ACCESS_ERROR.code,
      detail: UPDATE_PROJECT_ACCESS_ERROR.detail,
      invalid_usernames: [...unknown, ...unknown.map((name) => name.toUpperCase())],
      invalid_ids: [],
    });
    expect(partial.body.project.access.writersnames).toEqual(['olga', 'sam1']);
    expect(partial.body.project.access.readersnames).toHaveLength(half.length + 2);
    expect((await stranger.get<Project>(path)).body.role).toBe('writer');
  });

  it('resolves the usernames with the same number of queries however many are sent', async () => {
    await server.createProject('olga', 'olga', 'batched');
    const path = '/v1/project/olga/batched';
    // Both updates add some members and take others away, so they do the same kinds of work.
    await put(path, { readersnames: MEMBERS.slice(0, 10) });
    const few = await server.countQueries(() => put(path, { readersnames: MEMBERS.slice(10, 20) }));
    const many = await server.countQueries(() => put(path, { readersnames: MEMBERS.slice(20, 5_020) }));
    expect(few.result.status).toBe(200);
    expect(many.result.status).toBe(200);
    expect((await owner.get<Project>(path)).body.access.readersnames).toHaveLength(5_001);
    expect(many.queries).toBe(few.queries);
  });

  it('keeps answering other users while a large access update runs', async () => {
    await server.createProject('olga', 'olga', 'busy');
    const path = '/v1/project/olga/busy';
    await put(path, { readersnames: MEMBERS });
    await server.createUser({ username: 'tina' });
    await server.createProject('tina', 'tina', 'small');
    const bystander = new HttpClient(server.url);
    await bystander.login('tina', TEST_PASSWORD);
    // What an answer waited on, as the CPU time this process spent meanwhile: on PGlite the database runs in this
    // process, one statement at a time, so the statements an answer waited behind are counted here, and the load
    // of other processes does not stretch them as it stretches wall time.
    const timed = async () => {
      const started = process.cpuUsage();
      const answer = await bystander.get<{ count: number }>('/v1/project/paginated?page=1&per_page=5');
      expect(answer.body.count).toBe(1);
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1000;
    };
    const alone = Math.min(await timed(), await timed(), await timed());

    // Every member moves from reader to writer: the largest change one list can ask for. Meanwhile the other
    // user keeps asking. Measured on PGlite, whose one connection runs one statement at a time: the longest wait
    // is about a second of CPU now; on the old code an answer waited for the update's transaction of one
    // statement per member, well over ten seconds. (On PostgreSQL other requests use other connections.)
    let isDone = false;
    const update = put(path, { writersnames: MEMBERS, readersnames: MEMBERS }).finally(() => {
      isDone = true;
    });
    const waits: number[] = [];
    while (!isDone) waits.push(await timed());
    expect((await update).status).toBe(200);
    expect(Math.max(...waits)).toBeLessThan(alone + 5_000);
  }, 90_000);
});
