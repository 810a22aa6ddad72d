import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CHANGESET_PAGE_SIZE,
  MAP_TEXTS,
  type MapChanges,
  type ProjectDetail,
  type ProjectVersionDetail,
} from '@waymark/contract';
import { CHANGESET_VALUE_MAX_CHARS } from '../../../lib/constants.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONFIG, currentPath, renderApp, stubServer } from '../../../test/renderApp.tsx';
import type { StubReply } from '../../../test/stubAdapter.ts';
import { buildProject } from '../../project/test/projectFixture.ts';
import { useWorkspaceStore } from '../../workspaces/workspaceStore.ts';
import { LONG_LINE, SURVEY_CHANGES } from '../test/changesetFixtures.ts';
import { buildFileChange, buildVersionDetail } from '../test/versionFixture.ts';
import { ChangesetGrid } from './ChangesetGrid.tsx';
import { tFiles } from '../../../i18n/files.ts';
import { tMap } from '../../../i18n/map.ts';

const change = (path: string, checksum = 'b') => buildFileChange(path, 'updated', checksum);
const SUMMARY = { summary: [{ table: 'trees', insert: 1, update: 1, delete: 1 }], size: 300 };
/** The latest files (v3): survey.gpkg and its copy in data/ differ from v2's, notes.txt is v2's. */
const PROJECT = buildProject({
  role: 'writer',
  version: 'v3',
  files: [
    { ...change('survey.gpkg', 'c'), mtime: '2025-03-02T10:00:00Z' },
    { ...change('data/survey.gpkg', 'c'), mtime: '2025-03-02T10:00:00Z' },
    { ...change('notes.txt', 'n'), mtime: '2025-03-02T10:00:00Z' },
  ],
});
const PAGE = '/projects/field-team/survey/history/v2/survey.gpkg';
const CHANGESET_URL = 'GET /v1/resource/changesets/field-team/survey/v2';
const VERSION_URL = `GET /v1/project/version/${PROJECT.id}/v2`;

/** v2 edited the two GeoPackages (their changesets computed) and added notes.txt. */
function versionDetail(extra: Partial<ProjectVersionDetail> = {}): ProjectVersionDetail {
  return buildVersionDetail({
    changes: {
      added: [buildFileChange('notes.txt', 'added', 'n')],
      updated: [change('survey.gpkg'), change('data/survey.gpkg')],
      removed: [],
    },
    changesets: { 'survey.gpkg': SUMMARY, 'data/survey.gpkg': SUMMARY },
    ...extra,
  });
}

async function openPage(
  reply: StubReply,
  path = PAGE,
  {
    project = PROJECT,
    version = versionDetail(),
  }: { project?: ProjectDetail; version?: ProjectVersionDetail } = {},
) {
  const stub = stubServer({
    isAuthenticated: true,
    overrides: {
      'GET /v1/project/field-team/survey': { data: project },
      [VERSION_URL]: { data: version },
      [CHANGESET_URL]: reply,
      [`POST /v2/projects/${PROJECT.id}/restore`]: { status: 201, data: versionDetail({ name: 'v4' }) },
      [`GET /v1/project/version/${PROJECT.id}/v4`]: { data: versionDetail({ name: 'v4' }) },
      'GET /v1/resource/changesets/field-team/survey/v4': { data: SURVEY_CHANGES },
    },
  });
  const view = renderApp(path);
  await screen.findByTestId('file-version-detail');
  return { ...stub, ...view };
}

const grid = (name: string) =>
  screen
    .getAllByTestId('changeset-grid')
    .find((section) => within(section).queryByRole('heading', { name }))!;

/** The texts of a grid's body rows, one list of cell texts per row. */
const rowTexts = (section: HTMLElement) =>
  within(section)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

beforeEach(() => {
  useWorkspaceStore.getState().reset();
});

