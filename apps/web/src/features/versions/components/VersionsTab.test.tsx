import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type ProjectVersionDetail,
  type ProjectVersionListItem,
  type VersionFileChange,
} from '@waymark/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetReachabilityForTests } from '../../../lib/network/serverReachability.ts';
import { currentPath, renderApp, stubServer } from '../../../test/renderApp.tsx';
import type { RecordedRequest, StubReply } from '../../../test/stubAdapter.ts';
import { buildProject } from '../../project/test/projectFixture.ts';
import { buildFileChange, buildVersionDetail } from '../test/versionFixture.ts';
import { useWorkspaceStore } from '../../workspaces/workspaceStore.ts';
import { tCommon } from '../../../i18n/common.ts';
import { tFiles } from '../../../i18n/files.ts';

const PROJECT = buildProject({ role: 'writer' });
const PROJECT_URL = 'GET /v1/project/field-team/survey';
const VERSIONS_URL = 'GET /v1/project/versions/paginated/field-team/survey';
const VERSION_URL = `GET /v1/project/version/${PROJECT.id}/v3`;
const HISTORY = '/projects/field-team/survey/history';

function listItem(number: number, overrides: Partial<ProjectVersionListItem> = {}): ProjectVersionListItem {
  return {
    name: `v${number}`,
    author: 'ada',
    created: '2025-03-01T10:00:00Z',
    project_name: 'survey',
    namespace: 'field-team',
    project_size: 2048 * number,
    changes: { added: number, updated: 1, updated_diff: 2, removed: 0 },
    ...overrides,
  };
}

const change = (path: string, size: number, kind: VersionFileChange['change']) =>
  buildFileChange(path, kind, 'c', size);

const DETAIL: ProjectVersionDetail = buildVersionDetail({
  name: 'v3',
  user_agent: 'Waymark web/1.0 (Chromium)',
  project_size: 5 * 1024 * 1024,
  changes: {
    added: [change('photos/a.jpg', 1024, 'added'), change('notes.txt', 10, 'added')],
    updated: [change('survey.gpkg', 90_000, 'updated')],
    removed: [],
  },
  changesets: { 'survey.gpkg': { summary: [], size: 2048 } },
});

function pageReply(versions: ProjectVersionListItem[], count = versions.length) {
  return (request: RecordedRequest): StubReply => ({
    data: {
      versions: request.params.descending === false ? [...versions].reverse() : versions,
      count,
    },
  });
}

const versionCalls = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.startsWith('/v1/project/versions/paginated/'));

async function openHistory(
  path = HISTORY,
  versions: StubReply | StubReply[] | ((request: RecordedRequest) => StubReply) = pageReply([
    listItem(3),
    listItem(2),
    listItem(1),
  ]),
  detail: StubReply = { data: DETAIL },
) {
  const stub = stubServer({
    isAuthenticated: true,
    overrides: { [PROJECT_URL]: { data: PROJECT }, [VERSIONS_URL]: versions, [VERSION_URL]: detail },
  });
  const view = renderApp(path);
  await screen.findByTestId('versions-table');
  return { ...stub, ...view };
}

const versionNames = () => screen.queryAllByTestId('version-link').map((link) => link.textContent);

beforeEach(() => {
  useWorkspaceStore.getState().reset();
});

