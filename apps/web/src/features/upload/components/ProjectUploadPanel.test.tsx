import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ProjectDetail } from '@waymark/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, stubServer } from '../../../test/renderApp.tsx';
import { buildProject } from '../../project/test/projectFixture.ts';
import type { LocalFile } from '../uploadChanges.ts';
import { newProjectUpload, type ProjectUpload, uploadStore } from '../uploadStore.ts';
import { UPLOAD_TOAST_SPACE_VARIABLE } from './UploadProgressToast.tsx';
import { tFiles } from '../../../i18n/files.ts';

const GPKG = { path: 'survey.gpkg', checksum: 'old', size: 2048, mtime: '2025-01-01T00:00:00Z' };

async function openTree(project: ProjectDetail, { isMaintenance = false } = {}) {
  stubServer({
    isAuthenticated: true,
    isMaintenance,
    overrides: { 'GET /v1/project/field-team/survey': { data: project } },
  });
  renderApp('/projects/field-team/survey/tree');
  await screen.findByTestId('files-browser');
}

function local(path: string, checksum: string | undefined, size = 4096): LocalFile {
  return {
    path,
    file: new File([new Uint8Array(size)], path),
    size,
    mtime: '2025-02-01T00:00:00.000Z',
    ...(checksum === undefined ? {} : { checksum }),
  };
}

/** Puts an upload of the test project into the app's store, as the controller would have left it. */
function seedUpload(files: LocalFile[], change: Partial<ProjectUpload> = {}) {
  const upload = newProjectUpload({ namespace: 'field-team', name: 'survey' });
  const localFiles = Object.fromEntries(files.map((file) => [file.path, file]));
  uploadStore.setState({
    uploads: {
      'field-team/survey': {
        ...upload,
        overlay: { localFiles, replacedFolders: [], removedPaths: [] },
        ...change,
      },
    },
  });
}

afterEach(() => {
  uploadStore.setState({ uploads: {} });
});

describe('the Upload files panel', () => {
  it('is open for a writer of an empty project, with the plugin card and the drop area', async () => {
    await openTree(buildProject({ role: 'writer', files: [] }));
    const toggle = screen.getByRole('button', { name: tFiles('upload.panelTitle') });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(tFiles('upload.pluginTitle'))).toBeTruthy();
    expect(screen.getByText(tFiles('upload.dropTitle'))).toBeTruthy();
    expect(screen.getByRole('link', { name: tFiles('upload.pluginLink') }).getAttribute('href')).toBe(
      'https://docs.example.com/manage/create-project',
    );
  });

  it('starts collapsed once the project has files, and opens on demand', async () => {
    await openTree(buildProject({ role: 'owner', files: [GPKG] }));
    const toggle = screen.getByRole('button', { name: tFiles('upload.panelTitle') });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('upload-drop-area').closest('[hidden]')).not.toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('upload-drop-area').closest('[hidden]')).toBeNull();
  });

  it('is not there for readers', async () => {
    await openTree(buildProject({ role: 'reader', files: [GPKG] }));
    expect(screen.queryByTestId('upload-panel')).toBeNull();
  });

  it('is not there for editors either (SPEC §6: writers; editors sync their data through the clients)', async () => {
    await openTree(buildProject({ role: 'editor', files: [GPKG] }));
    expect(screen.getByTestId('files-table')).toBeTruthy();
    expect(screen.queryByTestId('upload-panel')).toBeNull();
  });
});

