import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Workspace } from '@waymark/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, renderApp, stubServer, TEST_WORKSPACES } from '../../../test/renderApp.tsx';
import type { RecordedRequest } from '../../../test/stubAdapter.ts';
import { useLayoutStore } from '../../layout/layoutStore.ts';
import { useWorkspaceStore } from '../../workspaces/workspaceStore.ts';
import { listReply, makeProject } from '../projectFixtures.ts';
import { tProjects } from '../../../i18n/projects.ts';

const LIST = 'GET /v1/project/paginated';

const listCalls = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url === '/v1/project/paginated');

const lastListParams = (requests: RecordedRequest[]) => listCalls(requests).at(-1)?.params;

const workspaceWithRole = (role: Workspace['role']): Workspace[] => [
  { ...(TEST_WORKSPACES[0] as Workspace), role },
];

beforeEach(() => {
  useWorkspaceStore.getState().reset();
  useLayoutStore.setState({ breadcrumbs: null, closedElements: [] });
});

describe('projects of the current workspace (/projects)', () => {
  it('lists them with the count, versions, size, updated time and warnings', async () => {
    const { requests } = stubServer({
      isAuthenticated: true,
      overrides: {
        [LIST]: listReply([
          makeProject({ name: 'survey', access: { ...makeProject().access, public: true } }),
          makeProject({ name: 'trees', version: 'v12', tags: [], has_conflict: true, disk_usage: 0 }),
        ]),
      },
    });
    renderApp('/projects');
    expect(await screen.findByRole('heading', { name: tProjects('list.myProjectsTitle') })).toBeTruthy();
    const table = await screen.findByTestId('projects-table');
    expect(screen.getByTestId('projects-count').textContent).toBe('2');

    const survey = within(table).getByRole('row', { name: /survey/ });
    expect(within(survey).getByRole('link', { name: 'survey' }).getAttribute('href')).toBe(
      '/projects/field-team/survey',
    );
    expect(within(survey).getByText('3')).toBeTruthy();
    expect(within(survey).getByText('1.5 MB')).toBeTruthy();
    expect(within(survey).getByText('Updated 3 days ago')).toBeTruthy();
    expect(within(survey).getByText(tProjects('list.publicBadge'))).toBeTruthy();
    expect(within(survey).queryByRole('img', { name: tProjects('list.missingQgis') })).toBeNull();

    const trees = within(table).getByRole('row', { name: /trees/ });
    expect(within(trees).getByText('12')).toBeTruthy();
    expect(within(trees).getByText('0.0 MB')).toBeTruthy();
    expect(within(trees).queryByText(tProjects('list.publicBadge'))).toBeNull();
    expect(within(trees).getByRole('img', { name: tProjects('list.missingQgis') })).toBeTruthy();
    expect(within(trees).getByRole('img', { name: tProjects('list.conflict') })).toBeTruthy();

    expect(lastListParams(requests)).toEqual({
      page: 1,
      per_page: 25,
      order_params: 'updated_desc',
      only_namespace: 'field-team',
    });
    expect(screen.queryByTestId('projects-paginator')).toBeNull();
    expect(screen.getByRole('link', { name: tProjects('list.communityButton') }).getAttribute('href')).toBe(
      '/projects/explore',
    );
  });

  it('opens a project when its row is clicked', async () => {
    stubServer({ isAuthenticated: true, overrides: { [LIST]: listReply([makeProject()]) } });
    const { router } = renderApp('/projects');
    const row = within(await screen.findByTestId('projects-table')).getByRole('row', { name: /survey/ });
    await userEvent.click(within(row).getByText('1.5 MB'));
    await waitFor(() => expect(currentPath(router)).toMatch(/^\/projects\/field-team\/survey/), {
      timeout: 8000,
    });
  });

  it('searches trimmed after a pause, back on page 1', async () => {
    const { requests } = stubServer({
      isAuthenticated: true,
      overrides: { [LIST]: listReply([makeProject()], 60) },
    });
    renderApp('/projects');
    const paginator = await screen.findByTestId('projects-paginator');
    await userEvent.click(within(paginator).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastListParams(requests)?.page).toBe(2));

    await userEvent.type(screen.getByPlaceholderText(tProjects('list.searchPlaceholder')), '  tre ');
    await waitFor(() => expect(lastListParams(requests)?.name).toBe('tre'), { timeout: 8000 });
    expect(lastListParams(requests)?.page).toBe(1);
    // Debounced: no request went out for the single letters typed.
    expect(listCalls(requests).some((request) => request.params.name === 't')).toBe(false);
  });

  it('sorts by files size as disk_usage descending', async () => {
    const { requests } = stubServer({
      isAuthenticated: true,
      overrides: { [LIST]: listReply([makeProject()]) },
    });
    renderApp('/projects');
    await screen.findByTestId('projects-table');
    await userEvent.click(screen.getByTestId('projects-sort'));
    // happy-dom leaves PrimeReact's overlay measuring styles on, so its options count as hidden.
    await userEvent.click(
      await screen.findByRole('option', { name: tProjects('projectSortLabels.sizeDesc'), hidden: true }),
    );
    await waitFor(() => expect(lastListParams(requests)?.order_params).toBe('disk_usage_desc'));
  });

  it('pages with the paginator only when there are more projects than fit a page', async () => {
    const { requests } = stubServer({
      isAuthenticated: true,
      overrides: { [LIST]: listReply([makeProject()], 26) },
    });
    renderApp('/projects');
    const paginator = await screen.findByTestId('projects-paginator');
    await userEvent.click(within(paginator).getByRole('button', { name: /next/i }));
    await waitFor(() => expect(lastListParams(requests)?.page).toBe(2));
  });

  it('says so and offers the first project to a workspace owner without projects', async () => {
    stubServer({ isAuthenticated: true, overrides: { [LIST]: listReply([]) } });
    renderApp('/projects');
    expect(await screen.findByText(tProjects('list.emptyNone'))).toBeTruthy();
    expect(screen.getByText(tProjects('list.emptyCreateHint'))).toBeTruthy();
    expect(screen.getByRole('button', { name: tProjects('list.emptyCreateButton') })).toBeTruthy();
    expect(screen.getByRole('button', { name: tProjects('list.createProject') })).toBeTruthy();
  });

  it('offers no creation to a member who may not create projects', async () => {
    stubServer({
      isAuthenticated: true,
      overrides: { [LIST]: listReply([]), 'GET /v1/workspaces': { data: workspaceWithRole('writer') } },
    });
    renderApp('/projects');
    expect(await screen.findByText(tProjects('list.emptyNone'))).toBeTruthy();
    expect(screen.queryByText(tProjects('list.emptyCreateHint'))).toBeNull();
    expect(screen.queryByRole('button', { name: tProjects('list.emptyCreateButton') })).toBeNull();
    expect(screen.queryByRole('button', { name: tProjects('list.createProject') })).toBeNull();
  });

  it('lets a superuser create projects in any current workspace', async () => {
    stubServer({
      isAuthenticated: true,
      isSuperuser: true,
      overrides: { [LIST]: listReply([]), 'GET /v1/workspaces': { data: workspaceWithRole('guest') } },
    });
    renderApp('/projects');
    expect(await screen.findByRole('button', { name: tProjects('list.createProject') })).toBeTruthy();
  });

  it('tells apart an empty search from an empty workspace', async () => {
    stubServer({
      isAuthenticated: true,
      overrides: {
        [LIST]: (request) =>
          listReply(request.params.name ? [] : [makeProject()]) as ReturnType<typeof listReply>,
      },
    });
    renderApp('/projects');
    await screen.findByTestId('projects-table');
    await userEvent.type(screen.getByPlaceholderText(tProjects('list.searchPlaceholder')), 'zzz');
    expect(await screen.findByText(tProjects('list.emptySearch'), {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByText(tProjects('list.emptyNone'))).toBeNull();
    expect(screen.queryByText(tProjects('list.emptyCreateHint'))).toBeNull();
  });

  it('shows the list toast when the projects cannot be loaded', async () => {
    stubServer({ isAuthenticated: true, overrides: { [LIST]: { status: 500, data: {} } } });
    renderApp('/projects');
    expect(await screen.findByText(tProjects('toast.fetchProjectsList'))).toBeTruthy();
    expect(screen.getByText(tProjects('list.loadErrorTitle'))).toBeTruthy();
    expect(screen.queryByText(tProjects('list.emptyNone'))).toBeNull();
  });
});

describe('public projects (/projects/explore)', () => {
  it('says there are no public projects, not that the user has none, when the server has none', async () => {
    stubServer({ overrides: { [LIST]: listReply([]) } });
    renderApp('/projects/explore');
    expect(await screen.findByText(tProjects('list.emptyPublic'))).toBeTruthy();
    expect(screen.queryByText(tProjects('list.emptyNone'))).toBeNull();
  });

  it('lists only public projects, with namespaces and without Public badges', async () => {
    const { requests } = stubServer({
      overrides: { [LIST]: listReply([makeProject({ access: { ...makeProject().access, public: true } })]) },
    });
    renderApp('/projects/explore');
    expect(await screen.findByRole('heading', { name: tProjects('list.publicProjectsTitle') })).toBeTruthy();
    const table = await screen.findByTestId('projects-table');
    expect(within(table).getByRole('link', { name: 'field-team / survey' })).toBeTruthy();
    expect(within(table).queryByText(tProjects('list.publicBadge'))).toBeNull();
    expect(lastListParams(requests)).toMatchObject({ only_public: true });
    expect(screen.queryByRole('button', { name: tProjects('list.createProject') })).toBeNull();
  });
});

describe('projects of a namespace (/projects/:namespace)', () => {
  it('reports a namespace that shows no projects and is not one of the workspaces', async () => {
    const { requests } = stubServer({ isAuthenticated: true, overrides: { [LIST]: listReply([]) } });
    renderApp('/projects/nowhere');
    expect(await screen.findByText(tProjects('list.namespaceNotFound'))).toBeTruthy();
    expect(lastListParams(requests)).toMatchObject({ only_namespace: 'nowhere' });
  });

  it("keeps an empty workspace of the user's as an empty list", async () => {
    stubServer({ isAuthenticated: true, overrides: { [LIST]: listReply([]) } });
    renderApp('/projects/field-team');
    expect(await screen.findByText(tProjects('list.emptyNone'))).toBeTruthy();
    expect(screen.queryByText(tProjects('list.namespaceNotFound'))).toBeNull();
  });

  it('lists the visible projects of another namespace', async () => {
    stubServer({ overrides: { [LIST]: listReply([makeProject({ namespace: 'others' })]) } });
    renderApp('/projects/others');
    expect(await screen.findByTestId('projects-table')).toBeTruthy();
    expect(screen.queryByText(tProjects('list.namespaceNotFound'))).toBeNull();
  });
});
