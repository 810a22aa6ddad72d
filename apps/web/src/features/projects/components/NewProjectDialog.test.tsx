import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, renderApp, stubServer } from '../../../test/renderApp.tsx';
import type { StubReply } from '../../../test/stubAdapter.ts';
import { useLayoutStore } from '../../layout/layoutStore.ts';
import { useWorkspaceStore } from '../../workspaces/workspaceStore.ts';
import { listReply, makeProject } from '../projectFixtures.ts';
import { resetReachabilityForTests } from '../../../lib/network/serverReachability.ts';
import { tProjects } from '../../../i18n/projects.ts';

const CREATE = 'POST /v1/project/field-team';

beforeEach(() => {
  useWorkspaceStore.getState().reset();
  useLayoutStore.setState({ breadcrumbs: null, closedElements: [] });
});

async function openDialog(createReply: StubReply | StubReply[]) {
  const stub = stubServer({
    isAuthenticated: true,
    overrides: { 'GET /v1/project/paginated': listReply([makeProject()]), [CREATE]: createReply },
  });
  const view = renderApp('/projects');
  await userEvent.click(await screen.findByRole('button', { name: tProjects('list.createProject') }));
  const dialog = await screen.findByRole('dialog', { name: tProjects('newProject.header') });
  return { ...stub, ...view, dialog };
}

const nameField = () => screen.getByLabelText(tProjects('newProject.nameLabel'));
// The page's own 'Create project' button shares the name: look inside the dialog.
const submitButton = () =>
  within(screen.getByRole('dialog', { name: tProjects('newProject.header') })).getByRole('button', {
    name: tProjects('newProject.submit'),
  });

describe('new project dialog', () => {
  it('keeps Create disabled while the trimmed name is empty', async () => {
    await openDialog({ data: {} });
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    await userEvent.type(nameField(), '   ');
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    await userEvent.type(nameField(), 'x');
    expect(submitButton().hasAttribute('disabled')).toBe(false);
  });

  it('creates the trimmed name as a private project of the current workspace and opens it', async () => {
    const { requests, router } = await openDialog({ data: {} });
    await userEvent.type(nameField(), '  tree survey  ');
    await userEvent.click(submitButton());
    await waitFor(() => expect(currentPath(router)).toMatch(/^\/projects\/field-team\/tree%20survey/), {
      timeout: 8000,
    });
    const create = requests.find((request) => request.method === 'POST');
    expect(create?.url).toBe('/v1/project/field-team');
    expect(create?.data).toEqual({ name: 'tree survey', public: false });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: tProjects('newProject.header') })).toBeNull(),
    );
  });

  it('shows the server reason under the field and stays open', async () => {
    const detail = 'Project with the same name already exists';
    const { router } = await openDialog({ status: 409, data: { detail } });
    await userEvent.type(nameField(), 'survey');
    await userEvent.click(submitButton());
    expect((await screen.findByTestId('new-project-name-error')).textContent).toBe(detail);
    expect(screen.getByRole('dialog', { name: tProjects('newProject.header') })).toBeTruthy();
    expect(currentPath(router)).toBe('/projects');
    expect(screen.queryByText(tProjects('toast.createProject'))).toBeNull();
  });

  it('falls back to a toast when the server gives no reason', async () => {
    await openDialog({ status: 500, data: {} });
    await userEvent.type(nameField(), 'survey');
    await userEvent.click(submitButton());
    expect(await screen.findByText(tProjects('toast.createProject'))).toBeTruthy();
    expect(screen.getByTestId('new-project-name-error').textContent?.trim()).toBe('');
  });

  it('without an answer from the server, shows the one unreachable notice instead of a toast', async () => {
    resetReachabilityForTests(() => Promise.resolve(false));
    await openDialog({ isNetworkError: true });
    await userEvent.type(nameField(), 'survey');
    await userEvent.click(submitButton());
    expect(await screen.findByTestId('server-unreachable')).toBeTruthy();
    expect(screen.queryByText(tProjects('toast.createProject'))).toBeNull();
    expect(screen.getByRole('dialog', { name: tProjects('newProject.header') })).toBeTruthy();
    resetReachabilityForTests();
  });

  it('closes on Cancel and starts empty the next time', async () => {
    await openDialog({ data: {} });
    await userEvent.type(nameField(), 'draft');
    await userEvent.click(screen.getByRole('button', { name: tProjects('newProject.cancel') }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: tProjects('newProject.header') })).toBeNull(),
    );
    await userEvent.click(screen.getByTestId('projects-create'));
    await screen.findByRole('dialog', { name: tProjects('newProject.header') });
    expect((nameField() as HTMLInputElement).value).toBe('');
  });
});
