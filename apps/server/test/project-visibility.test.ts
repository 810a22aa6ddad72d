import type { GlobalPermission, ProjectRole, WorkspaceRole } from '@waymark/contract';
import { PROJECT_MEMBER_ROLES, WORKSPACE_MEMBER_ROLES } from '@waymark/contract/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canReadProject } from '../src/policies/project.policy.ts';
import {
  type Actor,
  canViewWorkspace,
  effectiveWorkspaceRole,
  type GlobalSettings,
  roleHolderOf,
} from '../src/policies/workspace.policy.ts';
import { HttpClient } from './http-client.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * The SQL visibility filter of the project lists (GET /v1/project/paginated and the workspace project
 * counts) must agree with the read policy for every combination of superuser status, workspace role,
 * global setting, project role and public flag. One server per global setting, all data set up at once.
 */

const SETTINGS: Array<{ permission: GlobalPermission | null; env: Record<string, string> }> = [
  { permission: null, env: {} },
  { permission: 'global_read', env: { GLOBAL_READ: 'true' } },
  { permission: 'global_write', env: { GLOBAL_WRITE: 'true' } },
  { permission: 'global_admin', env: { GLOBAL_ADMIN: 'true' } },
];
const WORKSPACE = 'Shared';
const MAKER = 'maker';

type Person = { username: string | null; isSuperuser: boolean; workspaceRole: WorkspaceRole | null };
type ProjectSpec = { name: string; role: ProjectRole | null; isPublic: boolean };

/** Each signed-in person is a member of `Shared` with one role (or none), plus the maker and a visitor. */
const PEOPLE: Person[] = [
  { username: null, isSuperuser: false, workspaceRole: null },
  { username: MAKER, isSuperuser: false, workspaceRole: 'owner' },
  ...[false, true].flatMap((isSuperuser) =>
    WORKSPACE_MEMBER_ROLES.map((workspaceRole) => ({
      username: `${isSuperuser ? 'super' : 'user'}-${workspaceRole ?? 'none'}`,
      isSuperuser,
      workspaceRole,
    })),
  ),
];

/** Every person but the maker holds the project role in the name of the project (the maker owns all). */
const PROJECTS: ProjectSpec[] = PROJECT_MEMBER_ROLES.flatMap((role) =>
  [false, true].map((isPublic) => ({
    name: `p-${role ?? 'none'}-${isPublic ? 'public' : 'private'}`,
    role,
    isPublic,
  })),
);

const sharedWith = () =>
  PEOPLE.filter((person) => person.username && person.username !== MAKER).map((p) => p.username as string);

/** Shares a project: every person in the list of its role, the maker as its owner. */
function accessOf(spec: ProjectSpec) {
  const lists = { ownersnames: [MAKER], writersnames: [], editorsnames: [], readersnames: [] } as Record<
    string,
    string[]
  >;
  if (spec.role) lists[`${spec.role}snames`] = [...(lists[`${spec.role}snames`] ?? []), ...sharedWith()];
  return lists;
}

function settingsOf(permission: GlobalPermission | null): GlobalSettings {
  return {
    globalRead: permission === 'global_read',
    globalWrite: permission === 'global_write',
    globalAdmin: permission === 'global_admin',
  };
}

/** What the read policy says about one person and one project. */
function policyReads(person: Person, actor: Actor, spec: ProjectSpec, settings: GlobalSettings): boolean {
  const memberRole = person.username === MAKER ? 'owner' : spec.role;
  return canReadProject({
    user: roleHolderOf(actor),
    isPublic: spec.isPublic,
    memberRole: actor ? memberRole : null,
    workspaceRole: effectiveWorkspaceRole(actor, person.workspaceRole ?? undefined, settings),
  });
}

describe.each(SETTINGS)('with global setting $permission', ({ permission, env }) => {
  const settings = settingsOf(permission);
  let server: TestServer;
  let workspaceId: number;
  const clients = new Map<Person, { client: HttpClient; actor: Actor }>();

  beforeAll(async () => {
    server = await startTestServer(env);
    const ids = new Map<string, number>();
    for (const person of PEOPLE) {
      if (!person.username) continue;
      const user = await server.createUser({ username: person.username, isAdmin: person.isSuperuser });
      ids.set(person.username, user.id);
    }
    workspaceId = (await server.context.workspaces.create({ name: WORKSPACE })).id;
    for (const person of PEOPLE) {
      if (person.username && person.workspaceRole)
        await server.context.workspaces.addMember({
          workspace: WORKSPACE,
          login: person.username,
          role: person.workspaceRole,
        });
    }
    const maker = new HttpClient(server.url);
    await maker.login(MAKER, TEST_PASSWORD);
    for (const spec of PROJECTS) {
      await server.createProject(MAKER, WORKSPACE, spec.name, { isPublic: spec.isPublic });
      const shared = await maker.request('PUT', `/v1/project/${WORKSPACE}/${spec.name}`, {
        access: accessOf(spec),
      });
      expect(shared.status).toBe(200);
    }
    for (const person of PEOPLE) {
      const client = new HttpClient(server.url);
      const id = person.username ? ids.get(person.username) : undefined;
      if (person.username && id !== undefined) await client.login(person.username, TEST_PASSWORD);
      clients.set(person, {
        client,
        actor: id === undefined ? null : { id, isAdmin: person.isSuperuser },
      });
    }
  }, 300_000);
  afterAll(() => server?.close());

  it.each(PEOPLE.map((person) => ({ person, name: person.username ?? 'anonymous' })))(
    '$name sees exactly the projects the read policy lets them read',
    async ({ person }) => {
      const entry = clients.get(person);
      if (!entry) throw new Error('no client');
      const { client, actor } = entry;
      const readable = PROJECTS.filter((spec) => policyReads(person, actor, spec, settings)).map(
        (s) => s.name,
      );

      const listed = await client.get<{ projects: Array<{ name: string }>; count: number }>(
        '/v1/project/paginated?page=1&per_page=100',
      );
      expect(listed.status).toBe(200);
      expect(listed.body.projects.map((p) => p.name).sort()).toEqual([...readable].sort());
      expect(listed.body.count).toBe(readable.length);

      const answers = await Promise.all(
        PROJECTS.map(async (spec) => ({
          name: spec.name,
          status: (await client.get(`/v1/project/${WORKSPACE}/${spec.name}`)).status,
        })),
      );
      expect(answers).toEqual(
        PROJECTS.map((spec) => ({ name: spec.name, status: readable.includes(spec.name) ? 200 : 403 })),
      );

      if (!actor) return;
      const workspace = await client.get<{ project_count: number }>(`/v1/workspace/${workspaceId}`);
      const role = effectiveWorkspaceRole(actor, person.workspaceRole ?? undefined, settings);
      const mayView = canViewWorkspace(role, person.workspaceRole !== null);
      expect(workspace.status).toBe(mayView ? 200 : 403);
      if (mayView) expect(workspace.body.project_count).toBe(readable.length);
    },
    60_000,
  );
});
