import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TIMEOUT_REASONS } from '../src/changesets/engine.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { heavyMapGeoPackage } from './costly-gpkg.ts';
import { HttpClient } from './http-client.ts';
import { push } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * A GeoPackage too costly to draw does not hold up the map of others: its tile is stopped at the engine's time
 * limit (422 with the reason) while another project's tile is drawn meanwhile.
 */

const FIXTURE = path.join(import.meta.dirname, 'fixtures/map/map.gpkg');
let server: TestServer;
let owner: HttpClient;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'map-limits-'));
  server = await startTestServer({
    WORKER_THREADS: '2',
    MAP_THREADS: '1',
    ENGINE_TASK_TIMEOUT_SECONDS: '0.3',
  });
  await server.createUser({ username: 'otto' });
  await server.createProject('otto', 'otto', 'heavy');
  await server.createProject('otto', 'otto', 'light');
  owner = new HttpClient(server.url);
  await owner.login('otto', TEST_PASSWORD);
  await push(owner, 'otto/heavy', {
    version: 'v0',
    added: [{ path: 'heavy.gpkg', content: readFileSync(heavyMapGeoPackage(work)) }],
  });
  await push(owner, 'otto/light', {
    version: 'v0',
    added: [{ path: 'map.gpkg', content: readFileSync(FIXTURE) }],
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

it('stops a tile that takes too long, and draws another project meanwhile', async () => {
  const ended: string[] = [];
  const tile = async (project: string, file: string) => {
    const response = await owner.get<{ detail?: string }>(
      `/v1/project/map/otto/${project}/tiles/0/0/0.pbf?file=${file}&layer=points_3857`,
    );
    ended.push(project);
    return response;
  };
  // Both map threads start first (a thread's start through tsx takes longer than the limit here): one quick task
  // of each project at once, as with MAP_THREADS=1 a project holds one of the two threads at most. Neither is the
  // tile below.
  const warm = await Promise.all([
    owner.get(`/v1/project/map/otto/heavy/features/1?file=heavy.gpkg&layer=points_3857`),
    owner.get(`/v1/project/map/otto/light/tiles/1/0/0.pbf?file=map.gpkg&layer=points_3857`),
  ]);
  expect(warm.map((response) => response.status)).toEqual([200, 200]);
  const [heavy, light] = await Promise.all([tile('heavy', 'heavy.gpkg'), tile('light', 'map.gpkg')]);
  expect(heavy.status).toBe(422);
  expect(heavy.body.detail).toBe(TIMEOUT_REASONS.mapTileTask);
  expect(light.status).toBe(200);
  expect(ended).toEqual(['light', 'heavy']);
  // The server still answers the heavy project's other reads.
  const layers = await owner.get(`/v1/project/map/otto/light/layers`);
  expect(layers.status).toBe(200);
});
