import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLOSED_ELEMENTS_STORAGE_KEY, type Workspace } from '@waymark/contract';
import { MOBILE_APP_PLAY_URL, MOBILE_APP_STORE_URL } from '../../../lib/constants.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, stubServer, TEST_WORKSPACES } from '../../../test/renderApp.tsx';
import type { RecordedRequest, StubReply } from '../../../test/stubAdapter.ts';
import { useLayoutStore } from '../../layout/layoutStore.ts';
import { listReply, makeProject } from '../../projects/projectFixtures.ts';
import { useWorkspaceStore } from '../../workspaces/workspaceStore.ts';
import { tCommon } from '../../../i18n/common.ts';
import { tProjects } from '../../../i18n/projects.ts';

const ACCESS_REQUESTS = 'GET /app/project/access-request/field-team';
const BASE = TEST_WORKSPACES[0] as Workspace;

function renderDashboard(workspace: Partial<Workspace> = {}, extra: Record<string, StubReply> = {}) {
  const stub = stubServer({
    isAuthenticated: true,
    overrides: {
      'GET /v1/workspaces': { data: [{ ...BASE, ...workspace }] },
      'GET /v1/project/paginated': listReply([makeProject()]),
      [ACCESS_REQUESTS]: { data: { items: [], count: 0 } },
      ...extra,
    },
  });
  renderApp('/dashboard');
  return stub;
}

const accessRequestCalls = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.startsWith('/app/project/access-request/'));

beforeEach(() => {
  useWorkspaceStore.getState().reset();
  useLayoutStore.setState({ breadcrumbs: null, closedElements: [] });
});

describe('storage warning', () => {
  it('warns above 90 percent and stays closed once dismissed', async () => {
    renderDashboard({ storage: 1000, disk_usage: 955 });
    const warning = await screen.findByTestId('storage-warning');
    expect(within(warning).getByText('Your storage is almost full (95%).')).toBeTruthy();
    expect(within(warning).getByText(tProjects('dashboardProject.storageSyncSoon'))).toBeTruthy();
    await userEvent.click(
      within(warning).getByRole('button', { name: tProjects('dashboardProject.closeStorageWarning') }),
    );
    expect(screen.queryByTestId('storage-warning')).toBeNull();
    expect(window.localStorage.getItem(CLOSED_ELEMENTS_STORAGE_KEY)).toContain('dashboard-storage-warning-3');
  });

  it('stays away at 90 percent', async () => {
    renderDashboard({ storage: 1000, disk_usage: 909 });
    await screen.findByTestId('recent-projects-table');
    expect(screen.queryByTestId('storage-warning')).toBeNull();
  });

  it('reads an over-quota workspace as 0 percent, as SPEC §9 says, so no warning', async () => {
    renderDashboard({ storage: 1000, disk_usage: 1500 });
    await screen.findByTestId('recent-projects-table');
    expect(screen.queryByTestId('storage-warning')).toBeNull();
  });
});

describe('recent active projects', () => {
  it('shows the 5 latest updated projects the user works on, in every workspace (shared ones too)', async () => {
    const { requests } = renderDashboard();
    const card = await screen.findByTestId('recent-projects');
    expect(
      within(card).getByRole('heading', { name: tCommon('dashboard.recentProjectsTitle') }),
    ).toBeTruthy();
    const table = await within(card).findByTestId('recent-projects-table');
    expect(within(table).getByRole('link', { name: 'field-team / survey' })).toBeTruthy();
    expect(within(table).getByText('1.5 MB')).toBeTruthy();
    const listParams = requests
      .filter((request) => request.url === '/v1/project/paginated')
      .map((request) => request.params);
    expect(listParams).toContainEqual({ page: 1, per_page: 5, order_params: 'updated_desc', public: false });
    // The count of projects shared with the user, for the link beside the list.
    expect(listParams).toContainEqual({ page: 1, per_page: 1, flag: 'shared' });
    expect(await within(card).findByTestId('recent-projects-shared-count')).toHaveProperty(
      'textContent',
      '1',
    );
  });

  it('suggests the first project when there is none', async () => {
    renderDashboard({}, { 'GET /v1/project/paginated': listReply([]) });
    const card = await screen.findByTestId('recent-projects');
    expect(await within(card).findByText(tProjects('list.emptyNone'))).toBeTruthy();
    expect(within(card).getByRole('button', { name: tProjects('list.emptyCreateButton') })).toBeTruthy();
  });

  it('says when the projects could not be loaded', async () => {
    renderDashboard({}, { 'GET /v1/project/paginated': { status: 500, data: {} } });
    expect(await screen.findByText(tProjects('toast.loadProjects'))).toBeTruthy();
  });
});

describe('access requests', () => {
  const request = {
    id: 1,
    project_id: '00000000-0000-0000-0000-000000000001',
    requested_by: 'grace',
    project_name: 'survey',
    namespace: 'field-team',
    expire: new Date(Date.now() + 6 * 24 * 3600 * 1000 + 3600 * 1000).toISOString(),
  };

  it('shows workspace admins the pending requests with their count', async () => {
    const { requests } = renderDashboard(
      { role: 'admin' },
      { [ACCESS_REQUESTS]: { data: { items: [request], count: 1 } } },
    );
    const card = await screen.findByTestId('access-requests');
    expect(
      within(card).getByRole('heading', { name: tProjects('dashboardProject.accessRequestsTitle') }),
    ).toBeTruthy();
    expect(within(card).getByTestId('access-requests-count').textContent).toBe('1');
    expect(within(card).getByText('grace')).toBeTruthy();
    expect(within(card).getByText('Expiring in 6 days')).toBeTruthy();
    expect(accessRequestCalls(requests)[0]?.params).toEqual({ page: 1, per_page: 10 });
  });

  it('never asks for them on behalf of members below admin', async () => {
    const { requests } = renderDashboard({ role: 'writer' });
    await screen.findByTestId('recent-projects-table');
    expect(accessRequestCalls(requests)).toHaveLength(0);
    expect(screen.queryByTestId('access-requests')).toBeNull();
  });

  it('raises the SPEC §8 toast when they cannot be fetched', async () => {
    renderDashboard({ role: 'owner' }, { [ACCESS_REQUESTS]: { status: 500, data: {} } });
    expect(await screen.findByText(tProjects('toast.fetchAccessRequests'))).toBeTruthy();
    expect(screen.queryByTestId('access-requests')).toBeNull();
  });
});

describe('mobile app footer', () => {
  it('links both stores and can be closed for good', async () => {
    renderDashboard();
    const footer = await screen.findByTestId('mobile-app-footer');
    expect(
      within(footer)
        .getByRole('link', { name: tProjects('dashboardProject.appStore') })
        .getAttribute('href'),
    ).toBe(MOBILE_APP_STORE_URL);
    expect(
      within(footer)
        .getByRole('link', { name: tProjects('dashboardProject.googlePlay') })
        .getAttribute('href'),
    ).toBe(MOBILE_APP_PLAY_URL);
    await userEvent.click(
      within(footer).getByRole('button', { name: tProjects('dashboardProject.closeMobileApp') }),
    );
    await waitFor(() => expect(screen.queryByTestId('mobile-app-footer')).toBeNull());
  });
});