describe('history tab', () => {
  it('lists the versions newest first with their counts, author and size', async () => {
    const { requests } = await openHistory();
    await waitFor(() => expect(versionNames()).toEqual(['v3', 'v2', 'v1']));
    const table = screen.getByTestId('versions-table');
    for (const header of [
      tFiles('versions.columnVersion'),
      tFiles('versions.columnCreated'),
      tFiles('versions.columnAuthor'),
      tFiles('versions.columnAdded'),
      tFiles('versions.columnEdited'),
      tFiles('versions.columnRemoved'),
      tFiles('versions.columnSize'),
    ]) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    }
    const v3 = within(table).getByRole('row', { name: /v3/ });
    expect(within(v3).getByTestId('version-added').textContent).toBe('3');
    // Files edited counts updated plus updated_diff.
    expect(within(v3).getByTestId('version-edited').textContent).toBe('3');
    expect(within(v3).getByTestId('version-removed').textContent).toBe('0');
    expect(within(v3).getByTestId('version-size').textContent).toBe('6.00 kB');
    expect(within(v3).getByText('ada')).toBeTruthy();
    expect(
      within(v3).getByRole('button', { name: tFiles('versions.download', { version: 'v3' }) }),
    ).toBeTruthy();
    expect(screen.getByTestId('versions-count').textContent).toBe('3');
    expect(versionCalls(requests).at(-1)?.params).toEqual({ page: 1, per_page: 50, descending: true });
    expect(screen.queryByTestId('versions-paginator')).toBeNull();
  });

  it('sorts oldest first', async () => {
    const { requests } = await openHistory();
    await userEvent.click(screen.getByTestId('versions-sort'));
    await userEvent.click(
      await screen.findByRole('option', { name: tFiles('versions.sortOldest'), hidden: true }),
    );
    await waitFor(() => expect(versionNames()).toEqual(['v1', 'v2', 'v3']));
    expect(versionCalls(requests).at(-1)?.params.descending).toBe(false);
  });

  it('pages by 50 when there are more versions', async () => {
    const { requests } = await openHistory(HISTORY, pageReply([listItem(60)], 60));
    const paginator = await screen.findByTestId('versions-paginator');
    await userEvent.click(within(paginator).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(versionCalls(requests).at(-1)?.params.page).toBe(2));
  });

  it('says No versions found. when there are none', async () => {
    await openHistory(HISTORY, { data: { versions: [], count: 0 } });
    expect(await screen.findByText(tFiles('versions.empty'))).toBeTruthy();
  });

  it("downloads a version's zip from its row, named by the server or else {name}-{version}.zip", async () => {
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
      const stub = stubServer({
        isAuthenticated: true,
        overrides: {
          [PROJECT_URL]: { data: PROJECT },
          [VERSIONS_URL]: pageReply([listItem(3), listItem(2)]),
          'GET /v1/project/download/field-team/survey': [
            { data: archive, headers: { 'content-disposition': 'attachment; filename="survey-v3.zip"' } },
            { data: archive },
          ],
        },
      });
      renderApp(HISTORY);
      await userEvent.click(
        await screen.findByRole('button', { name: tFiles('versions.download', { version: 'v3' }) }),
      );
      await waitFor(() => expect(savedNames).toEqual(['survey-v3.zip']));
      await userEvent.click(
        screen.getByRole('button', { name: tFiles('versions.download', { version: 'v2' }) }),
      );
      await waitFor(() => expect(savedNames).toEqual(['survey-v3.zip', 'survey-v2.zip']));
      const downloads = stub.requests.filter((request) => request.url.startsWith('/v1/project/download/'));
      expect(downloads.map((request) => request.url)).toEqual([
        '/v1/project/download/field-team/survey?format=zip&version=v3',
        '/v1/project/download/field-team/survey?format=zip&version=v2',
      ]);
      // Opening the row was not part of the click.
      expect(screen.queryByTestId('version-detail')).toBeNull();
    } finally {
      click.mockRestore();
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });

  it('toasts when the versions cannot be fetched, and says they could not load rather than that there are none', async () => {
    await openHistory(HISTORY, { status: 500, data: {} });
    expect(await screen.findByText(tFiles('versions.fetchFailed'))).toBeTruthy();
    expect(await screen.findByText(tCommon('network.versionsLoadError'))).toBeTruthy();
    expect(screen.queryByText(tFiles('versions.empty'))).toBeNull();
  });

  it('without an answer from the server: one notice instead of a toast, and the list loads by itself when it is back', async () => {
    let isUp = false;
    resetReachabilityForTests(() => Promise.resolve(isUp));
    await openHistory(HISTORY, [{ isNetworkError: true }, { data: { versions: [listItem(1)], count: 1 } }]);
    expect(await screen.findByTestId('server-unreachable')).toBeTruthy();
    expect(await screen.findByText(tCommon('network.versionsLoadError'))).toBeTruthy();
    expect(screen.queryByText(tFiles('versions.fetchFailed'))).toBeNull();
    isUp = true;
    expect(await screen.findByTestId('version-link')).toBeTruthy();
    expect(screen.queryByTestId('server-unreachable')).toBeNull();
    expect(screen.queryByText(tCommon('network.versionsLoadError'))).toBeNull();
    resetReachabilityForTests();
  });
});

describe('version detail sidebar', () => {
  it('opens from a row through version_id with the facts and the changed files', async () => {
    const { router } = await openHistory();
    await userEvent.click(await screen.findByRole('link', { name: 'v3' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${HISTORY}?version_id=v3`));
    const sidebar = await screen.findByTestId('version-detail');
    expect(within(sidebar).getByTestId('version-detail-name').textContent).toBe('v3');
    expect((await within(sidebar).findByTestId('version-detail-author')).textContent).toBe('ada');
    expect(within(sidebar).getByTestId('version-detail-size').textContent).toBe('5.00 MB');
    expect(within(sidebar).getByTestId('version-detail-user-agent').textContent).toBe(
      'Waymark web/1.0 (Chromium)',
    );
    for (const label of [
      tFiles('versionDetail.author'),
      tFiles('versionDetail.projectSize'),
      tFiles('versionDetail.created'),
      tFiles('versionDetail.userAgent'),
    ]) {
      expect(within(sidebar).getByText(label)).toBeTruthy();
    }
    expect(within(sidebar).getByTestId('version-changes-added-count').textContent).toBe('2');
    expect(within(sidebar).getByTestId('version-changes-updated-count').textContent).toBe('1');
    expect(within(sidebar).getByTestId('version-changes-removed-count').textContent).toBe('0');
    const files = within(sidebar).getAllByTestId('version-change-file-row');
    expect(files.map((entry) => entry.textContent)).toEqual([
      'photos/a.jpg1.00 kB',
      'notes.txt10 B',
      // A GeoPackage edit shows the file's size and, labelled, the size of its changeset.
      'survey.gpkg87.89 kB · changes 2.00 kB',
    ]);
    expect(
      within(sidebar).getByRole('button', {
        name: tFiles('versionDetail.downloadVersion', { version: 'v3' }),
      }),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: tFiles('versionDetail.close') }));
    await waitFor(() => expect(currentPath(router)).toBe(HISTORY));
  });

  it('opens straight from the address and says so when the version cannot be fetched', async () => {
    await openHistory(`${HISTORY}?version_id=v3`, pageReply([listItem(3)]), {
      status: 404,
      data: { detail: 'Version not found' },
    });
    expect(await screen.findByTestId('version-detail-failed')).toBeTruthy();
    expect(screen.getAllByText(tFiles('versionDetail.fetchFailed')).length).toBeGreaterThan(0);
  });

  it('comes from the old /history/:version_id address', async () => {
    const { router } = await openHistory('/projects/field-team/survey/history/v3');
    await waitFor(() => expect(currentPath(router)).toBe(`${HISTORY}?version_id=v3`));
    expect(await screen.findByTestId('version-detail-author')).toBeTruthy();
  });
});
