import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Workspace } from '@waymark/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, renderApp, stubServer } from '../../../test/renderApp.tsx';
import type { StubReply } from '../../../test/stubAdapter.ts';
import { useWorkspaceStore } from '../../workspaces/workspaceStore.ts';
import { buildProject } from '../test/projectFixture.ts';
import { tProject } from '../../../i18n/project.ts';

const workspace = (id: number, name: string, role: Workspace['role']): Workspace => ({
  id,
  name,
  storage: 1000,
  disk_usage: 0,
  project_count: 0,
  role,
});

const FIELD_TEAM = workspace(3, 'field-team', 'owner');
const LAB = workspace(5, 'survey-lab', 'admin');
const READ_ONLY = workspace(6, 'archive', 'reader');
const CLONE_URL = 'POST /v1/project/clone/field-team/survey';

async function openCloneDialog({
  workspaces = [FIELD_TEAM, LAB, READ_ONLY],
  cloneReply = { data: {} },
  isSuperuser = false,
}: {
  workspaces?: Workspace[];
  cloneReply?: StubReply | StubReply[];
  isSuperuser?: boolean;
} = {}) {
  const stub = stubServer({
    isAuthenticated: true,
    isSuperuser,
    overrides: {
      'GET /v1/project/field-team/survey': { data: buildProject() },
      'GET /v1/workspaces': { data: workspaces },
      [CLONE_URL]: cloneReply,
      'GET /v1/project/survey-lab/copy': { data: buildProject({ namespace: 'survey-lab', name: 'copy' }) },
      'GET /v1/project/field-team/copy': { data: buildProject({ name: 'copy' }) },
    },
  });
  const view = renderApp('/projects/field-team/survey');
  await userEvent.click(await screen.findByTestId('project-clone'));
  const dialog = await screen.findByRole('dialog', { name: tProject('cloneProject.header') });
  return { ...stub, ...view, dialog };
}

const submitButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: tProject('cloneProject.submit') }) as HTMLButtonElement;
const nameField = (dialog: HTMLElement) => within(dialog).getByLabelText(tProject('cloneProject.nameLabel'));

// PrimeReact renders the choices in an overlay beside the dialog; happy-dom keeps its measuring
// `display: none` on it, so the options count as hidden and are found by their item class.
async function openWorkspaceChoices(dialog: HTMLElement): Promise<HTMLElement[]> {
  await userEvent.click(within(dialog).getByTestId('clone-dialog-workspace'));
  await waitFor(() => expect(document.querySelectorAll('.p-dropdown-item').length).toBeGreaterThan(0));
  return Array.from(document.querySelectorAll<HTMLElement>('.p-dropdown-item'));
}

async function pickWorkspace(dialog: HTMLElement, name: string) {
  const options = await openWorkspaceChoices(dialog);
  const option = options.find((item) => item.textContent === name);
  if (!option) throw new Error(`No workspace option ${name}`);
  await userEvent.click(option);
}

/** A closing dialog leaves with a short transition: it must not be gone once that time is over. */
async function expectToStayOpen(dialog: HTMLElement) {
  await expect(
    waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 600 }),
  ).rejects.toThrow();
  expect(screen.getByRole('dialog', { name: tProject('cloneProject.header') })).toBe(dialog);
}

beforeEach(() => {
  useWorkspaceStore.getState().reset();
});