describe('file version detail page', () => {
  it('asks for the changeset of the file in the version and names both', async () => {
    const { requests } = await openPage({ data: SURVEY_CHANGES });
    expect(screen.getByTestId('file-version-name').textContent).toBe('survey.gpkg');
    expect(screen.getByTestId('file-version-version').textContent).toBe('v2');
    await screen.findAllByTestId('changeset-grid');
    const calls = requests.filter((request) => request.url.startsWith('/v1/resource/changesets/'));
    expect(calls.map((request) => [request.url, request.params])).toEqual([
      ['/v1/resource/changesets/field-team/survey/v2', { path: 'survey.gpkg' }],
    ]);
  });

  it('sums up each layer, hiding gpkg_contents', async () => {
    await openPage({ data: SURVEY_CHANGES });
    const summary = await screen.findByTestId('changeset-summary');
    for (const header of [
      tFiles('changeset.columnLayer'),
      tFiles('changeset.columnInserts'),
      tFiles('changeset.columnUpdates'),
      tFiles('changeset.columnDeletes'),
    ]) {
      expect(within(summary).getByRole('columnheader', { name: header })).toBeTruthy();
    }
    expect(rowTexts(summary)).toEqual([
      ['trees', '1', '1', '1'],
      ['paths', '12', '0', '0'],
    ]);
    expect(screen.queryByText('gpkg_contents')).toBeNull();
  });

  it('shows each changed row with its change icon, one column per field, old → new and N/A', async () => {
    await openPage({ data: SURVEY_CHANGES });
    await screen.findAllByTestId('changeset-grid');
    const trees = grid('trees');
    expect(
      within(trees)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([tFiles('changeset.columnChange'), 'fid', 'geom', 'species']);
    expect(rowTexts(trees)).toEqual([
      ['', '4', 'POINT(14.44 50.1)', 'ash'],
      // The update carries its key and the changed column: the geometry is not in it.
      ['', '3', tFiles('changeset.notAvailable'), 'birch → silver birch'],
      ['', '2', 'POINT(14.42 50.09)', tFiles('changeset.nullValue')],
    ]);
    expect(
      within(trees)
        .getAllByRole('img')
        .map((icon) => icon.getAttribute('aria-label')),
    ).toEqual([tFiles('changeset.insert'), tFiles('changeset.update'), tFiles('changeset.delete')]);
    expect(within(trees).getByTestId('changeset-grid-count').textContent).toBe('3 changes');
    // Ten rows or fewer: no paginator.
    expect(trees.querySelector('.p-paginator')).toBeNull();
  });

  it('pages a layer by 10 rows in a 400px scroll and cuts long geometry, keeping it whole in the title', async () => {
    await openPage({ data: SURVEY_CHANGES });
    await screen.findAllByTestId('changeset-grid');
    const paths = grid('paths');
    expect(rowTexts(paths)).toHaveLength(CHANGESET_PAGE_SIZE);
    expect((paths.querySelector('.p-datatable-wrapper') as HTMLElement).style.maxHeight).toBe('400px');
    const cut = within(paths).getAllByTestId('changeset-value-cut')[0]!;
    expect(cut.getAttribute('title')).toBe(LONG_LINE);
    expect(cut.textContent).toBe(`${LONG_LINE.slice(0, CHANGESET_VALUE_MAX_CHARS - 1)}…`);
    await userEvent.click(within(paths).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rowTexts(paths).map((row) => row[1])).toEqual(['11', '12']));
  });

  it('says Changes cannot be calculated, with the synchronisation docs, when the server answers 422', async () => {
    await openPage({ status: 422, data: { detail: 'Change set could not be calculated: schema changed' } });
    const notice = await screen.findByTestId('changeset-not-calculable');
    expect(within(notice).getByRole('heading', { name: tFiles('changeset.cannotCalculate') })).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'documentation' }).getAttribute('href')).toBe(
      `${CONFIG.docs_url}/manage/synchronisation`,
    );
    expect(within(notice).getByTestId('changeset-not-calculable-reason').textContent).toBe(
      'Change set could not be calculated: schema changed',
    );
    expect(screen.queryByText(tFiles('changeset.fetchFailed'))).toBeNull();
  });

  it('toasts Failed to display changeset of file on other failures and can try again', async () => {
    const { requests } = await openPage({ status: 404, data: { detail: 'Diff not found' } });
    expect(await screen.findByText(tFiles('changeset.fetchFailed'))).toBeTruthy();
    const failed = screen.getByTestId('file-version-failed');
    expect(within(failed).getByText(tFiles('changeset.loadFailed'))).toBeTruthy();
    await userEvent.click(within(failed).getByRole('button', { name: tFiles('changeset.retry') }));
    await waitFor(() =>
      expect(requests.filter((request) => request.url.startsWith('/v1/resource/changesets/'))).toHaveLength(
        2,
      ),
    );
  });

  it('says so when the version changed no rows', async () => {
    await openPage({ data: [] });
    expect(await screen.findByText(tFiles('changeset.noChanges'))).toBeTruthy();
    expect(screen.queryByTestId('changeset-grid')).toBeNull();
  });

  it('reads a file inside a folder from one path segment and leads back to its version', async () => {
    const { requests, router } = await openPage(
      { data: SURVEY_CHANGES },
      '/projects/field-team/survey/history/v2/data%2Fsurvey.gpkg',
    );
    expect(screen.getByTestId('file-version-name').textContent).toBe('survey.gpkg');
    expect(screen.getByText('data')).toBeTruthy();
    await screen.findAllByTestId('changeset-grid');
    expect(requests.find((request) => request.url.startsWith('/v1/resource/'))?.params).toEqual({
      path: 'data/survey.gpkg',
    });
    await userEvent.click(
      screen.getByRole('link', { name: tFiles('changeset.backToVersion', { version: 'v2' }) }),
    );
    await waitFor(() =>
      expect(currentPath(router)).toBe('/projects/field-team/survey/history?version_id=v2'),
    );
  });
});

