import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAINTENANCE_TEXT, type Workspace } from '@waymark/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLayoutStore } from '../features/layout/layoutStore.ts';
import { buildProject } from '../features/project/test/projectFixture.ts';
import { listReply } from '../features/projects/projectFixtures.ts';
import { findLastSeenWorkspaceId, readLastWorkspaces } from '../features/workspaces/lastWorkspaces.ts';
import { useWorkspaceStore } from '../features/workspaces/workspaceStore.ts';
import { currentPath, renderApp, stubServer, TEST_USER, TEST_WORKSPACES } from '../test/renderApp.tsx';
import { tCommon } from '../i18n/common.ts';

beforeEach(() => {
  useWorkspaceStore.getState().reset();
  useLayoutStore.setState({ breadcrumbs: null, closedElements: [] });
});

describe('start-up and guards', () => {
  it('sends a visitor of a private page to sign in, remembering the page', async () => {
    stubServer({});
    const { router } = renderApp('/dashboard?tab=1');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(currentPath(router)).toBe('/login?redirect=/dashboard?tab%3D1');
  });

  it('sends "/" to the dashboard for a signed-in user and to sign in for a visitor', async () => {
    stubServer({ isAuthenticated: true });
    const first = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(currentPath(first.router)).toBe('/dashboard');
    first.unmount();

    stubServer({});
    const second = renderApp('/');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(currentPath(second.router)).toBe('/login');
  });

  it('sends a signed-in user away from the sign-in page', async () => {
    stubServer({ isAuthenticated: true });
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('sends a signed-in user from the sign-in page to the dashboard, not to its redirect target', async () => {
    stubServer({ isAuthenticated: true });
    const { router } = renderApp('/login?redirect=/profile');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('keeps admin routes for superusers', async () => {
    stubServer({ isAuthenticated: true });
    const member = renderApp('/admin');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(currentPath(member.router)).toBe('/dashboard');
    expect(screen.queryByText('Admin Panel')).toBeNull();
    member.unmount();

    stubServer({ isAuthenticated: true, isSuperuser: true });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeTruthy();
    expect(within(screen.getByTestId('app-sidebar')).getByText('Admin Panel')).toBeTruthy();
  });

  it('opens public project pages to visitors', async () => {
    stubServer({
      overrides: {
        'GET /v1/project/field-team/survey': { data: buildProject({ public: true, role: null }) },
      },
    });
    const { router } = renderApp('/projects/field-team/survey');
    await screen.findByRole('heading', { name: 'Files' });
    expect(currentPath(router)).toBe('/projects/field-team/survey/tree');
    expect(screen.queryByTestId('app-sidebar')).toBeNull();
    expect(screen.getByTestId('header-sign-in')).toBeTruthy();
  });

  it('redirects the old blob and version addresses to their query forms', async () => {
    stubServer({
      isAuthenticated: true,
      overrides: { 'GET /v1/project/ws/survey': { data: buildProject({ namespace: 'ws' }) } },
    });
    const blob = renderApp('/projects/ws/survey/blob/data/points.gpkg');
    await screen.findByRole('heading', { name: 'survey' });
    expect(currentPath(blob.router)).toBe('/projects/ws/survey/tree?file_path=data/points.gpkg');
    blob.unmount();

    const version = renderApp('/projects/ws/survey/history/v3');
    await screen.findByRole('heading', { name: 'History' });
    expect(currentPath(version.router)).toBe('/projects/ws/survey/history?version_id=v3');
  });

  it('shows a toast when the start-up call fails and treats the user as a visitor', async () => {
    stubServer({ overrides: { 'GET /app/init': { status: 500 } } });
    renderApp('/dashboard');
    expect(await screen.findByText(tCommon('toast.initFailed'))).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows a toast when the workspaces cannot be loaded', async () => {
    stubServer({ isAuthenticated: true, overrides: { 'GET /v1/workspaces': { status: 500 } } });
    renderApp('/dashboard');
    expect(await screen.findByText(tCommon('toast.loadWorkspaces'))).toBeTruthy();
    // The toast comes as the start-up fails, before the guards let the page render.
    expect((await screen.findByTestId('profile-menu-workspace')).textContent).toBe('no workspace');
  });
});

describe('shell', () => {
  it('shows sidebar items, breadcrumbs and the profile button', async () => {
    stubServer({ isAuthenticated: true });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation', hidden: true });
    expect(within(nav).getByRole('link', { name: 'Dashboard', hidden: true }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(within(nav).getByRole('link', { name: 'Projects', hidden: true }).getAttribute('href')).toBe(
      '/projects',
    );
    const crumbs = screen.getByTestId('app-breadcrumbs');
    expect(within(crumbs).getByText('Dashboard').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('profile-menu-name').textContent).toBe('Ada Lovelace-By...');
    expect(screen.getByTestId('profile-menu-workspace').textContent).toBe('field-team');
  });

  it('opens the profile popup with the full name, email and entries', async () => {
    stubServer({ isAuthenticated: true });
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Open profile menu' }));
    // happy-dom keeps PrimeReact's measuring `display: none` on the overlay, so it counts as hidden and
    // Testing Library gives hidden elements no accessible name: check the label attribute instead.
    const panel = await screen.findByRole('dialog', { hidden: true });
    expect(panel.getAttribute('aria-label')).toBe('Profile');
    expect(within(panel).getByText('Ada Lovelace-Byron of Ockham')).toBeTruthy();
    expect(within(panel).getByText('ada@example.com')).toBeTruthy();
    expect(within(panel).getByText('Your profile')).toBeTruthy();
    expect(within(panel).getByText('AO')).toBeTruthy();
  });

  it('shows the current workspace under the name in the popup, or "no workspace"', async () => {
    stubServer({ isAuthenticated: true });
    const first = renderApp('/dashboard');
    await userEvent.click(await screen.findByTestId('profile-menu-button'));
    expect((await screen.findByTestId('profile-panel-workspace')).textContent).toBe('field-team');
    // A single workspace leaves nothing to switch to.
    expect(screen.queryByTestId('workspace-switcher')).toBeNull();
    first.unmount();
    useWorkspaceStore.getState().reset();

    stubServer({ isAuthenticated: true, overrides: { 'GET /v1/workspaces': { data: [] } } });
    renderApp('/profile');
    await userEvent.click(await screen.findByTestId('profile-menu-button'));
    expect((await screen.findByTestId('profile-panel-workspace')).textContent).toBe('no workspace');
  });

  it('switches the current workspace from the popup and remembers it as last seen', async () => {
    const lab: Workspace = { ...(TEST_WORKSPACES[0] as Workspace), id: 5, name: 'survey-lab', role: 'admin' };
    const { requests } = stubServer({
      isAuthenticated: true,
      overrides: {
        'GET /v1/workspaces': { data: [...TEST_WORKSPACES, lab] },
        'GET /v1/project/paginated': listReply([]),
      },
    });
    renderApp('/projects');
    await screen.findByText('Projects in the field-team workspace');
    await userEvent.click(screen.getByTestId('profile-menu-button'));
    const switcher = await screen.findByTestId('workspace-switcher');
    const current = within(switcher).getByTestId('workspace-switcher-3');
    expect(current.getAttribute('aria-current')).toBe('true');
    expect(within(switcher).getByTestId('workspace-switcher-5').getAttribute('aria-current')).toBeNull();

    await userEvent.click(within(switcher).getByTestId('workspace-switcher-5'));
    expect(await screen.findByText('Projects in the survey-lab workspace')).toBeTruthy();
    expect(screen.getByTestId('profile-menu-workspace').textContent).toBe('survey-lab');
    expect(useWorkspaceStore.getState().currentWorkspaceId).toBe(5);
    expect(findLastSeenWorkspaceId(readLastWorkspaces(), TEST_USER.id)).toBe(5);
    await waitFor(() =>
      expect(
        requests.some(
          (request) =>
            request.url === '/v1/project/paginated' && request.params.only_namespace === 'survey-lab',
        ),
      ).toBe(true),
    );
  });

  it('signs out to the sign-in page without offering the page back', async () => {
    const { requests } = stubServer({ isAuthenticated: true });
    const { router } = renderApp('/dashboard');
    await userEvent.click(await screen.findByTestId('profile-menu-button'));
    await userEvent.click(await screen.findByTestId('profile-menu-sign-out'));
    await screen.findByRole('heading', { name: 'Sign in' });
    // A POST, which carries the CSRF token (issue 22): the reference's GET could be forged from another site.
    const logout = requests.find((request) => request.url === '/app/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers['X-CSRF-Token']).toBe('csrf-1');
    expect(currentPath(router)).toBe('/login');
  });

  it('closes the drawer when an item is picked on a narrow screen', async () => {
    stubServer({ isAuthenticated: true });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    useLayoutStore.getState().updateForWidth(800);
    await userEvent.click(screen.getByTestId('drawer-toggle'));
    expect(useLayoutStore.getState().drawer).toBe(true);
    await userEvent.click(screen.getByTestId('sidebar-item-projects'));
    expect(useLayoutStore.getState().drawer).toBe(false);
    expect(await screen.findByRole('heading', { name: 'My projects' })).toBeTruthy();
  });

  it('drops the user after a 401 and sends them to sign in', async () => {
    stubServer({
      isAuthenticated: true,
      overrides: { 'GET /v1/workspace/3': { status: 401, data: { detail: 'x' } } },
    });
    const { router } = renderApp('/profile');
    await screen.findByRole('heading', { name: 'Account details' });
    const { http } = await import('../lib/api/http.ts');
    await http.get('/v1/workspace/3').catch(() => undefined);
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(currentPath(router)).toBe('/login?redirect=/profile');
  });
});

describe('dashboard', () => {
  it('shows the maintenance banner only during maintenance', async () => {
    stubServer({ isAuthenticated: true, isMaintenance: true });
    const first = renderApp('/dashboard');
    expect(await screen.findByText(MAINTENANCE_TEXT)).toBeTruthy();
    first.unmount();

    stubServer({ isAuthenticated: true });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(screen.getByTestId('recent-projects')).toBeTruthy());
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
  });
});

describe('not found', () => {
  it('tells a visitor the page does not exist', async () => {
    stubServer({});
    renderApp('/no/such/page');
    expect(await screen.findByText(tCommon('notFound.title'))).toBeTruthy();
    expect(screen.getByText(tCommon('notFound.body'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: tCommon('notFound.back') })).toBeNull();
  });

  it('offers a signed-in user the way back to the dashboard', async () => {
    stubServer({ isAuthenticated: true });
    const { router } = renderApp('/no/such/page');
    await userEvent.click(await screen.findByRole('button', { name: tCommon('notFound.back') }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(currentPath(router)).toBe('/dashboard');
  });
});
