import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ProjectDetail, type ProjectVersionDetail, type ProjectRole } from '@waymark/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, renderApp, stubServer } from '../../../test/renderApp.tsx';
import type { RecordedRequest } from '../../../test/stubAdapter.ts';
import { buildProject } from '../../project/test/projectFixture.ts';
import { useWorkspaceStore } from '../../workspaces/workspaceStore.ts';
import { buildVersionDetail } from '../test/versionFixture.ts';
import { tFiles } from '../../../i18n/files.ts';

const file = (path: string, checksum: string) => ({
  path,
  size: 10,
  checksum: checksum.repeat(40),
  mtime: '2025-03-01T10:00:00Z',
});
/** The latest files (v3) and those of v2. */
const LATEST = [file('kept.txt', 'a'), file('notes.txt', 'b'), file('new.txt', 'c')];
const AT_V2 = [file('kept.txt', 'a'), file('notes.txt', 'd'), file('old.txt', 'e')];
const HISTORY = '/projects/field-team/survey/history?version_id=v2';

const detail = (name: string, extra: Partial<ProjectVersionDetail> = {}) =>
  buildVersionDetail({ name, project_size: 30, ...extra });

function open(role: ProjectRole) {
  const project: ProjectDetail = buildProject({ role, version: 'v3', files: LATEST });
  const stub = stubServer({
    isAuthenticated: true,
    overrides: {
      'GET /v1/project/field-team/survey': (request: RecordedRequest) => ({
        data: request.params.version === 'v2' ? { ...project, version: 'v2', files: AT_V2 } : project,
      }),
      'GET /v1/project/versions/paginated/field-team/survey': { data: { versions: [], count: 0 } },
      [`GET /v1/project/version/${project.id}/v2`]: { data: detail('v2') },
      [`GET /v1/project/version/${project.id}/v4`]: { data: detail('v4', { restored_from: 'v2' }) },
      [`POST /v2/projects/${project.id}/restore`]: {
        status: 201,
        data: detail('v4', { restored_from: 'v2' }),
      },
    },
  });
  return { ...stub, ...renderApp(HISTORY), project };
}

beforeEach(() => {
  useWorkspaceStore.getState().reset();
});

describe('restore this version', () => {
  it('lists what will change, restores on confirmation and shows the new version', async () => {
    const { requests, router, project } = open('writer');
    const sidebar = await screen.findByTestId('version-detail');
    await userEvent.click(
      await within(sidebar).findByRole('button', {
        name: tFiles('restoreVersion.buttonLabel', { version: 'v2' }),
      }),
    );
    const dialog = await screen.findByTestId('restore-dialog');
    expect(within(dialog).getByText(tFiles('restoreVersion.header', { version: 'v2' }))).toBeTruthy();
    await within(dialog).findByTestId('restore-plan');
    const listed = (testId: string) =>
      within(within(dialog).getByTestId(testId))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(listed('restore-plan-added')).toEqual(['old.txt']);
    expect(listed('restore-plan-updated')).toEqual(['notes.txt']);
    expect(listed('restore-plan-removed')).toEqual(['new.txt']);
    expect(within(dialog).queryByText('kept.txt')).toBeNull();

    await userEvent.click(within(dialog).getByTestId('restore-dialog-confirm'));
    await waitFor(() =>
      expect(currentPath(router)).toBe('/projects/field-team/survey/history?version_id=v4'),
    );
    const restore = requests.filter((request) => request.method === 'POST');
    expect(restore.map((request) => [request.url, request.data])).toEqual([
      [`/v2/projects/${project.id}/restore`, { version: 'v2' }],
    ]);
    expect((await screen.findByTestId('version-detail-restored-from')).textContent).toBe('v2');
  });

  it('is not offered on the latest version, whose files are the current ones', async () => {
    const project = buildProject({ role: 'writer', version: 'v3', files: LATEST });
    stubServer({
      isAuthenticated: true,
      overrides: {
        'GET /v1/project/field-team/survey': { data: project },
        'GET /v1/project/versions/paginated/field-team/survey': { data: { versions: [], count: 0 } },
        [`GET /v1/project/version/${project.id}/v3`]: { data: detail('v3') },
      },
    });
    renderApp('/projects/field-team/survey/history?version_id=v3');
    const sidebar = await screen.findByTestId('version-detail');
    await within(sidebar).findByTestId('version-detail-download');
    expect(within(sidebar).queryByTestId('version-detail-restore')).toBeNull();
    expect(within(sidebar).getByTestId('version-detail-latest').textContent).toBe(
      tFiles('restoreVersion.isLatest'),
    );
  });

  it('is not offered to editors and readers', async () => {
    for (const role of ['editor', 'reader'] as const) {
      const view = open(role);
      const sidebar = await screen.findByTestId('version-detail');
      await within(sidebar).findByTestId('version-detail-download');
      expect(within(sidebar).queryByTestId('version-detail-restore')).toBeNull();
      view.unmount();
    }
  });
});
