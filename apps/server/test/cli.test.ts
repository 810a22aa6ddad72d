import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '../src/bootstrap.ts';
import { buildProgram } from '../src/cli/program.ts';
import { HttpClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let output: string[];

beforeAll(async () => {
  server = await startTestServer({ ADMIN_USERNAME: 'chief', ADMIN_EMAIL: 'chief@example.com' });
});
afterAll(() => server.close());

/** Runs the CLI program in-process against the test server's database. */
async function cli(...args: string[]): Promise<string[]> {
  output = [];
  const program = buildProgram({
    withContext: (run) => run(server.context),
    blobStores: () => ({ local: server.context.blobs, s3: undefined }),
    maintenance: server.context.maintenance,
    maintenanceInDatabase: false,
    print: (line) => output.push(line),
  });
  await program.parseAsync(['node', 'waymark', ...args]);
  return output;
}

describe('first start', () => {
  it('creates the superuser with a generated password printed once, and only on an empty database', async () => {
    const lines: string[] = [];
    const created = await bootstrapAdmin(server.context, (line) => lines.push(line));
    expect(created?.username).toBe('chief');
    expect(lines.join('\n')).toContain(created?.generatedPassword);

    const client = new HttpClient(server.url);
    expect((await client.login('chief', created?.generatedPassword ?? '')).status).toBe(200);
    expect((await client.get('/app/init')).body).toEqual({ authenticated: true, superuser: true });
    expect((await client.get<Array<{ name: string }>>('/v1/workspaces')).body.map((w) => w.name)).toEqual([
      'chief',
    ]);

    expect(await bootstrapAdmin(server.context, (line) => lines.push(line))).toBeUndefined();
  });
});

describe('the administration CLI', () => {
  it('init creates nothing once users exist', async () => {
    expect(await cli('init')).toEqual(['The database already has users; nothing to do.']);
  });

  it('creates a user who can then sign in, and sets their password', async () => {
    const lines = await cli('user', 'create', 'hank', 'hank@example.com', '--password', 'Hank-pass1');
    expect(lines).toEqual(["Created user 'hank' <hank@example.com>."]);
    expect((await new HttpClient(server.url).login('hank', 'Hank-pass1')).status).toBe(200);

    await cli('user', 'password', 'hank@example.com', '-p', 'Other-pass2');
    expect((await new HttpClient(server.url).login('hank', 'Hank-pass1')).status).toBe(401);
    expect((await new HttpClient(server.url).login('hank', 'Other-pass2')).status).toBe(200);
  });

  it('creates superusers with a generated password', async () => {
    const lines = await cli('user', 'create', 'ivy1', 'ivy@example.com', '--superuser');
    const password = lines[1]?.replace('Generated password: ', '') ?? '';
    const client = new HttpClient(server.url);
    expect((await client.login('ivy1', password)).status).toBe(200);
    expect((await client.get('/app/init')).body).toEqual({ authenticated: true, superuser: true });
  });

  it('creates a workspace with a quota, changes the quota and adds a member with a role', async () => {
    await cli('workspace', 'create', 'Rivers', '--storage', '500MB');
    await cli('workspace', 'add-member', 'Rivers', 'hank', 'writer');
    const client = new HttpClient(server.url);
    await client.login('hank', 'Other-pass2');
    let rivers = (await client.get<Array<{ name: string; storage: number; role: string }>>('/v1/workspaces'))
      .body;
    expect(rivers.find((w) => w.name === 'Rivers')).toMatchObject({ storage: 500_000_000, role: 'writer' });

    await cli('workspace', 'quota', 'rivers', '2GiB');
    await cli('workspace', 'add-member', 'Rivers', 'hank', 'admin');
    rivers = (await client.get<Array<{ name: string; storage: number; role: string }>>('/v1/workspaces'))
      .body;
    expect(rivers.find((w) => w.name === 'Rivers')).toMatchObject({ storage: 2 * 1024 ** 3, role: 'admin' });
  });

  it('refuses bad input with a clear error', async () => {
    await expect(cli('user', 'create', 'jo', 'jo@example.com', '-p', 'Good-pass1')).rejects.toThrow(
      /Username must be 4 to 50/,
    );
    await expect(cli('user', 'create', 'kate', 'kate@example.com', '-p', 'weak')).rejects.toThrow(
      /Passwords must be at least 8 characters long/,
    );
    await expect(cli('workspace', 'create', 'Rivers')).rejects.toThrow(/already exists/);
    await expect(cli('workspace', 'quota', 'Rivers', 'lots')).rejects.toThrow(/Invalid size/);
    await expect(cli('workspace', 'add-member', 'Nowhere', 'hank', 'reader')).rejects.toThrow(
      /Workspace not found/,
    );
  });

  it('switches maintenance mode on a running server', async () => {
    const client = new HttpClient(server.url);
    expect(await cli('maintenance', 'on')).toEqual(['Maintenance mode is on.']);
    expect((await client.get('/ping')).body).toMatchObject({ maintenance: true });
    expect(await cli('maintenance', 'off')).toEqual(['Maintenance mode is off.']);
    expect((await client.get('/ping')).body).toMatchObject({ maintenance: false });
  });
});