describe('clone dialog', () => {
  it('starts from the project name and the current workspace', async () => {
    const { dialog } = await openCloneDialog();
    expect((nameField(dialog) as HTMLInputElement).value).toBe('survey');
    expect(within(dialog).getByTestId('clone-dialog-workspace').textContent).toContain('field-team');
    expect(submitButton(dialog).disabled).toBe(false);
  });

  it('offers only the workspaces where the user may create projects', async () => {
    const { dialog } = await openCloneDialog();
    const options = await openWorkspaceChoices(dialog);
    expect(options.map((option) => option.textContent)).toEqual(['field-team', 'survey-lab']);
  });

  it('is disabled while the name is empty or blank', async () => {
    const { dialog } = await openCloneDialog();
    await userEvent.clear(nameField(dialog));
    expect(submitButton(dialog).disabled).toBe(true);
    await userEvent.type(nameField(dialog), '   ');
    expect(submitButton(dialog).disabled).toBe(true);
    await userEvent.type(nameField(dialog), 'x');
    expect(submitButton(dialog).disabled).toBe(false);
  });

  it('is disabled until a workspace is chosen when none is obvious', async () => {
    // The current workspace (field-team) only lets this user read, and two others are possible.
    const { dialog } = await openCloneDialog({
      workspaces: [workspace(3, 'field-team', 'reader'), LAB, workspace(8, 'north', 'owner')],
    });
    expect(within(dialog).getByTestId('clone-dialog-workspace').textContent).toContain(
      tProject('cloneProject.workspacePlaceholder'),
    );
    expect(submitButton(dialog).disabled).toBe(true);
    await pickWorkspace(dialog, 'survey-lab');
    expect(submitButton(dialog).disabled).toBe(false);
  });

  it('sends the trimmed name and the chosen workspace, then opens the copy', async () => {
    const { dialog, requests, router } = await openCloneDialog();
    await userEvent.clear(nameField(dialog));
    await userEvent.type(nameField(dialog), '  copy  ');
    await pickWorkspace(dialog, 'survey-lab');
    await userEvent.click(submitButton(dialog));
    await waitFor(() => expect(currentPath(router)).toBe('/projects/survey-lab/copy/tree'));
    const clone = requests.find((request) => request.method === 'POST');
    expect(clone?.url).toBe('/v1/project/clone/field-team/survey');
    expect(clone?.data).toEqual({ project: 'copy', namespace: 'survey-lab' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Project cloned as survey-lab/copy')).toBeTruthy();
  });

  it("shows the server's reason under the name and stays open", async () => {
    const { dialog, router } = await openCloneDialog({
      cloneReply: { status: 409, data: { detail: 'Project with the same name already exists' } },
    });
    await userEvent.click(submitButton(dialog));
    const error = await within(dialog).findByTestId('clone-dialog-error');
    await waitFor(() => expect(error.textContent).toBe('Project with the same name already exists'));
    expect(currentPath(router)).toBe('/projects/field-team/survey/tree');
    // Editing the name clears the stale reason.
    await userEvent.type(nameField(dialog), '2');
    expect(error.textContent?.trim()).toBe('');
  });

  it('shows a storage limit refusal under the name too', async () => {
    const { dialog } = await openCloneDialog({
      cloneReply: {
        status: 422,
        data: { code: 'StorageLimitHit', detail: 'You have reached a data limit (StorageLimitHit)' },
      },
    });
    await userEvent.click(submitButton(dialog));
    expect(await within(dialog).findByText('You have reached a data limit (StorageLimitHit)')).toBeTruthy();
  });

  it('toasts the fallback when the failure has no reason', async () => {
    const { dialog } = await openCloneDialog({ cloneReply: { status: 500, data: 'oops' } });
    await userEvent.click(submitButton(dialog));
    expect(await screen.findByText(tProject('cloneProject.failed'))).toBeTruthy();
    expect(within(dialog).getByTestId('clone-dialog-error').textContent?.trim()).toBe('');
  });

  it('is persistent: neither Escape nor a click on the mask closes it, the close control does', async () => {
    const { dialog } = await openCloneDialog();
    await userEvent.type(nameField(dialog), '-draft');
    await userEvent.keyboard('{Escape}');
    await expectToStayOpen(dialog);
    const mask = dialog.closest('.p-dialog-mask');
    if (!(mask instanceof HTMLElement)) throw new Error('No dialog mask');
    await userEvent.click(mask);
    await expectToStayOpen(dialog);
    expect((nameField(dialog) as HTMLInputElement).value).toBe('survey-draft');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes the workspace list on Escape and stays open itself', async () => {
    const { dialog } = await openCloneDialog();
    await openWorkspaceChoices(dialog);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelectorAll('.p-dropdown-item')).toHaveLength(0));
    await expectToStayOpen(dialog);
  });

  it('starts afresh after Cancel', async () => {
    const { dialog } = await openCloneDialog();
    await userEvent.type(nameField(dialog), '-draft');
    await userEvent.click(within(dialog).getByRole('button', { name: tProject('cloneProject.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByTestId('project-clone'));
    const reopened = await screen.findByRole('dialog', { name: tProject('cloneProject.header') });
    expect((nameField(reopened) as HTMLInputElement).value).toBe('survey');
  });
});
