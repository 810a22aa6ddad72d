import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type MapLayer, type ProjectDetail, type ProjectFile } from '@waymark/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, renderApp, stubServer } from '../../../test/renderApp.tsx';
import type { RecordedRequest, StubReply } from '../../../test/stubAdapter.ts';
import { buildProject } from '../../project/test/projectFixture.ts';
import { useWorkspaceStore } from '../../workspaces/workspaceStore.ts';
import { tFiles } from '../../../i18n/files.ts';
import { tMap } from '../../../i18n/map.ts';

const PROJECT_URL = 'GET /v1/project/field-team/survey';
const RAW_URL = 'GET /v1/project/raw/field-team/survey';
const PUSH_URL = 'POST /v1/project/push/field-team/survey';
const LAYERS_URL = 'GET /v1/project/map/field-team/survey/layers';

const layer = (fields: Partial<MapLayer> & { table: string }): MapLayer => ({
  geometry_column: fields.geometry_type === null ? null : 'geom',
  geometry_type: 'POINT',
  has_z: false,
  has_m: false,
  srs_id: 4326,
  srs_name: 'WGS 84',
  feature_count: 0,
  extent: null,
  fields: [],
  ...fields,
});
const TREE = '/projects/field-team/survey/tree';

const file = (path: string, size = 100, mtime = '2025-03-01T10:00:00Z'): ProjectFile => ({
  path,
  size,
  mtime,
  checksum: `${path.length}`.padStart(40, '0'),
});

const FILES = [
  file('survey.gpkg', 98_304),
  file('notes.txt', 2048),
  file('data/roads.gpkg', 5000, '2025-01-01T10:00:00Z'),
  file('data/photos/tree.jpg', 1000, '2025-04-01T10:00:00Z'),
  file('data/photos/bench.jpg', 3000, '2025-02-01T10:00:00Z'),
];

interface OpenOptions {
  project?: Partial<ProjectDetail>;
  path?: string;
  raw?: StubReply | StubReply[] | ((request: RecordedRequest) => StubReply);
  push?: StubReply;
}

async function openFiles({ project, path = TREE, raw, push }: OpenOptions = {}) {
  const stub = stubServer({
    isAuthenticated: true,
    overrides: {
      [PROJECT_URL]: { data: buildProject({ files: FILES, ...project }) },
      ...(raw ? { [RAW_URL]: raw } : {}),
      ...(push ? { [PUSH_URL]: push } : {}),
    },
  });
  const view = renderApp(path);
  const table = await screen.findByTestId('files-table');
  return { ...stub, ...view, table };
}

/** The names of the table's rows, in order. */
function rowNames(): string[] {
  return screen.queryAllByTestId(/^file-row-link-/).map((link) => link.textContent ?? '');
}

const textReply = (text: string, contentType = 'text/plain; charset=utf-8'): StubReply => ({
  status: 206,
  data: new TextEncoder().encode(text).buffer,
  headers: { 'content-type': contentType },
});

beforeEach(() => {
  useWorkspaceStore.getState().reset();
});

