import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ProjectDetail } from '@waymark/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildProject } from '../features/project/test/projectFixture.ts';
import { useWorkspaceStore } from '../features/workspaces/workspaceStore.ts';
import { CONFIG, currentPath, renderApp, stubServer } from '../test/renderApp.tsx';
import type { Responder } from '../test/stubAdapter.ts';
import { tProject } from '../i18n/project.ts';
import { tCommon } from '../i18n/common.ts';

const OWNED = buildProject({ role: 'owner', name: 'Survey 2025' });
const PROJECT_URL = 'GET /v1/project/field-team/Survey%202025';
const PUBLIC_URL = `PATCH /app/project/${OWNED.id}/public`;
const DELETE_URL = `POST /v2/projects/${OWNED.id}/scheduleDelete`;

async function openSettings(project: ProjectDetail, replies: Record<string, Responder> = {}) {
  const stub = stubServer({
    isAuthenticated: true,
    overrides: { [PROJECT_URL]: { data: project }, ...replies },
  });
  const view = renderApp('/projects/field-team/Survey%202025/settings');
  await screen.findByTestId('project-settings');
  return { ...stub, ...view };
}

const writes = (requests: { method: string; url: string; data: unknown }[]) =>
  requests.filter((request) => request.method !== 'GET');

beforeEach(() => {
  useWorkspaceStore.getState().reset();
});

describe('settings: public or private', () => {
  it('makes a private project public after the confirmation', async () => {
    const { requests } = await openSettings(OWNED, { [PUBLIC_URL]: { status: 204 } });
    expect(screen.getByText(tProject('settings.visibilityTitle'))).toBeTruthy();
    expect(screen.getByTestId('project-visibility-state').textContent).toBe(
      tProject('settings.privateState'),
    );

    await userEvent.click(screen.getByRole('button', { name: tProject('settings.makePublic') }));
    // Not the generic 'Action' and 'Yes': the dialog says that anyone with the link gets the data.
    const dialog = await screen.findByRole('dialog', { name: tProject('settings.confirmPublicHeader') });
    expect(within(dialog).getByText(tProject('settings.confirmPublic')).textContent).toContain(
      'Anyone with the link will be able to see and download the data',
    );
    expect(within(dialog).queryByRole('button', { name: 'Yes' })).toBeNull();
    expect(writes(requests)).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: tProject('settings.makePublic') }));
    await waitFor(() =>
      expect(screen.getByTestId('project-visibility-state').textContent).toBe(
        tProject('settings.publicState'),
      ),
    );
    expect(writes(requests)).toMatchObject([
      { method: 'PATCH', url: `/app/project/${OWNED.id}/public`, data: { public: true } },
    ]);
    expect(screen.getByTestId('project-header-public')).toBeTruthy();
    expect(screen.getByRole('button', { name: tProject('settings.makePrivate') })).toBeTruthy();
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const { requests } = await openSettings(buildProject({ ...OWNED, public: true }));
    await userEvent.click(screen.getByRole('button', { name: tProject('settings.makePrivate') }));
    const dialog = await screen.findByRole('dialog', { name: tProject('settings.confirmPrivateHeader') });
    expect(within(dialog).getByText(tProject('settings.confirmPrivate'))).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: tProject('settings.makePrivate') })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: tCommon('confirmDialog.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(requests)).toEqual([]);
    expect(screen.getByTestId('project-visibility-state').textContent).toBe(tProject('settings.publicState'));
  });

  it('keeps the state and toasts when the server refuses', async () => {
    await openSettings(OWNED, { [PUBLIC_URL]: { status: 500 } });
    await userEvent.click(screen.getByRole('button', { name: tProject('settings.makePublic') }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: tProject('settings.makePublic') }));
    expect(await screen.findByText(tProject('settings.publicFailed'))).toBeTruthy();
    expect(screen.getByTestId('project-visibility-state').textContent).toBe(
      tProject('settings.privateState'),
    );
  });
});

