import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema.ts';
import {
  arrangeWorld,
  type Persona,
  PERSONAS,
  SECRET,
  type Target,
  type Visibility,
  VISIBILITIES,
  type World,
} from './authorization-matrix.arrange.ts';
import { MATRIX, type MatrixRow, type Statuses } from './authorization-matrix.rows.ts';
import type { HttpResponse } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * Every API call × {anonymous, stranger, project reader, editor, writer, owner, workspace admin, workspace guest,
 * superuser} × {private, public project} → the status of the literal table in authorization-matrix.rows.ts. The
 * route list comes from the running server, so a route without a row fails this file. People without access to
 * private projects never see anything of them: no name, file, member or count.
 */

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
/** Personas who may read no private project of the matrix: nothing marked secret may reach them. */
const OUTSIDERS: Persona[] = ['anonymous', 'stranger', 'wsGuest'];

let server: TestServer;
let world: World;
/** The fresh targets of the state-changing calls, by row, persona and visibility. */
const freshTargets = new Map<string, Target>();
const freshKey = (row: MatrixRow, persona: Persona, visibility: Visibility) =>
  `${MATRIX.indexOf(row)}|${persona}|${visibility}`;

beforeAll(async () => {
  server = await startTestServer();
  world = await arrangeWorld(server);
  for (const row of MATRIX.filter((r) => r.target === 'fresh')) {
    for (const visibility of VISIBILITIES) {
      for (const persona of PERSONAS) {
        freshTargets.set(freshKey(row, persona, visibility), await world.fresh(visibility, row.fresh));
      }
    }
  }
}, 300_000);
afterAll(() => server?.close());

function targetOf(row: MatrixRow, persona: Persona, visibility: Visibility): Target {
  if (row.target === 'removed') return world.removed[visibility];
  if (row.target !== 'fresh') return world.shared[visibility];
  const target = freshTargets.get(freshKey(row, persona, visibility));
  if (!target) throw new Error(`no fresh target for ${row.route} ${persona} ${visibility}`);
  return target;
}

/** Live public projects of the matrix's workspace, counted in SQL of the test's own: all an outsider may count. */
async function publicProjectCount(): Promise<number> {
  const [row] = await server.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(
      and(eq(projects.workspaceId, world.workspaceId), eq(projects.public, true), isNull(projects.removedAt)),
    );
  return row?.n ?? 0;
}

/** What no answer may carry: refusals only say why; outsiders see no trace of private projects, not even counts. */
async function expectNothingLeaks(row: MatrixRow, persona: Persona, response: HttpResponse): Promise<void> {
  const where = `${row.route} ${row.variant ?? ''} as ${persona}`;
  if ([401, 403, 404].includes(response.status)) {
    // A refusal about a project says why and nothing else; other refusals may add the reference's field errors.
    if (row.target === 'none') expect(response.body, where).toMatchObject({ detail: expect.any(String) });
    else expect(response.body, where).toMatchObject({ detail: expect.any(String) });
  }
  if (!OUTSIDERS.includes(persona)) return;
  const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  expect(text, where).not.toContain(SECRET);
  if (response.status !== 200) return;
  if (row.route === 'GET /v1/project/paginated') {
    expect((response.body as { count: number }).count, where).toBe(await publicProjectCount());
  }
  if (row.route === 'GET /v1/workspace/{id}') {
    expect((response.body as { project_count: number }).project_count, where).toBe(
      await publicProjectCount(),
    );
  }
}

const byPersona = (statuses: Statuses): Record<string, number> =>
  Object.fromEntries(PERSONAS.map((persona, i) => [persona, statuses[i] ?? 0]));

describe('authorization matrix', () => {
  it('has a row for every route the server registers, and none for a route it does not have', async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const registered = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => HTTP_METHODS.has(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(registered.length).toBeGreaterThan(40);
    const covered = new Set(MATRIX.map((row) => row.route));
    expect(
      registered.filter((route) => !covered.has(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...covered].filter((route) => !registered.includes(route)),
      'rows of routes that do not exist',
    ).toEqual([]);
  });

  it.each(
    MATRIX.map((row, index) => ({
      row,
      index,
      name: `${row.route}${row.variant ? ` (${row.variant})` : ''}`,
    })),
  )('$name', async ({ row, index }) => {
    const columns: Array<Visibility | 'any'> = 'any' in row.expect ? ['any'] : [...VISIBILITIES];
    const actual: Record<string, Record<string, number>> = {};
    const expected: Record<string, Record<string, number>> = {};
    for (const column of columns) {
      const statuses = 'any' in row.expect ? row.expect.any : row.expect[column as Visibility];
      expected[column] = byPersona(statuses);
      actual[column] = {};
      for (const persona of PERSONAS) {
        const visibility = column === 'any' ? 'private' : column;
        const response = await row.call({
          persona,
          client: world.client(persona),
          world,
          target: targetOf(row, persona, visibility),
          unique: `m${index}${persona.toLowerCase()}${column}`,
        });
        actual[column][persona] = response.status;
        await expectNothingLeaks(row, persona, response);
      }
    }
    expect(actual).toEqual(expected);
  });
});
