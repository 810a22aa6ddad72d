import { PUSH_TEXTS, V2_ERRORS } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { push, sha1 } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * Path rules of pushes (issue 22 §5): Windows device names in any part of a path, names that differ only in
 * case, and invisible characters (bidirectional controls, zero-width characters) are refused with the
 * reference's texts, in v1 and v2.
 */

let server: TestServer;
let api: HttpClient;
let projects = 0;

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'paula' });
  api = new HttpClient(server.url);
  const login = await api.post<{ session: { token: string } }>('/v1/auth/login', {
    login: 'paula',
    password: TEST_PASSWORD,
  });
  api.bearer = login.body.session.token;
});
afterAll(() => server.close());

async function newProject(): Promise<{ path: string; id: string }> {
  projects += 1;
  const created = await server.createProject('paula', 'paula', `paths-${projects}`);
  return { path: `paula/paths-${projects}`, id: created.id };
}

const entry = (path: string, content = 'x') => ({
  path,
  checksum: sha1(content),
  size: Buffer.byteLength(content),
  chunks: [`c${Math.random().toString(36).slice(2)}`],
});

/** Starts a v1 push adding these paths; cancels it when it got a transaction. */
async function startAdding(project: string, paths: string[]) {
  const response = await api.post<{ transaction?: string; detail?: string }>(`/v1/project/push/${project}`, {
    version: 'v0',
    changes: { added: paths.map((path) => entry(path)), updated: [], removed: [] },
  });
  if (response.body.transaction) await api.post(`/v1/project/push/cancel/${response.body.transaction}`);
  return response;
}

describe('Windows device names', () => {
  it.each(['CON/x.txt', 'aux/notes.txt', 'data/nul.txt', 'photos/Com1/a.jpg', 'lpt9.d/x.txt', 'PRN.txt'])(
    'refuses %j',
    async (path) => {
      const { path: project } = await newProject();
      expect(await startAdding(project, [path])).toMatchObject({
        status: 400,
        body: { detail: PUSH_TEXTS.unsupportedName(path) },
      });
    },
  );

  it('lets names that only begin with one through', async () => {
    const { path: project } = await newProject();
    expect((await startAdding(project, ['console/auxiliary.txt', 'nullable/CONfile.png'])).status).toBe(200);
  });
});

describe('names that differ only in case', () => {
  it('refuses two of them in one push', async () => {
    const { path: project } = await newProject();
    expect(await startAdding(project, ['Case.txt', 'case.txt'])).toMatchObject({
      status: 400,
      body: { detail: PUSH_TEXTS.notUnique },
    });
    expect(await startAdding(project, ['Data/a.txt', 'data/A.TXT'])).toMatchObject({
      status: 400,
      body: { detail: PUSH_TEXTS.notUnique },
    });
  });

  it('lets a rename by case through (the old name is removed), and a file beside one already stored', async () => {
    const { path: project } = await newProject();
    await push(api, project, { version: 'v0', added: [{ path: 'Report.txt', content: 'r' }] });
    const renamed = await push(api, project, {
      version: 'v1',
      added: [{ path: 'report.txt', content: 'r' }],
      removed: [{ path: 'Report.txt', checksum: sha1('r'), size: 1 }],
    });
    expect(renamed.status).toBe(200);
    // As the reference: only the push's own files are compared, not the stored ones.
    const beside = await push(api, project, { version: 'v2', added: [{ path: 'REPORT.txt', content: 'R' }] });
    expect(beside.status).toBe(200);
  });
});

describe('invisible characters', () => {
  it.each(['invoice\u202etxt.pdf', 'a\u200bb.txt', 'dir\u2066/x.txt', '\ufeffnotes.txt', 'x\u200f.txt'])(
    'refuses %j in a new file',
    async (path) => {
      const { path: project } = await newProject();
      expect(await startAdding(project, [path])).toMatchObject({
        status: 400,
        body: { detail: PUSH_TEXTS.unsupportedName(path) },
      });
    },
  );

  it('lets the joiners of Persian and emoji through', async () => {
    const { path: project } = await newProject();
    expect((await startAdding(project, ['می\u200cخواهم.txt', '👩\u200d🌾.txt'])).status).toBe(200);
  });

  it('refuses them in a v2 push too, as an UploadError', async () => {
    const { id } = await newProject();
    const response = await api.post(`/v2/projects/${id}/versions`, {
      version: 'v0',
      check_only: true,
      changes: { added: [entry('CON/a\u200bb.txt')], updated: [], removed: [] },
    });
    expect(response).toMatchObject({
      status: 422,
      body: {
        code: V2_ERRORS.uploadError.code,
        detail: V2_ERRORS.uploadErrorDetail(PUSH_TEXTS.unsupportedName('CON/a\u200bb.txt')),
      },
    });
  });
});