describe('file version detail page: files without a changeset (issue 25)', () => {
  it('says a file added in the version was added then and has no changeset, without asking for one', async () => {
    const { requests } = await openPage(
      { status: 404, data: { detail: 'Diff not found' } },
      '/projects/field-team/survey/history/v2/notes.txt',
    );
    const notice = await screen.findByTestId('file-version-added');
    expect(
      within(notice).getByRole('heading', { name: tFiles('changeset.addedTitle', { version: 'v2' }) }),
    ).toBeTruthy();
    expect(within(notice).getByText(tFiles('changeset.addedText', { version: 'v2' }))).toBeTruthy();
    expect(requests.filter((request) => request.url.startsWith('/v1/resource/changesets/'))).toEqual([]);
    expect(screen.queryByText(tFiles('changeset.fetchFailed'))).toBeNull();
    expect(screen.queryByText(tFiles('changeset.loadFailed'))).toBeNull();
  });

  it('says a removed file was removed and one the version did not touch was not changed', async () => {
    const removed = versionDetail({
      changes: { added: [], updated: [], removed: [buildFileChange('old.txt', 'removed')] },
    });
    const view = await openPage({ data: [] }, '/projects/field-team/survey/history/v2/old.txt', {
      version: removed,
    });
    expect(await screen.findByText(tFiles('changeset.removedText', { version: 'v2' }))).toBeTruthy();
    expect(screen.queryByTestId('file-version-restore')).toBeNull();
    view.unmount();
    await openPage({ data: [] }, '/projects/field-team/survey/history/v2/other.txt');
    expect(await screen.findByText(tFiles('changeset.notChangedText', { version: 'v2' }))).toBeTruthy();
  });

  it('accepts a nested path with plain slashes', async () => {
    const { requests } = await openPage(
      { data: SURVEY_CHANGES },
      '/projects/field-team/survey/history/v2/data/survey.gpkg',
    );
    expect(screen.getByTestId('file-version-name').textContent).toBe('survey.gpkg');
    await screen.findAllByTestId('changeset-grid');
    expect(requests.find((request) => request.url.startsWith('/v1/resource/'))?.params).toEqual({
      path: 'data/survey.gpkg',
    });
  });
});

