import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAINTENANCE_TEXT } from '@waymark/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildProject } from '../features/project/test/projectFixture.ts';
import { useWorkspaceStore } from '../features/workspaces/workspaceStore.ts';
import { PING, renderApp, stubServer } from '../test/renderApp.tsx';
import { tAccount } from '../i18n/account.ts';
import { tCommon } from '../i18n/common.ts';
import { tFiles } from '../i18n/files.ts';
import { tProject } from '../i18n/project.ts';
import { tProjects } from '../i18n/projects.ts';

const OWNED = buildProject({ role: 'owner', permissions: { upload: true, update: true, delete: true } });
const PROJECT_URL = 'GET /v1/project/field-team/survey';

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

beforeEach(() => {
  useWorkspaceStore.getState().reset();
});

describe('read-only maintenance', () => {
  it('shows its banner on a project page too, with the upload area, Clone and the settings writes disabled', async () => {
    stubServer({
      isAuthenticated: true,
      isMaintenance: true,
      overrides: { [PROJECT_URL]: { data: OWNED } },
    });
    const { router } = renderApp('/projects/field-team/survey');
    const banner = await screen.findByTestId('maintenance-banner');
    expect(banner.textContent).toContain(tCommon('maintenanceUi.bannerTitle'));
    expect(banner.textContent).toContain(MAINTENANCE_TEXT);

    const dropArea = await screen.findByTestId('upload-drop-area');
    expect(within(dropArea).getByText(tCommon('maintenanceUi.uploadPaused'))).toBeTruthy();
    expect(isDisabled(within(dropArea).getByRole('button', { name: tFiles('upload.chooseFiles') }))).toBe(
      true,
    );
    expect(isDisabled(within(dropArea).getByRole('button', { name: tFiles('upload.chooseFolder') }))).toBe(
      true,
    );
    expect(isDisabled(screen.getByRole('button', { name: tProject('page.clone') }))).toBe(true);
    // Reading stays: the download is a GET.
    expect(isDisabled(screen.getByRole('button', { name: tProject('page.download') }))).toBe(false);

    await router.navigate('/projects/field-team/survey/settings');
    await screen.findByTestId('project-settings');
    expect(screen.getByTestId('maintenance-banner')).toBeTruthy();
    for (const name of [
      tProject('settings.makePublic'),
      tProject('renameProject.button'),
      tProject('settings.deleteButton'),
    ]) {
      // 'Change password' shows in the account card and in the Security card: every one is disabled.
      const buttons = screen.getAllByRole('button', { name });
      expect(
        buttons.map((button) => isDisabled(button)),
        name,
      ).toEqual(buttons.map(() => true));
    }
  });

  it('disables Create project on the projects list and the account writes on the profile', async () => {
    stubServer({ isAuthenticated: true, isMaintenance: true });
    const { router } = renderApp('/projects');
    expect(await screen.findByTestId('maintenance-banner')).toBeTruthy();
    const create = await screen.findByRole('button', { name: tProjects('list.createProject') });
    expect(isDisabled(create)).toBe(true);

    await router.navigate('/profile');
    await screen.findByTestId('account-details');
    for (const name of [
      tAccount('profile.editAccount'),
      tAccount('profile.changePassword'),
      tAccount('profile.closeAccount'),
    ]) {
      // 'Change password' shows in the account card and in the Security card: every one is disabled.
      const buttons = screen.getAllByRole('button', { name });
      expect(
        buttons.map((button) => isDisabled(button)),
        name,
      ).toEqual(buttons.map(() => true));
    }
    expect(isDisabled(screen.getByRole('switch', { name: tAccount('profile.notifications') }))).toBe(true);
  });

  it('has no banner and nothing disabled while the service is writable', async () => {
    stubServer({ isAuthenticated: true, overrides: { [PROJECT_URL]: { data: OWNED } } });
    renderApp('/projects/field-team/survey');
    const dropArea = await screen.findByTestId('upload-drop-area');
    expect(isDisabled(within(dropArea).getByRole('button', { name: tFiles('upload.chooseFiles') }))).toBe(
      false,
    );
    expect(isDisabled(screen.getByRole('button', { name: tProject('page.clone') }))).toBe(false);
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
  });

  it('learns of maintenance begun since the last ping from the server refusing a write', async () => {
    let isMaintenance = false;
    stubServer({
      isAuthenticated: true,
      overrides: {
        [PROJECT_URL]: { data: OWNED },
        'GET /ping': () => ({ data: { ...PING, maintenance: isMaintenance } }),
        [`PATCH /app/project/${OWNED.id}/public`]: () => {
          isMaintenance = true;
          return { status: 503, data: { detail: MAINTENANCE_TEXT } };
        },
      },
    });
    renderApp('/projects/field-team/survey/settings');
    await screen.findByTestId('project-settings');
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: tProject('settings.makePublic') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: tProject('settings.makePublic') }));
    expect(await screen.findByTestId('maintenance-banner')).toBeTruthy();
    await waitFor(() =>
      expect(isDisabled(screen.getByRole('button', { name: tProject('settings.makePublic') }))).toBe(true),
    );
  });
});