describe('settings: signing out', () => {
  it('goes home, and so to sign in, from the settings of a public project (its files tab does not take over)', async () => {
    let isSignedIn = true;
    const { router } = await openSettings(buildProject({ ...OWNED, public: true }), {
      'GET /app/init': () => ({ data: { authenticated: isSignedIn, superuser: false } }),
      'POST /app/auth/logout': () => {
        isSignedIn = false;
        return { data: {} };
      },
      // Signed out, the project answers as to a visitor.
      [PROJECT_URL]: () => ({
        data: buildProject({ ...OWNED, public: true, role: isSignedIn ? 'owner' : null }),
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Open profile menu' }));
    await userEvent.click(await screen.findByText('Sign out'));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
  });
});

describe('settings: delete', () => {
  it('tells about the retention period before anything is deleted', async () => {
    await openSettings(OWNED);
    expect(screen.getByText(tProject('settings.deleteDescription', { days: 7 }))).toBeTruthy();
    expect(tProject('settings.deleteDescription', { days: 7 })).toContain('7 days');
  });

  it("uses the server's retention period when /config gives one", async () => {
    await openSettings(OWNED, {
      'GET /config': { data: { ...CONFIG, deleted_project_expiration_days: 30 } },
    });
    expect(await screen.findByText(tProject('settings.deleteDescription', { days: 30 }))).toBeTruthy();
  });

  it('enables Delete only once the exact name is typed, then schedules the deletion and goes home', async () => {
    const { requests, router } = await openSettings(OWNED, { [DELETE_URL]: { status: 204 } });
    await userEvent.click(screen.getByRole('button', { name: tProject('settings.deleteButton') }));
    const dialog = await screen.findByRole('dialog', { name: tProject('settings.deleteConfirmHeader') });
    const field = within(dialog).getByLabelText(tProject('settings.deleteConfirmField'));
    const confirm = within(dialog).getByRole('button', {
      name: tProject('settings.deleteConfirm'),
    }) as HTMLButtonElement;

    expect(confirm.disabled).toBe(true);
    for (const attempt of ['Survey', 'survey 2025', 'Survey 2025 ', ' Survey 2025']) {
      await userEvent.clear(field);
      await userEvent.type(field, attempt);
      expect(confirm.disabled).toBe(true);
    }
    // Enter does not get around the disabled button.
    await userEvent.type(field, '{Enter}');
    expect(writes(requests)).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, 'Survey 2025');
    expect(confirm.disabled).toBe(false);
    await userEvent.click(confirm);
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'));
    expect(await screen.findByText('Project field-team/Survey 2025 was deleted')).toBeTruthy();
    expect(writes(requests)).toMatchObject([
      { method: 'POST', url: `/v2/projects/${OWNED.id}/scheduleDelete` },
    ]);
  });

  it('toasts when the deletion fails and stays on the project', async () => {
    const { router } = await openSettings(OWNED, { [DELETE_URL]: { status: 500 } });
    await userEvent.click(screen.getByRole('button', { name: tProject('settings.deleteButton') }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(
      within(dialog).getByLabelText(tProject('settings.deleteConfirmField')),
      'Survey 2025',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: tProject('settings.deleteConfirm') }));
    expect(await screen.findByText(tProject('settings.deleteFailed'))).toBeTruthy();
    expect(currentPath(router)).toBe('/projects/field-team/Survey%202025/settings');
  });

  it('asks for the name afresh every time the dialog opens', async () => {
    await openSettings(OWNED);
    await userEvent.click(screen.getByRole('button', { name: tProject('settings.deleteButton') }));
    let dialog = await screen.findByRole('dialog');
    await userEvent.type(
      within(dialog).getByLabelText(tProject('settings.deleteConfirmField')),
      'Survey 2025',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: tCommon('confirmDialog.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: tProject('settings.deleteButton') }));
    dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText(tProject('settings.deleteConfirmField')) as HTMLInputElement;
    expect(field.value).toBe('');
  });
});
