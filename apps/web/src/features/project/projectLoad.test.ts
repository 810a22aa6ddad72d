import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/api/http.ts';
import * as notifications from '../../lib/notifications.ts';
import { createQueryClient } from '../../lib/query/createQueryClient.ts';
import { createStubAdapter } from '../../test/stubAdapter.ts';
import { projectLoadQueryOptions } from './hooks/useProjectLoad.ts';
import { hasPendingRequestFor, loadProject } from './projectLoad.ts';
import { buildProject } from './test/projectFixture.ts';
import { tProject } from '../../i18n/project.ts';

const PROJECT_URL = 'GET /v1/project/field-team/survey';
const REQUESTS_URL = 'GET /app/project/access-requests';
const FORBIDDEN = { status: 403, data: { detail: 'You do not have permissions for this project' } };

const request = (namespace: string, projectName: string) => ({
  id: 1,
  project_id: 'p',
  requested_by: 'ada',
  project_name: projectName,
  namespace,
  expire: '2030-01-01T00:00:00Z',
});

function stub(table: Parameters<typeof createStubAdapter>[0]) {
  const result = createStubAdapter(table);
  http.defaults.adapter = result.adapter;
  return result;
}

const input = { namespace: 'field-team', name: 'survey', isAuthenticated: true };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('hasPendingRequestFor', () => {
  it('matches the project by namespace and name, ignoring case like the server', () => {
    expect(hasPendingRequestFor([request('Field-Team', 'SURVEY')], 'field-team', 'survey')).toBe(true);
    expect(hasPendingRequestFor([request('field-team', 'other')], 'field-team', 'survey')).toBe(false);
    expect(hasPendingRequestFor([request('elsewhere', 'survey')], 'field-team', 'survey')).toBe(false);
  });
});

describe('loadProject', () => {
  it('returns the project', async () => {
    const project = buildProject();
    stub({ [PROJECT_URL]: { data: project } });
    expect(await loadProject(input)).toEqual({ status: 'loaded', project });
  });

  it('reads 404 as not found', async () => {
    stub({ [PROJECT_URL]: { status: 404, data: { detail: 'Project not found' } } });
    expect(await loadProject(input)).toEqual({ status: 'not-found' });
  });

  it('sends a visitor refused with 403 to sign in, without asking for requests', async () => {
    const { requests } = stub({ [PROJECT_URL]: FORBIDDEN });
    expect(await loadProject({ ...input, isAuthenticated: false })).toEqual({ status: 'sign-in' });
    expect(requests.map((item) => item.url)).toEqual(['/v1/project/field-team/survey']);
  });

  it("reports 409 when the signed-in user's pending request is for this project", async () => {
    const { requests } = stub({
      [PROJECT_URL]: FORBIDDEN,
      [REQUESTS_URL]: { data: { items: [request('field-team', 'survey')], count: 1 } },
    });
    expect(await loadProject(input)).toEqual({ status: 'requested' });
    const lookup = requests.find((item) => item.url === '/app/project/access-requests');
    expect(lookup).toBeDefined();
  });

  it('reports 403 when the pending requests are for other projects or cannot be read', async () => {
    stub({
      [PROJECT_URL]: FORBIDDEN,
      [REQUESTS_URL]: { data: { items: [request('field-team', 'other')], count: 1 } },
    });
    expect(await loadProject(input)).toEqual({ status: 'forbidden' });

    stub({ [PROJECT_URL]: FORBIDDEN, [REQUESTS_URL]: { status: 500 } });
    expect(await loadProject(input)).toEqual({ status: 'forbidden' });
  });

  it('toasts any other failure and raises it', async () => {
    const error = vi.spyOn(notifications.notify, 'error');
    stub({ [PROJECT_URL]: { status: 500, data: { detail: 'boom' } } });
    // The toast is the query's: loaded as the page loads it, through the app's query client.
    const query = projectLoadQueryOptions({ ...input, viewer: 7 });
    await expect(createQueryClient().fetchQuery(query)).rejects.toMatchObject({ response: { status: 500 } });
    expect(error).toHaveBeenCalledWith(tProject('page.loadFailed'));
  });
});
