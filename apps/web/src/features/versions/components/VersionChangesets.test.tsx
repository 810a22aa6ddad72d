import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ProjectVersionDetail } from '@waymark/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPath, renderApp, stubServer } from '../../../test/renderApp.tsx';
import type { StubReply } from '../../../test/stubAdapter.ts';
import { buildProject } from '../../project/test/projectFixture.ts';
import { buildFileChange, buildVersionDetail } from '../test/versionFixture.ts';
import { useWorkspaceStore } from '../../workspaces/workspaceStore.ts';
import { tFiles } from '../../../i18n/files.ts';
import { tMap } from '../../../i18n/map.ts';

// The sidebar's polling, shortened: every 50 ms, at most 40 more answers (the real 2 s × 30 is a minute).
const POLL_MAX = 40;
vi.mock('../../../lib/constants.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/constants.ts')>()),
  CHANGESET_POLL_INTERVAL_MS: 50,
  CHANGESET_POLL_MAX: 40,
}));

const PROJECT = buildProject({ role: 'writer' });
const HISTORY = '/projects/field-team/survey/history';
const VERSION_URL = `GET /v1/project/version/${PROJECT.id}/v2`;

const SURVEY_SUMMARY = {
  summary: [
    { table: 'gpkg_contents', insert: 0, update: 1, delete: 0 },
    { table: 'trees', insert: 1, update: 2, delete: 3 },
    { table: 'paths', insert: 4, update: 0, delete: 0 },
  ],
  size: 612,
};

function detail(changesets: ProjectVersionDetail['changesets']): ProjectVersionDetail {
  return buildVersionDetail({
    user_agent: 'Waymark web/1.0',
    project_size: 90_000,
    changes: {
      added: [buildFileChange('notes.txt', 'added')],
      updated: [buildFileChange('data/survey.gpkg', 'updated'), buildFileChange('plots.sqlite', 'updated')],
      removed: [],
    },
    changesets,
  });
}

async function openVersion(replies: StubReply | (() => StubReply)) {
  const stub = stubServer({
    isAuthenticated: true,
    overrides: {
      'GET /v1/project/field-team/survey': { data: PROJECT },
      'GET /v1/project/versions/paginated/field-team/survey': { data: { versions: [], count: 0 } },
      [VERSION_URL]: replies,
    },
  });
  const view = renderApp(`${HISTORY}?version_id=v2`);
  const sidebar = await screen.findByTestId('version-detail');
  await within(sidebar).findAllByTestId('version-change-file');
  return { ...stub, ...view, sidebar };
}

const fileEntry = (sidebar: HTMLElement, path: string) =>
  within(sidebar)
    .getAllByTestId('version-change-file')
    .find((entry) => entry.textContent?.startsWith(path))!;

const versionCalls = (requests: { url: string }[]) =>
  requests.filter((request) => request.url === VERSION_URL.slice(4)).length;

beforeEach(() => {
  useWorkspaceStore.getState().reset();
});