describe('files tab: folders', () => {
  it('lists folders first with their file count, then the files, by name', async () => {
    const { table } = await openFiles();
    expect(rowNames()).toEqual(['data', 'notes.txt', 'survey.gpkg']);
    const data = within(table).getByRole('row', { name: /data/ });
    expect(within(data).getByTestId('folder-file-count').textContent).toBe(
      tFiles('files.folderFiles', { count: 3 }),
    );
    // 5000 + 1000 + 3000 bytes.
    expect(within(data).getByTestId('file-row-size').textContent).toBe('8.79 kB');
    expect(screen.getByTestId('files-count').textContent).toBe(tFiles('files.folderFiles', { count: 5 }));
    // At the root there is no way up.
    expect(screen.queryByTestId('file-row-link-parent')).toBeNull();
  });

  it('opens a folder by its address, with .. and the breadcrumb leading back up', async () => {
    const { router } = await openFiles();
    await userEvent.click(screen.getByRole('link', { name: 'data' }));
    await waitFor(() => expect(rowNames()).toEqual([tFiles('files.parentFolder'), 'photos', 'roads.gpkg']));
    expect(currentPath(router)).toBe(`${TREE}/data`);

    const photosRow = screen.getByRole('row', { name: /photos/ });
    await userEvent.click(within(photosRow).getByTestId('file-row-size'));
    await waitFor(() => expect(rowNames()).toEqual([tFiles('files.parentFolder'), 'bench.jpg', 'tree.jpg']));
    expect(currentPath(router)).toBe(`${TREE}/data/photos`);
    const breadcrumb = screen.getByRole('navigation', { name: tFiles('files.folderPathLabel') });
    expect(within(breadcrumb).getByText('photos').getAttribute('aria-current')).toBe('location');

    await userEvent.click(screen.getByRole('link', { name: tFiles('files.parentFolderLabel') }));
    await waitFor(() => expect(currentPath(router)).toBe(`${TREE}/data`));
    await userEvent.click(within(breadcrumb).getByRole('link', { name: tFiles('files.projectHome') }));
    await waitFor(() => expect(currentPath(router)).toBe(TREE));
  });

  it('says No files found. in a folder that does not exist, keeping the way up', async () => {
    await openFiles({ path: `${TREE}/nowhere` });
    expect(screen.getByText(tFiles('files.empty'))).toBeTruthy();
    expect(screen.getByRole('link', { name: tFiles('files.parentFolderLabel') })).toBeTruthy();
  });

  it('tells a writer of an empty project how to add files', async () => {
    await openFiles({ project: { files: [], role: 'writer' } });
    expect(screen.getByText(tFiles('files.empty'))).toBeTruthy();
    expect(screen.getByText(tFiles('files.emptyProjectHint'))).toBeTruthy();
  });

  it('tells a reader (or a visitor) of an empty project only that it is empty, not to drop files', async () => {
    await openFiles({ project: { files: [] } });
    expect(screen.getByText(tFiles('files.emptyProject'))).toBeTruthy();
    expect(screen.queryByText(tFiles('files.emptyProjectHint'))).toBeNull();
  });
});

describe('files tab: search, sort and pages', () => {
  it('searches the files below the folder flat, and says when nothing matches', async () => {
    await openFiles();
    const search = screen.getByPlaceholderText(tFiles('files.searchPlaceholder'));
    await userEvent.type(search, 'JPG');
    expect(rowNames()).toEqual(['data/photos/bench.jpg', 'data/photos/tree.jpg']);
    expect(screen.getByTestId('files-count').textContent).toBe(tFiles('files.searchResults', { count: 2 }));
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing like it');
    expect(screen.getByText(tFiles('files.empty'))).toBeTruthy();
    expect(screen.queryByText(tFiles('files.emptyProjectHint'))).toBeNull();
  });

  it('sorts by size, largest first, folders still first', async () => {
    await openFiles();
    await userEvent.click(screen.getByTestId('files-sort'));
    // happy-dom leaves PrimeReact's overlay measuring styles on, so its options count as hidden.
    await userEvent.click(
      await screen.findByRole('option', { name: tFiles('fileSortLabels.sizeDesc'), hidden: true }),
    );
    expect(rowNames()).toEqual(['data', 'survey.gpkg', 'notes.txt']);
    await userEvent.click(screen.getByTestId('files-sort'));
    await userEvent.click(
      await screen.findByRole('option', { name: tFiles('fileSortLabels.nameDesc'), hidden: true }),
    );
    expect(rowNames()).toEqual(['data', 'survey.gpkg', 'notes.txt']);
    await userEvent.click(screen.getByTestId('files-sort'));
    await userEvent.click(
      await screen.findByRole('option', { name: tFiles('fileSortLabels.modifiedDesc'), hidden: true }),
    );
    expect(rowNames()[0]).toBe('data');
  });

  it('pages above 50 rows, and a new search starts on page 1 again', async () => {
    const many = Array.from({ length: 60 }, (_, index) => file(`f${String(index).padStart(2, '0')}.txt`));
    await openFiles({ project: { files: many } });
    expect(rowNames()).toHaveLength(50);
    const paginator = screen.getByTestId('files-paginator');
    await userEvent.click(within(paginator).getByRole('button', { name: 'Page 2' }));
    expect(rowNames()).toEqual(many.slice(50).map((entry) => entry.path));
    await userEvent.type(screen.getByPlaceholderText(tFiles('files.searchPlaceholder')), 'f');
    expect(rowNames()[0]).toBe('f00.txt');
  });

  it('shows no paginator for 50 rows or fewer', async () => {
    await openFiles();
    expect(screen.queryByTestId('files-paginator')).toBeNull();
  });
});