describe('file version detail page: the changes on a map (issue 27)', () => {
  const CHANGES: MapChanges = {
    type: 'FeatureCollection',
    version: 'v2',
    file: 'survey.gpkg',
    extent: [14.43, 50.07, 14.44, 50.1],
    layers: [
      { table: 'trees', geometry_type: 'POINT', insert: 1, update: 1, delete: 1 },
      { table: 'notes', geometry_type: null, insert: 2, update: 0, delete: 0, error: MAP_TEXTS.noGeometry },
    ],
    features: [
      {
        type: 'Feature',
        id: 0,
        geometry: { type: 'Point', coordinates: [14.44, 50.1] },
        properties: {
          layer: 'trees',
          fid: 4,
          change: 'insert',
          role: 'new',
          geometry_changed: true,
          changes: [{ name: 'species', new: 'ash' }],
        },
      },
    ],
  };

  it('switches between the tables and the map, which asks for the changes and lists each layer', async () => {
    const stub = stubServer({
      isAuthenticated: true,
      overrides: {
        'GET /v1/project/field-team/survey': { data: PROJECT },
        [VERSION_URL]: { data: versionDetail() },
        [CHANGESET_URL]: { data: SURVEY_CHANGES },
        'GET /v1/project/map/field-team/survey/changes': { data: CHANGES },
      },
    });
    const { router } = renderApp(PAGE);
    await screen.findAllByTestId('changeset-grid');
    await userEvent.click(screen.getByRole('link', { name: tMap('changes.showOnMap') }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=map'));
    const map = await screen.findByTestId('changes-map');
    expect(
      within(map)
        .getAllByTestId('changes-layer')
        .map((item) => item.textContent),
    ).toEqual([
      `trees ${tMap('changes.layerChanges', { inserted: 1, updated: 1, deleted: 1 })}`,
      `notes ${tMap('changes.layerChanges', { inserted: 2, updated: 0, deleted: 0 })} · ${MAP_TEXTS.noGeometry}`,
    ]);
    expect(within(screen.getByTestId('changes-legend')).getByText('Inserted').textContent).toContain('3');
    const asked = stub.requests.filter((request) => request.url.endsWith('/changes'));
    expect(asked.map((request) => request.params)).toEqual([{ file: 'survey.gpkg', version: 'v2' }]);
    expect(screen.queryByTestId('changeset-grid')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: tMap('changes.showAsTable') }));
    await screen.findAllByTestId('changeset-grid');
    expect(router.state.location.search).toBe('');
  });

  it("shows the server's reason when the changes are too many for the map", async () => {
    const reason = MAP_TEXTS.tooManyChanges('survey.gpkg', 'v2', 25_000, 20_000);
    stubServer({
      isAuthenticated: true,
      overrides: {
        'GET /v1/project/field-team/survey': { data: PROJECT },
        [VERSION_URL]: { data: versionDetail() },
        'GET /v1/project/map/field-team/survey/changes': { status: 422, data: { detail: reason } },
      },
    });
    renderApp(`${PAGE}?view=map`);
    expect((await screen.findByTestId('changes-map-failed')).textContent).toBe(reason);
  });
});

describe('restore this file version (issue 28)', () => {
  it('asks to confirm naming the file and version, restores only that path and opens the new version', async () => {
    const { requests, router } = await openPage(
      { data: SURVEY_CHANGES },
      '/projects/field-team/survey/history/v2/data/survey.gpkg',
    );
    await userEvent.click(
      await screen.findByRole('button', {
        name: tFiles('restoreFile.buttonLabel', { path: 'data/survey.gpkg', version: 'v2' }),
      }),
    );
    const dialog = await screen.findByTestId('restore-file-dialog');
    expect(
      within(dialog).getByText(tFiles('restoreFile.header', { name: 'survey.gpkg', version: 'v2' })),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(tFiles('restoreFile.message', { path: 'data/survey.gpkg', version: 'v2' })),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: tFiles('restoreFile.confirm') }));
    await waitFor(() =>
      expect(currentPath(router)).toBe('/projects/field-team/survey/history/v4/data/survey.gpkg'),
    );
    expect(
      requests.filter((request) => request.method === 'POST').map((request) => [request.url, request.data]),
    ).toEqual([[`/v2/projects/${PROJECT.id}/restore`, { version: 'v2', paths: ['data/survey.gpkg'] }]]);
    expect(
      await screen.findByText(
        tFiles('restoreFile.restored', { path: 'data/survey.gpkg', version: 'v2', created: 'v4' }),
      ),
    ).toBeTruthy();
  });

  it('offers nothing to restore when the file is the same now, and nothing to readers and editors', async () => {
    const same = await openPage({ data: [] }, '/projects/field-team/survey/history/v2/notes.txt');
    expect((await screen.findByTestId('file-version-current')).textContent).toContain(
      tFiles('restoreFile.isCurrent'),
    );
    expect(screen.queryByTestId('file-version-restore')).toBeNull();
    same.unmount();
    for (const role of ['reader', 'editor'] as const) {
      const view = await openPage({ data: SURVEY_CHANGES }, PAGE, { project: { ...PROJECT, role } });
      await screen.findAllByTestId('changeset-grid');
      expect(screen.queryByTestId('file-version-restore')).toBeNull();
      view.unmount();
    }
  });
});

describe('changeset grid', () => {
  it('says No changeset for current layer when a layer has no rows', () => {
    render(<ChangesetGrid table={{ name: 'trees', columns: [], rows: [] }} />);
    expect(screen.getByTestId('changeset-grid-empty').textContent).toBe(tFiles('changeset.noLayerChangeset'));
  });
});