describe('changesets in the version detail sidebar', () => {
  it("shows a GeoPackage's summary per layer without gpkg_contents, and Show advanced", async () => {
    const { sidebar, router } = await openVersion({
      data: detail({
        'data/survey.gpkg': SURVEY_SUMMARY,
        'plots.sqlite': { error: 'no such table: plots', size: 0 },
      }),
    });
    const survey = fileEntry(sidebar, 'data/survey.gpkg');
    // The file's size, and the changeset's labelled beside it: alone, 612 B read as the GeoPackage's size.
    expect(within(survey).getByTestId('version-change-size').textContent).toBe('4.00 kB · changes 612 B');
    expect(within(survey).getByTestId('version-change-changeset-size').getAttribute('title')).toBe(
      tFiles('versionDetail.changesetSizeHint'),
    );
    const table = within(survey).getByRole('table', {
      name: tFiles('changeset.summaryLabel', { path: 'data/survey.gpkg' }),
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      tFiles('changeset.columnLayer'),
      tFiles('changeset.columnInserts'),
      tFiles('changeset.columnUpdates'),
      tFiles('changeset.columnDeletes'),
    ]);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['trees', '1', '2', '3'],
      ['paths', '4', '0', '0'],
    ]);
    expect(within(sidebar).queryByText('gpkg_contents')).toBeNull();

    expect(within(fileEntry(sidebar, 'plots.sqlite')).getByTestId('changeset-error').textContent).toBe(
      'Details not available: no such table: plots',
    );
    // A changeset that could not be computed has size 0: only the file's own size is shown.
    expect(within(fileEntry(sidebar, 'plots.sqlite')).getByTestId('version-change-size').textContent).toBe(
      '4.00 kB',
    );
    expect(within(fileEntry(sidebar, 'notes.txt')).getByTestId('version-change-size').textContent).toBe(
      '4.00 kB',
    );
    // Files that are not GeoPackages have no changeset.
    expect(within(fileEntry(sidebar, 'notes.txt')).queryByRole('table')).toBeNull();
    expect(within(sidebar).getAllByRole('link', { name: tFiles('changeset.showAdvanced') })).toHaveLength(1);
    // The GeoPackage's changes on a map: the same page with ?view=map (issue 27).
    expect(
      within(survey)
        .getByRole('link', { name: tMap('changes.showOnMap') })
        .getAttribute('href'),
    ).toBe('/projects/field-team/survey/history/v2/data/survey.gpkg?view=map');
    expect(within(sidebar).getAllByRole('link', { name: tMap('changes.showOnMap') })).toHaveLength(1);

    await userEvent.click(within(survey).getByRole('link', { name: tFiles('changeset.showAdvanced') }));
    await waitFor(() =>
      expect(currentPath(router)).toBe('/projects/field-team/survey/history/v2/data/survey.gpkg'),
    );
    expect(await screen.findByTestId('file-version-detail')).toBeTruthy();
  });

  it('says the changes are being calculated and asks again until the server lists them', async () => {
    let changesets: ProjectVersionDetail['changesets'] = {};
    const { sidebar, requests } = await openVersion(() => ({ data: detail(changesets) }));
    expect(
      within(fileEntry(sidebar, 'data/survey.gpkg')).getByTestId('changeset-calculating').textContent,
    ).toBe(tFiles('changeset.calculating'));
    expect(within(fileEntry(sidebar, 'plots.sqlite')).getByTestId('changeset-calculating')).toBeTruthy();
    expect(within(fileEntry(sidebar, 'notes.txt')).queryByTestId('changeset-calculating')).toBeNull();

    changesets = { 'plots.sqlite': { summary: [], size: 0 } };
    await waitFor(() =>
      expect(
        within(fileEntry(sidebar, 'plots.sqlite')).queryByText(tFiles('changeset.noLayerChanges')),
      ).not.toBeNull(),
    );
    expect(within(fileEntry(sidebar, 'data/survey.gpkg')).getByTestId('changeset-calculating')).toBeTruthy();

    changesets = { ...changesets, 'data/survey.gpkg': SURVEY_SUMMARY };
    await waitFor(() =>
      expect(within(fileEntry(sidebar, 'data/survey.gpkg')).queryByRole('table')).not.toBeNull(),
    );
    expect(within(sidebar).queryByTestId('changeset-calculating')).toBeNull();
    // Nothing pending any more: no more asking.
    const calls = versionCalls(requests);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(versionCalls(requests)).toBe(calls);
  });

  it('stops asking after a bounded number of answers and offers to check again', async () => {
    let changesets: ProjectVersionDetail['changesets'] = {};
    const { sidebar, requests } = await openVersion(() => ({ data: detail(changesets) }));
    const still = await within(sidebar).findAllByTestId('changeset-still-calculating');
    expect(still[0]?.textContent).toContain(tFiles('changeset.stillCalculating'));
    // The first answer and POLL_MAX more.
    expect(versionCalls(requests)).toBe(POLL_MAX + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(versionCalls(requests)).toBe(POLL_MAX + 1);

    changesets = { 'data/survey.gpkg': SURVEY_SUMMARY, 'plots.sqlite': { summary: [], size: 0 } };
    await userEvent.click(within(still[0]!).getByRole('button', { name: tFiles('changeset.checkAgain') }));
    await waitFor(() =>
      expect(within(fileEntry(sidebar, 'data/survey.gpkg')).queryByRole('table')).not.toBeNull(),
    );
    expect(versionCalls(requests)).toBe(POLL_MAX + 2);
  });
});