describe('the Data Sync panel', () => {
  it('counts the changes and asks before a GeoPackage is overwritten', async () => {
    seedUpload([local('survey.gpkg', 'new'), local('photo.jpg', 'p', 1024)]);
    await openTree(buildProject({ role: 'writer', files: [GPKG] }));
    const sync = screen.getByTestId('data-sync');
    expect(within(sync).getByTestId('sync-count-added').textContent).toContain('1');
    expect(within(sync).getByTestId('sync-count-updated').textContent).toContain('1');
    expect(within(sync).getByTestId('sync-size').textContent).toBe(`${tFiles('upload.uploadSize')}: 5.00 kB`);
    expect(
      within(sync)
        .getAllByTestId('sync-file')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('photo.jpg'), expect.stringContaining('survey.gpkg')]);

    await userEvent.click(within(sync).getByRole('button', { name: tFiles('upload.updateChanges') }));
    const dialog = await screen.findByRole('dialog', { name: tFiles('upload.confirmHeader') });
    expect(within(dialog).getByText(tFiles('upload.confirmQuestion'))).toBeTruthy();
    expect(within(dialog).getByText(tFiles('upload.confirmText'))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: tFiles('upload.confirmCancel') }));
    expect(uploadStore.getState().uploads['field-team/survey']?.phase).toBe('preparing');
  });

  it("keeps 'Update Changes' disabled while files are analysed", async () => {
    seedUpload([local('survey.gpkg', undefined), local('photo.jpg', 'p')]);
    await openTree(buildProject({ role: 'writer', files: [GPKG] }));
    const sync = screen.getByTestId('data-sync');
    expect(
      within(sync)
        .getByRole('button', { name: tFiles('upload.updateChanges') })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(within(sync).getByTestId('sync-status').textContent).toContain(
      tFiles('upload.analysing', { count: 1 }),
    );
  });

  it("keeps 'Update Changes' disabled during read-only maintenance, which the server would refuse", async () => {
    seedUpload([local('photo.jpg', 'p', 1024)]);
    await openTree(buildProject({ role: 'writer', files: [GPKG] }), { isMaintenance: true });
    const sync = screen.getByTestId('data-sync');
    expect(within(sync).getByTestId('sync-count-added').textContent).toContain('1');
    expect(
      within(sync)
        .getByRole('button', { name: tFiles('upload.updateChanges') })
        .hasAttribute('disabled'),
    ).toBe(true);
  });

  it('keeps the progress toast clear of the app toasts: they open below it', async () => {
    seedUpload([local('photo.jpg', 'p', 4096)], {
      phase: 'uploading',
      totalBytes: 4096,
      sentBytes: { 'photo.jpg': 1024 },
    });
    await openTree(buildProject({ role: 'writer', files: [] }));
    await screen.findByTestId('upload-toast');
    // happy-dom lays nothing out (height 0): the space is the gap; in a browser the toast's height is added.
    expect(document.documentElement.style.getPropertyValue(UPLOAD_TOAST_SPACE_VARIABLE)).toBe('12px');
    uploadStore.setState({ uploads: {} });
    await waitFor(() => expect(screen.queryByTestId('upload-toast')).toBeNull());
    expect(document.documentElement.style.getPropertyValue(UPLOAD_TOAST_SPACE_VARIABLE)).toBe('');
  });

  it('shows a running upload with its bytes, a cancel button, and the progress toast after 500 ms', async () => {
    seedUpload([local('photo.jpg', 'p', 4096)], {
      phase: 'uploading',
      totalBytes: 4096,
      sentBytes: { 'photo.jpg': 1024 },
    });
    await openTree(buildProject({ role: 'writer', files: [] }));
    const sync = screen.getByTestId('data-sync');
    expect(within(sync).queryByRole('button', { name: tFiles('upload.updateChanges') })).toBeNull();
    expect(within(sync).getByRole('button', { name: tFiles('upload.cancelUpload') })).toBeTruthy();
    expect(within(sync).getByTestId('sync-progress').textContent).toContain('1.00 kB of 4.00 kB · 25%');
    expect(within(sync).getByTestId('sync-file-state').textContent).toBe(
      tFiles('upload.stateUploading', { percent: 25 }),
    );
    const toast = await screen.findByTestId('upload-toast');
    expect(within(toast).getByText(tFiles('upload.progressTitle'))).toBeTruthy();
    expect(within(toast).getByTestId('upload-toast-numbers').textContent).toBe('1.00 kB of 4.00 kB · 25%');
  });
});

describe('the files browser beside an upload', () => {
  it('lists the files the upload would add and marks their state in the file sidebar', async () => {
    seedUpload([local('survey.gpkg', 'new', 3000), local('photo.jpg', 'p', 1024)]);
    await openTree(buildProject({ role: 'writer', files: [GPKG] }));
    const table = screen.getByTestId('files-table');
    expect(await within(table).findByText('photo.jpg')).toBeTruthy();
    expect(within(table).getByText('survey.gpkg')).toBeTruthy();
  });

  it('shows the Modified file banner for a file the upload updates', async () => {
    seedUpload([local('survey.gpkg', 'new', 3000)]);
    stubServer({
      isAuthenticated: true,
      overrides: {
        'GET /v1/project/field-team/survey': { data: buildProject({ role: 'writer', files: [GPKG] }) },
      },
    });
    renderApp('/projects/field-team/survey/tree?file_path=survey.gpkg');
    expect(await screen.findByText(tFiles('fileDetail.stateUpdated'))).toBeTruthy();
  });
});
