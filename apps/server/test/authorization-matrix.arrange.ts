import { ACCESS_REQUEST_LIFETIME_MS, type ProjectRole } from '@waymark/contract';
import { HttpClient } from './http-client.ts';
import { startPush } from './push-helper.ts';
import { TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * The world of the authorization matrix, arranged once per file: one person per persona, a shared workspace, a
 * private and a public project that every read-only call targets, and fresh projects for the calls that change
 * state (one per call, persona and visibility, so no call sees another's effects).
 */

/** The people of the matrix, in the column order of its table. */
export const PERSONAS = [
  'anonymous',
  'stranger',
  'reader',
  'editor',
  'writer',
  'owner',
  'wsAdmin',
  'wsGuest',
  'superuser',
] as const;
export type Persona = (typeof PERSONAS)[number];
export const VISIBILITIES = ['private', 'public'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const WORKSPACE = 'team';
/**
 * Everything private that people without access must never see carries this mark: project names, file names and
 * the one member only private projects have. Projects whose name the persona learns legitimately (they asked for
 * access to it, or it may turn public) are created without it.
 */
export const SECRET = 'hush';

const USERNAMES: Record<Exclude<Persona, 'anonymous'>, string> = {
  stranger: 'p-stranger',
  reader: 'p-reader',
  editor: 'p-editor',
  writer: 'p-writer',
  owner: 'p-owner',
  wsAdmin: 'p-wsadmin',
  wsGuest: 'p-wsguest',
  superuser: 'p-super',
};
/** The project roles personas hold on every project of the matrix. */
const PROJECT_ROLES: Array<[Persona, ProjectRole]> = [
  ['reader', 'reader'],
  ['editor', 'editor'],
  ['writer', 'writer'],
  ['owner', 'owner'],
];

export type Target = {
  id: string;
  name: string;
  namespace: string;
  visibility: Visibility;
  /** The pending access request of `asker`, when the target was arranged with one. */
  requestId?: number;
};

export type FreshOptions = {
  /** Name it with the secret mark (default) when private; unmarked when the persona may learn its name. */
  marked?: boolean;
  /** Make `spare` a reader of it. */
  spare?: boolean;
  /** Give it a pending access request of `asker`. */
  request?: boolean;
};

export type World = Awaited<ReturnType<typeof arrangeWorld>>;

/** The id of the one diff of each shared project (v2 diff downloads name diffs by it). */
export const MATRIX_DIFF_ID = 'layer.gpkg-diff-00000000-0000-4000-8000-000000000000';

/** Arranges people, workspace, the shared projects and a push in progress on each; signs every persona in. */
export async function arrangeWorld(server: TestServer) {
  const { repos, context } = server;
  const userIds = new Map<string, number>();
  const create = async (username: string, isAdmin = false) => {
    userIds.set(username, (await server.createUser({ username, isAdmin })).id);
  };
  for (const [persona, username] of Object.entries(USERNAMES))
    await create(username, persona === 'superuser');
  for (const username of ['maker', `${SECRET}-member`, 'spare', 'asker']) await create(username);
  const idOf = (username: string) => {
    const id = userIds.get(username);
    if (id === undefined) throw new Error(`no user ${username}`);
    return id;
  };

  const workspace = await context.workspaces.create({ name: WORKSPACE });
  for (const [login, role] of [
    ['maker', 'owner'],
    [USERNAMES.wsAdmin, 'admin'],
    [USERNAMES.wsGuest, 'guest'],
  ] as const) {
    await context.workspaces.addMember({ workspace: WORKSPACE, login, role });
  }

  let counter = 0;
  /** A project of the workspace made by `maker`, with the personas' project roles (and the secret member if marked). */
  async function project(visibility: Visibility, name: string): Promise<Target> {
    const created = await repos.projects.insertWithVersionZero(
      { workspaceId: workspace.id, name, public: visibility === 'public', creatorId: idOf('maker') },
      { authorId: idOf('maker'), userAgent: 'matrix' },
    );
    const members = [
      { userId: idOf('maker'), role: 'owner' as const },
      ...PROJECT_ROLES.map(([persona, role]) => ({ userId: idOf(usernameOf(persona)), role })),
      ...(name.startsWith(SECRET) ? [{ userId: idOf(`${SECRET}-member`), role: 'reader' as const }] : []),
    ];
    await repos.projects.setMembers(created.id, members);
    return { id: created.id, name, namespace: WORKSPACE, visibility };
  }

  const shared = {} as Record<Visibility, Target>;
  const removed = {} as Record<Visibility, Target>;
  const pushes = {} as Record<Visibility, { transaction: string; chunk: string }>;
  const maker = new HttpClient(server.url);
  await maker.login('maker', TEST_PASSWORD);
  for (const visibility of VISIBILITIES) {
    const mark = visibility === 'private' ? SECRET : 'open';
    shared[visibility] = await project(visibility, `${mark}-read`);
    const [, notesBlob] = await server.seedFiles(shared[visibility].id, [
      { path: `${mark}-layer.gpkg`, content: 'SQLite format 3\u0000 layer' },
      { path: `${mark}-notes.txt`, content: 'notes' },
    ]);
    // The layer's change carries a diff (any stored bytes do), so the diff download has something to refuse.
    await server.database.executeSql(
      'UPDATE file_history SET diff_path = $1, diff_size = 5, diff_checksum = $2, diff_blob_sha256 = $3 WHERE project_id = $4 AND path = $5',
      [MATRIX_DIFF_ID, 'f'.repeat(40), notesBlob, shared[visibility].id, `${mark}-layer.gpkg`],
    );
    removed[visibility] = await project(visibility, `${mark}-gone`);
    await repos.projects.update(removed[visibility].id, { removedAt: new Date(), removedBy: idOf('maker') });
    // A push of the maker in progress: its chunk, finish and cancel calls are the maker's alone.
    const { response, entries } = await startPush(maker, `${WORKSPACE}/${mark}-read`, {
      version: 'v1',
      added: [{ path: 'pending.txt', content: 'pending' }],
    });
    const transaction = response.body.transaction;
    const chunk = entries[0]?.chunks[0];
    if (!transaction || !chunk) throw new Error(`push start: ${response.status}`);
    pushes[visibility] = { transaction, chunk };
  }

  /** A project of its own for one state-changing call of one persona. */
  async function fresh(visibility: Visibility, options: FreshOptions = {}): Promise<Target> {
    counter += 1;
    const mark = visibility === 'public' ? 'open' : options.marked === false ? 'plain' : SECRET;
    const target = await project(visibility, `${mark}-f${counter}`);
    if (options.spare) await repos.projects.setMember(target.id, idOf('spare'), 'reader');
    if (options.request) {
      const request = await repos.accessRequests.insert({
        projectId: target.id,
        requestedBy: idOf('asker'),
        expire: new Date(Date.now() + ACCESS_REQUEST_LIFETIME_MS),
      });
      target.requestId = request.id;
    }
    return target;
  }

  const clients = new Map<Persona, HttpClient>();
  for (const persona of PERSONAS) clients.set(persona, await signIn(server, persona));

  return {
    server,
    workspaceId: workspace.id,
    idOf,
    shared,
    removed,
    pushes,
    fresh,
    signIn: (persona: Persona) => signIn(server, persona),
    client(persona: Persona): HttpClient {
      const client = clients.get(persona);
      if (!client) throw new Error(`no client for ${persona}`);
      return client;
    },
  };
}

export function usernameOf(persona: Persona): string {
  if (persona === 'anonymous') throw new Error('the anonymous persona has no username');
  return USERNAMES[persona];
}

/** A new client: signed in with a session of its own, or anonymous (with the CSRF token of /app/init). */
export async function signIn(server: TestServer, persona: Persona): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  if (persona === 'anonymous') {
    await client.get('/app/init');
    return client;
  }
  const answer = await client.login(usernameOf(persona), TEST_PASSWORD);
  if (answer.status !== 200) throw new Error(`sign-in of ${persona}: ${answer.status}`);
  return client;
}
