import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ProjectDetail, type Workspace } from '@waymark/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildProject } from '../features/project/test/projectFixture.ts';
import { useWorkspaceStore } from '../features/workspaces/workspaceStore.ts';
import { currentPath, renderApp, stubServer, TEST_WORKSPACES } from '../test/renderApp.tsx';
import { tProject } from '../i18n/project.ts';

const PROJECT_URL = 'GET /v1/project/field-team/survey';
const FORBIDDEN = { status: 403, data: { detail: 'You do not have permissions for this project' } };

function tabNames(): string[] {
  const nav = screen.getByRole('navigation', { name: tProject('page.tabsLabel') });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

async function openProject(
  project: ProjectDetail,
  { isAuthenticated = true, workspaces }: { isAuthenticated?: boolean; workspaces?: Workspace[] } = {},
) {
  const stub = stubServer({
    isAuthenticated,
    overrides: {
      [PROJECT_URL]: { data: project },
      ...(workspaces ? { 'GET /v1/workspaces': { data: workspaces } } : {}),
    },
  });
  const view = renderApp('/projects/field-team/survey');
  await screen.findByTestId('project-header');
  return { ...stub, ...view };
}

beforeEach(() => {
  useWorkspaceStore.getState().reset();
});

describe('project page header', () => {
  it('shows name, namespace, version, size and the Public badge', async () => {
    await openProject(buildProject({ public: true, disk_usage: 5 * 1024 * 1024 }), {
      isAuthenticated: false,
    });
    expect(screen.getByTestId('project-header-name').textContent).toBe('survey');
    expect(screen.getByTestId('project-header-namespace').textContent).toBe('field-team');
    expect(screen.getByTestId('project-header-version').textContent).toBe('v3');
    expect(screen.getByTestId('project-header-size').textContent).toBe('5.00 MB');
    expect(screen.getByTestId('project-header-public').textContent).toContain(tProject('page.publicBadge'));
  });

  it('has no Public badge on a private project', async () => {
    await openProject(buildProject({ public: false }));
    expect(screen.queryByTestId('project-header-public')).toBeNull();
  });

  it('loads again when the route points at another project', async () => {
    const { router } = await openProject(buildProject());
    stubServer({
      isAuthenticated: true,
      overrides: {
        'GET /v1/project/field-team/other': { data: buildProject({ id: 'other-id', name: 'other' }) },
      },
    });
    await router.navigate('/projects/field-team/other');
    await waitFor(() => expect(screen.getByTestId('project-header-name').textContent).toBe('other'));
  });
});

describe('project tabs', () => {
  it('shows visitors the files tab only', async () => {
    await openProject(buildProject({ public: true, role: 'reader' }), { isAuthenticated: false });
    expect(tabNames()).toEqual(['Files']);
  });

  it('adds Map and History for signed-in users who do not own the project', async () => {
    await openProject(buildProject({ role: 'writer' }));
    expect(tabNames()).toEqual(['Files', 'Map', 'History']);
  });

  it('shows owners all five tabs', async () => {
    await openProject(buildProject({ role: 'owner' }));
    expect(tabNames()).toEqual(['Files', 'Map', 'History', 'Collaborators', 'Settings']);
  });

  it('navigates on click and drops the query', async () => {
    stubServer({
      isAuthenticated: true,
      overrides: { [PROJECT_URL]: { data: buildProject({ role: 'owner' }) } },
    });
    const { router } = renderApp('/projects/field-team/survey/tree?file_path=a.gpkg');
    await userEvent.click(await screen.findByTestId('project-tab-history'));
    await waitFor(() => expect(currentPath(router)).toBe('/projects/field-team/survey/history'));
    await userEvent.click(screen.getByTestId('project-tab-settings'));
    await waitFor(() => expect(currentPath(router)).toBe('/projects/field-team/survey/settings'));
    expect(await screen.findByTestId('project-settings')).toBeTruthy();
  });

  it('sends non-owners who open an owner tab by address to the files', async () => {
    stubServer({
      isAuthenticated: true,
      overrides: { [PROJECT_URL]: { data: buildProject({ role: 'reader' }) } },
    });
    const { router } = renderApp('/projects/field-team/survey/settings');
    await screen.findByTestId('files-browser');
    expect(currentPath(router)).toBe('/projects/field-team/survey/tree');
  });
});

describe('project buttons', () => {
  it('offers Download to everybody and Clone only to signed-in users who may create projects', async () => {
    const visitor = await openProject(buildProject({ public: true }), { isAuthenticated: false });
    expect(screen.getByTestId('project-download')).toBeTruthy();
    expect(screen.queryByTestId('project-clone')).toBeNull();
    visitor.unmount();
    useWorkspaceStore.getState().reset();

    const writer = await openProject(buildProject(), {
      workspaces: [{ ...TEST_WORKSPACES[0], role: 'writer' } as Workspace],
    });
    expect(screen.queryByTestId('project-clone')).toBeNull();
    writer.unmount();
    useWorkspaceStore.getState().reset();

    await openProject(buildProject());
    expect(screen.getByTestId('project-clone')).toBeTruthy();
  });

  it("saves the archive under the server's file name, else as {name}.zip", async () => {
    const savedNames: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:archive';
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      savedNames.push(this.download);
    });
    try {
      const archive = new Blob(['PK'], { type: 'application/zip' });
      stubServer({
        isAuthenticated: true,
        overrides: {
          [PROJECT_URL]: { data: buildProject() },
          'GET /v1/project/download/field-team/survey': [
            {
              data: archive,
              headers: {
                'content-disposition': `attachment; filename="survey-v3.zip"; filename*=UTF-8''survey-v3.zip`,
              },
            },
            { data: archive },
          ],
        },
      });
      renderApp('/projects/field-team/survey');
      await userEvent.click(await screen.findByTestId('project-download'));
      await waitFor(() => expect(savedNames).toEqual(['survey-v3.zip']));
      await userEvent.click(screen.getByTestId('project-download'));
      await waitFor(() => expect(savedNames).toEqual(['survey-v3.zip', 'survey.zip']));
    } finally {
      click.mockRestore();
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });

  it('toasts the detail read from a failed download', async () => {
    stubServer({
      isAuthenticated: true,
      overrides: {
        [PROJECT_URL]: { data: buildProject() },
        'GET /v1/project/download/field-team/survey': {
          status: 404,
          data: new Blob([JSON.stringify({ detail: 'Archive is not available' })]),
        },
      },
    });
    renderApp('/projects/field-team/survey');
    await userEvent.click(await screen.findByTestId('project-download'));
    expect(await screen.findByText('Archive is not available')).toBeTruthy();
  });

  describe('Leave project', () => {
    const guestWorkspaces: Workspace[] = [{ ...(TEST_WORKSPACES[0] as Workspace), role: 'guest' }];
    const shared = buildProject({
      access: { ...buildProject().access, readers: [7], readersnames: ['ada'] },
    });

    it('is offered only to guests the project was shared with', async () => {
      const member = await openProject(shared, { workspaces: TEST_WORKSPACES });
      expect(screen.queryByTestId('project-leave')).toBeNull();
      member.unmount();
      useWorkspaceStore.getState().reset();

      await openProject(shared, { workspaces: guestWorkspaces });
      expect(screen.getByTestId('project-leave').textContent).toContain(tProject('page.leave'));
    });

    it("is offered to users outside the project's workspace, who are guests there", async () => {
      const elsewhere: Workspace[] = [{ ...(TEST_WORKSPACES[0] as Workspace), id: 9, name: 'own-team' }];
      await openProject(shared, { workspaces: elsewhere });
      expect(screen.getByTestId('project-leave')).toBeTruthy();
    });

    it('is not offered outside the workspace when the global settings give everyone a role there', async () => {
      stubServer({
        isAuthenticated: true,
        overrides: {
          [PROJECT_URL]: { data: shared },
          'GET /v1/workspaces': { data: [] },
          'GET /config': {
            data: { docs_url: '', global_read: true, global_write: false, global_admin: false },
          },
        },
      });
      renderApp('/projects/field-team/survey');
      await screen.findByTestId('project-download');
      expect(screen.queryByTestId('project-leave')).toBeNull();
    });

    it('confirms, unsubscribes and goes to the dashboard', async () => {
      const { router } = await openProject(shared, { workspaces: guestWorkspaces });
      const { requests } = stubServer({
        isAuthenticated: true,
        overrides: {
          [PROJECT_URL]: { data: shared },
          'GET /v1/workspaces': { data: guestWorkspaces },
          [`POST /app/project/unsubscribe/${shared.id}`]: { data: {} },
        },
      });
      await userEvent.click(screen.getByTestId('project-leave'));
      const dialog = await screen.findByRole('dialog', { name: tProject('leaveProject.header') });
      expect(
        within(dialog).getByText(tProject('leaveProject.message', { path: 'field-team/survey' })),
      ).toBeTruthy();
      await userEvent.click(within(dialog).getByTestId('leave-project-dialog-confirm'));
      await waitFor(() => expect(currentPath(router)).toBe('/dashboard'));
      expect(requests.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([
        `/app/project/unsubscribe/${shared.id}`,
      ]);
    });

    it('toasts when leaving fails', async () => {
      await openProject(shared, { workspaces: guestWorkspaces });
      stubServer({
        isAuthenticated: true,
        overrides: { [`POST /app/project/unsubscribe/${shared.id}`]: { status: 500 } },
      });
      await userEvent.click(screen.getByTestId('project-leave'));
      await userEvent.click(await screen.findByTestId('leave-project-dialog-confirm'));
      expect(await screen.findByText(tProject('leaveProject.failed'))).toBeTruthy();
    });
  });
});

describe('project error screens', () => {
  it('shows the private-project screen for a 403 and lets the user request access', async () => {
    const { requests } = stubServer({
      isAuthenticated: true,
      overrides: {
        [PROJECT_URL]: FORBIDDEN,
        'GET /app/project/access-requests': { data: { items: [], count: 0 } },
        'POST /app/project/access-request/field-team/survey': { data: {} },
      },
    });
    const { router } = renderApp('/projects/field-team/survey');
    const screenCard = await screen.findByTestId('project-forbidden');
    expect(within(screenCard).getByText(tProject('access.privateTitle'))).toBeTruthy();
    expect(within(screenCard).getByText(tProject('access.privateBody'))).toBeTruthy();
    await userEvent.click(within(screenCard).getByRole('button', { name: tProject('access.requestAccess') }));
    expect(await screen.findByText(tProject('access.requested'))).toBeTruthy();
    await waitFor(() => expect(currentPath(router)).toBe('/projects'));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe('/app/project/access-request/field-team/survey');
  });

  it('toasts the detail, or the fallback, when requesting access fails', async () => {
    stubServer({
      isAuthenticated: true,
      overrides: {
        [PROJECT_URL]: FORBIDDEN,
        'GET /app/project/access-requests': { data: { items: [], count: 0 } },
        'POST /app/project/access-request/field-team/survey': [
          { status: 409, data: { detail: 'Project access request already exists' } },
          { status: 500, data: 'oops' },
        ],
      },
    });
    const { router } = renderApp('/projects/field-team/survey');
    const button = await screen.findByTestId('project-request-access');
    await userEvent.click(button);
    expect(await screen.findByText('Project access request already exists')).toBeTruthy();
    await userEvent.click(button);
    expect(await screen.findByText(tProject('access.requestFailed'))).toBeTruthy();
    // The page stays, so the user can try again.
    expect(currentPath(router)).toBe('/projects/field-team/survey');
  });

  it('shows the already-requested screen when a pending request of the user is for this project', async () => {
    stubServer({
      isAuthenticated: true,
      overrides: {
        [PROJECT_URL]: FORBIDDEN,
        'GET /app/project/access-requests': {
          data: {
            items: [
              {
                id: 4,
                project_id: 'p',
                requested_by: 'ada',
                project_name: 'survey',
                namespace: 'field-team',
                expire: '2030-01-01T00:00:00Z',
              },
            ],
            count: 1,
          },
        },
      },
    });
    renderApp('/projects/field-team/survey');
    const card = await screen.findByTestId('project-request-pending');
    expect(within(card).getByText(tProject('access.pendingTitle'))).toBeTruthy();
    expect(within(card).getByText(tProject('access.pendingBody'))).toBeTruthy();
    expect(screen.queryByTestId('project-request-access')).toBeNull();
  });

  it('sends a visitor refused with 403 to sign in with the way back', async () => {
    stubServer({ overrides: { [PROJECT_URL]: FORBIDDEN } });
    const { router } = renderApp('/projects/field-team/survey/tree/data?file_path=data/a.gpkg');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(currentPath(router)).toBe(
      '/login?redirect=/projects/field-team/survey/tree/data?file_path%3Ddata/a.gpkg',
    );
  });

  it('shows the not-found screen for a 404', async () => {
    stubServer({
      isAuthenticated: true,
      overrides: { [PROJECT_URL]: { status: 404, data: { detail: 'x' } } },
    });
    renderApp('/projects/field-team/survey');
    const card = await screen.findByTestId('project-not-found');
    expect(within(card).getByText(tProject('access.notFoundTitle'))).toBeTruthy();
    expect(within(card).getByText(tProject('access.notFoundBody'))).toBeTruthy();
  });

  it('toasts other failures and offers to try again', async () => {
    stubServer({
      isAuthenticated: true,
      overrides: { [PROJECT_URL]: [{ status: 500 }, { data: buildProject() }] },
    });
    renderApp('/projects/field-team/survey');
    expect(await screen.findByText(tProject('page.loadFailed'))).toBeTruthy();
    expect(screen.queryByTestId('project-forbidden')).toBeNull();
    expect(screen.queryByTestId('project-not-found')).toBeNull();
    await userEvent.click(screen.getByTestId('project-retry'));
    expect(await screen.findByTestId('project-header')).toBeTruthy();
  });
});
