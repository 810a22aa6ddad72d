import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ProjectRole } from '@waymark/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, renderApp, stubServer } from '../../../test/renderApp.tsx';
import { buildProject } from '../../project/test/projectFixture.ts';
import { useWorkspaceStore } from '../../workspaces/workspaceStore.ts';
import { buildFileChange, buildVersionDetail } from '../test/versionFixture.ts';
import { tFiles } from '../../../i18n/files.ts';

const entry = (change: 'added' | 'updated' | 'removed', checksum: string, size = 10) => ({
  path: 'data/notes.txt',
  size,
  checksum: checksum.repeat(40),
  change,
});
/** notes.txt was added in v1, changed in v3 and v5; v5 holds v1's bytes again, which are the current ones. */
const HISTORY = {
  path: 'data/notes.txt',
  size: 10,
  checksum: 'a'.repeat(40),
  mtime: '2025-03-01T10:00:00Z',
  history: { v5: entry('updated', 'a'), v3: entry('updated', 'b', 2048), v1: entry('added', 'a') },
};
const TREE = '/projects/field-team/survey/tree/data?file_path=data%2Fnotes.txt';

const created = (name: string) =>
  buildVersionDetail({
    name,
    changes: { added: [], updated: [buildFileChange('data/notes.txt', 'updated', 'b')], removed: [] },
    restored_from: 'v3',
  });

function open(role: ProjectRole) {
  const project = buildProject({
    role,
    version: 'v5',
    files: [{ path: 'data/notes.txt', size: 10, checksum: 'a'.repeat(40), mtime: '2025-03-01T10:00:00Z' }],
  });
  const stub = stubServer({
    isAuthenticated: true,
    overrides: {
      'GET /v1/project/field-team/survey': { data: project },
      'GET /v1/project/raw/field-team/survey': { data: 'notes', headers: { 'content-type': 'text/plain' } },
      'GET /v1/resource/history/field-team/survey': { data: HISTORY },
      [`POST /v2/projects/${project.id}/restore`]: { status: 201, data: created('v6') },
    },
  });
  return { ...stub, ...renderApp(TREE), project };
}

beforeEach(() => {
  useWorkspaceStore.getState().reset();
});

describe('the file history in the file sidebar (issue 28)', () => {
  it('lists the versions of the file newest first, each leading to its file-version page', async () => {
    const { requests, router } = open('writer');
    const history = await screen.findByRole('list', {
      name: tFiles('restoreFile.historyLabel', { path: 'data/notes.txt' }),
    });
    await waitFor(() => expect(within(history).getAllByTestId('file-history-row')).toHaveLength(3));
    const rows = within(history).getAllByTestId('file-history-row');
    expect(rows.map((row) => within(row).getByTestId('file-history-version').textContent)).toEqual([
      'v5',
      'v3',
      'v1',
    ]);
    expect(requests.find((request) => request.url.startsWith('/v1/resource/history/'))?.params).toEqual({
      path: 'data/notes.txt',
    });
    // Only the newest entry with the current bytes is current; v1 had the same bytes, so nothing to restore there.
    expect(within(rows[0]!).getByTestId('file-history-current').textContent).toBe(
      tFiles('restoreFile.current'),
    );
    expect(within(rows[2]!).queryByTestId('file-history-current')).toBeNull();
    expect(rows.map((row) => within(row).queryByTestId('file-history-restore') !== null)).toEqual([
      false,
      true,
      false,
    ]);
    await userEvent.click(within(rows[1]!).getByTestId('file-history-version'));
    await waitFor(() =>
      expect(currentPath(router)).toBe('/projects/field-team/survey/history/v3/data/notes.txt'),
    );
  });

  it('restores a past content of the file after a confirmation naming it and the version', async () => {
    const { requests, project } = open('writer');
    await userEvent.click(
      await screen.findByRole('button', {
        name: tFiles('restoreFile.buttonLabel', { path: 'data/notes.txt', version: 'v3' }),
      }),
    );
    const historyCalls = () => requests.filter((request) => request.url.startsWith('/v1/resource/history/'));
    const before = historyCalls().length;
    const dialog = await screen.findByTestId('restore-file-dialog');
    expect(
      within(dialog).getByText(tFiles('restoreFile.header', { name: 'notes.txt', version: 'v3' })),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(tFiles('restoreFile.message', { path: 'data/notes.txt', version: 'v3' })),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: tFiles('restoreFile.confirm') }));
    expect(
      await screen.findByText(
        tFiles('restoreFile.restored', { path: 'data/notes.txt', version: 'v3', created: 'v6' }),
      ),
    ).toBeTruthy();
    expect(
      requests.filter((request) => request.method === 'POST').map((request) => [request.url, request.data]),
    ).toEqual([[`/v2/projects/${project.id}/restore`, { version: 'v3', paths: ['data/notes.txt'] }]]);
    // The history and the project are asked again for the new version.
    await waitFor(() => expect(historyCalls().length).toBeGreaterThan(before));
  });

  it('lists the versions but offers no restore to readers and editors', async () => {
    for (const role of ['reader', 'editor'] as const) {
      const view = open(role);
      const history = await screen.findByRole('list', {
        name: tFiles('restoreFile.historyLabel', { path: 'data/notes.txt' }),
      });
      await waitFor(() => expect(within(history).getAllByTestId('file-history-row')).toHaveLength(3));
      expect(within(history).queryByTestId('file-history-restore')).toBeNull();
      view.unmount();
    }
  });
});