describe('file detail sidebar', () => {
  it('opens from a row through file_path with modified time, size and download', async () => {
    const { router, requests } = await openFiles({ raw: textReply('hello\nworld\n') });
    await userEvent.click(screen.getByRole('link', { name: 'notes.txt' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${TREE}?file_path=notes.txt`));
    const sidebar = await screen.findByTestId('file-detail');
    expect(within(sidebar).getByTestId('file-detail-name').textContent).toBe('notes.txt');
    expect(within(sidebar).getByTestId('file-detail-size').textContent).toBe('2.00 kB');
    const download = within(sidebar).getByTestId('file-detail-download');
    expect(download.getAttribute('href')).toBe('/v1/project/raw/field-team/survey?file=notes.txt');
    expect(download.getAttribute('download')).toBe('notes.txt');
    expect((await within(sidebar).findByTestId('file-preview-text')).textContent).toBe('hello\nworld\n');
    // Only the start of the file is asked for.
    const rawCall = requests.find((request) => request.url.startsWith('/v1/project/raw/'));
    expect(rawCall?.headers.get('Range')).toBe('bytes=0-39999');
    // Readers may not delete.
    expect(within(sidebar).queryByText(tFiles('fileDetail.deleteFile'))).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: tFiles('fileDetail.close') }));
    await waitFor(() => expect(currentPath(router)).toBe(TREE));
  });

  it('previews at most 50 lines of a text file and says it is cut', async () => {
    const text = Array.from({ length: 70 }, (_, index) => `row ${index}`).join('\n');
    await openFiles({ path: `${TREE}?file_path=notes.txt`, raw: textReply(text) });
    const preview = await screen.findByTestId('file-preview-text');
    expect(preview.textContent?.split('\n')).toHaveLength(50);
    expect(screen.getByTestId('file-preview-truncated').textContent).toBe(
      tFiles('fileDetail.previewTruncated'),
    );
  });

  it('previews an image from its address, zoomable in the image preview', async () => {
    await openFiles({
      path: `${TREE}/data/photos?file_path=data/photos/tree.jpg`,
      raw: { status: 206, data: new ArrayBuffer(8), headers: { 'content-type': 'image/jpeg' } },
    });
    const image = await screen.findByRole('img', {
      name: tFiles('fileDetail.imageAlt', { name: 'tree.jpg' }),
    });
    expect(image.getAttribute('src')).toMatch(
      /^\/v1\/project\/raw\/field-team\/survey\?file=data%2Fphotos%2Ftree\.jpg&random=/,
    );
    expect(screen.getByTestId('file-detail-folder').textContent).toBe('data/photos');
  });

  it('shows the layers of a GeoPackage with geometry types and counts, read by the server', async () => {
    const stub = stubServer({
      isAuthenticated: true,
      overrides: {
        [PROJECT_URL]: { data: buildProject({ files: FILES }) },
        [LAYERS_URL]: {
          data: {
            version: 'v3',
            files: [
              {
                path: 'survey.gpkg',
                size: 98_304,
                layers: [
                  layer({ table: 'trees', geometry_type: 'POINT', has_z: true, feature_count: 1234 }),
                  layer({ table: 'notes', geometry_type: null, feature_count: 1 }),
                  layer({
                    table: 'parcels',
                    geometry_type: 'MULTIPOLYGON',
                    feature_count: 1,
                    error: 'Unknown spatial reference system 100000: the layer cannot be shown on the map',
                  }),
                ],
              },
            ],
          },
        },
      },
    });
    renderApp(`${TREE}?file_path=survey.gpkg`);
    const list = await screen.findByRole('list', {
      name: tMap('layers.layersLabel', { file: 'survey.gpkg' }),
    });
    const items = within(list).getAllByTestId('gpkg-layer');
    expect(items.map((item) => item.textContent)).toEqual([
      'treesPoint Z · 1,234 features',
      'notesNo geometry · 1 row',
      'parcelsMultipolygon · 1 featureUnknown spatial reference system 100000: the layer cannot be shown on the map',
    ]);
    const asked = stub.requests.find((request) => request.url.includes('/layers'));
    expect(asked?.params).toEqual({ file: 'survey.gpkg' });
    // The GeoPackage's bytes are not read by the browser.
    expect(stub.requests.filter((request) => request.url.includes('/raw/'))).toHaveLength(0);
  });

  it('says why a GeoPackage has no layers to show', async () => {
    stubServer({
      isAuthenticated: true,
      overrides: {
        [PROJECT_URL]: { data: buildProject({ files: FILES }) },
        [LAYERS_URL]: {
          data: {
            version: 'v3',
            files: [
              { path: 'survey.gpkg', size: 1, layers: [], error: 'The file is damaged or not a GeoPackage' },
            ],
          },
        },
      },
    });
    renderApp(`${TREE}?file_path=survey.gpkg`);
    expect((await screen.findByTestId('gpkg-layers-failed')).textContent).toBe(
      'The file is damaged or not a GeoPackage',
    );
  });

  it('has no preview at all for files of 100 MiB', async () => {
    const { requests } = await openFiles({
      path: `${TREE}?file_path=big.txt`,
      project: { files: [...FILES, file('big.txt', 104_857_600)] },
    });
    expect((await screen.findByTestId('file-preview-too-large')).textContent).toBe(
      tFiles('fileDetail.tooLargeForPreview'),
    );
    expect(requests.filter((request) => request.url.includes('file=big.txt'))).toHaveLength(0);
  });

  it('has no preview for a binary file of another type', async () => {
    await openFiles({
      path: `${TREE}?file_path=notes.txt`,
      raw: { status: 206, data: new ArrayBuffer(8), headers: { 'content-type': 'application/x-sqlite3' } },
    });
    expect((await screen.findByTestId('file-preview-none')).textContent).toBe(tFiles('fileDetail.noPreview'));
  });

  it('stays closed when file_path names no file of the project', async () => {
    await openFiles({ path: `${TREE}?file_path=missing.txt` });
    expect(screen.queryByTestId('file-detail')).toBeNull();
  });

  it('lets a writer delete the file after confirming, as a push of the removal', async () => {
    const notes = FILES[1] as ProjectFile;
    const remaining = FILES.filter((entry) => entry !== notes);
    const { router, requests } = await openFiles({
      path: `${TREE}?file_path=notes.txt`,
      project: { role: 'writer' },
      // The refresh after the push is slow: the sidebar is gone by the time it ends, and must close anyway.
      raw: [textReply('x'), { ...textReply('x'), delayMs: 1500 }],
      push: { data: buildProject({ role: 'writer', version: 'v4', files: remaining }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: tFiles('fileDetail.deleteFile') }));
    const dialog = await screen.findByRole('dialog', { name: tFiles('fileDetail.deleteHeader') });
    expect(within(dialog).getByText(tFiles('fileDetail.deleteMessage', { path: 'notes.txt' }))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: tFiles('fileDetail.deleteConfirm') }));

    await waitFor(() => expect(currentPath(router)).toBe(TREE));
    expect(await screen.findByText(tFiles('fileDetail.deleted'))).toBeTruthy();
    const push = requests.find((request) => request.method === 'POST' && request.url.includes('/push/'));
    expect(push?.data).toEqual({
      version: 'v3',
      changes: {
        added: [],
        updated: [],
        removed: [{ path: 'notes.txt', checksum: notes.checksum, size: 2048, mtime: notes.mtime }],
      },
    });
    await waitFor(() => expect(rowNames()).toEqual(['data', 'survey.gpkg']));
    expect(screen.getByTestId('project-header-version').textContent).toBe('v4');
  });

  it('shows the server reason when the deletion is refused, and keeps the file', async () => {
    await openFiles({
      path: `${TREE}?file_path=notes.txt`,
      project: { role: 'owner' },
      raw: textReply('x'),
      push: { status: 400, data: { detail: 'Version mismatch' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: tFiles('fileDetail.deleteFile') }));
    const dialog = await screen.findByRole('dialog', { name: tFiles('fileDetail.deleteHeader') });
    await userEvent.click(within(dialog).getByRole('button', { name: tFiles('fileDetail.deleteConfirm') }));
    expect(await screen.findByText('Version mismatch')).toBeTruthy();
    expect(screen.getByTestId('file-detail-name').textContent).toBe('notes.txt');
  });
});

describe('files tab: choosing files to download', () => {
  it('checkboxes choose files without opening them; select all takes every file of the list, on all pages', async () => {
    const { table, router } = await openFiles({ path: `${TREE}/data` });
    expect(screen.queryByTestId('files-download-selected')).toBeNull();
    // Folders are opened, not chosen.
    expect(
      within(table).queryByRole('checkbox', { name: tFiles('download.selectFile', { name: 'photos' }) }),
    ).toBeNull();
    await userEvent.click(
      within(table).getByRole('checkbox', { name: tFiles('download.selectFile', { name: 'roads.gpkg' }) }),
    );
    expect(screen.getByTestId('files-download-selected').textContent).toContain(
      tFiles('download.download', { count: 1 }),
    );
    expect(currentPath(router)).not.toContain('file_path');

    await userEvent.type(screen.getByPlaceholderText(tFiles('files.searchPlaceholder')), 'jpg');
    await waitFor(() => expect(rowNames()).toEqual(['photos/bench.jpg', 'photos/tree.jpg']));
    await userEvent.click(screen.getByRole('checkbox', { name: tFiles('download.selectAll') }));
    expect(screen.getByTestId('files-download-selected').textContent).toContain(
      tFiles('download.download', { count: 3 }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: tFiles('download.selectAll') }));
    expect(screen.getByTestId('files-download-selected').textContent).toContain(
      tFiles('download.download', { count: 1 }),
    );
    await userEvent.click(screen.getByTestId('files-clear-selection'));
    expect(screen.queryByTestId('files-download-selected')).toBeNull();
  });

  it('shows the refusal of the server in its own words', async () => {
    const project = buildProject({ files: FILES });
    stubServer({
      isAuthenticated: true,
      overrides: {
        [PROJECT_URL]: { data: project },
        [`POST /app/projects/${project.id}/download`]: {
          status: 400,
          data: { detail: 'File notes.txt not found in version v3' },
        },
      },
    });
    renderApp(TREE);
    const table = await screen.findByTestId('files-table');
    await userEvent.click(
      within(table).getByRole('checkbox', { name: tFiles('download.selectFile', { name: 'notes.txt' }) }),
    );
    await userEvent.click(screen.getByTestId('files-download-selected'));
    expect((await screen.findByTestId('files-download-error')).textContent).toContain(
      'File notes.txt not found in version v3',
    );
  });
});
