import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, type Route, test } from '@playwright/test';
import { apiAsUser, signIn, signInByApi, snap as snapPage } from './fixtures.ts';

const PROJECT = 'field-survey';
const PROJECT_PATH = `admin/${PROJECT}`;
const READER = { username: 'map-reader', email: 'reader@example.com', password: 'Reader-pass1' };
const MIB = 1024 * 1024;
const FIXTURES = path.join(import.meta.dirname, 'fixtures');

type Violation = { directive: string; blockedURI: string; sourceFile: string };

declare global {
  interface Window {
    cspViolations?: Violation[];
  }
}

/**
 * The survey folder as it sits on a field laptop, named like the project so that it stands for the whole
 * project: a GeoPackage, a large photo (three 10 MiB chunks), notes, and the sync client's own files that
 * an upload must leave out.
 */
async function makeSurveyFolder(page: Page): Promise<string> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'waymark-upload-'));
  const folder = path.join(root, PROJECT);
  mkdirSync(path.join(folder, 'DCIM'), { recursive: true });
  mkdirSync(path.join(folder, '.mergin'));
  copyFileSync(path.join(FIXTURES, 'survey.gpkg'), path.join(folder, 'survey.gpkg'));
  const jpeg = await page.screenshot({ type: 'jpeg', quality: 80 });
  // A real JPEG with a camera's worth of extra bytes after it, so the upload takes several chunks.
  writeFileSync(path.join(folder, 'DCIM', 'tree-001.jpg'), Buffer.concat([jpeg, randomBytes(22 * MIB)]));
  writeFileSync(path.join(folder, 'notes.txt'), 'Tree survey, plot 4: three trees measured.\n');
  writeFileSync(path.join(folder, '.mergin', 'mergin.json'), '{}');
  writeFileSync(path.join(folder, '.DS_Store'), 'finder');
  return folder;
}

/** Drops files on the drop area the way a browser does: a DataTransfer built in the page. */
async function dropFiles(target: Locator, files: { name: string; bytes: Buffer }[]): Promise<void> {
  const dataTransfer = await target.page().evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const { name, bytes } of list) transfer.items.add(new File([new Uint8Array(bytes)], name));
      return transfer;
    },
    files.map(({ name, bytes }) => ({ name, bytes: [...bytes] })),
  );
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/** Holds chosen chunk uploads until released, so the journey can look at an upload in flight. */
function chunkGate(shouldHold: (size: number) => boolean) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (route: Route) => {
    if (shouldHold(route.request().postDataBuffer()?.length ?? 0)) await released;
    // The page may have aborted the request meanwhile (a cancelled upload).
    await route.continue().catch(() => undefined);
  };
  return { handler, release };
}

const CHUNK_ROUTE = '**/v1/project/push/chunk/**';

/** Snaps from the top of the page: clicks scroll it, and a full-page shot would show the sticky header mid-way. */
async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapPage(page, name);
}

test.describe.serial('browser upload', () => {
  const problems: string[] = [];

  test.beforeEach(async ({ page }) => {
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await page.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.cspViolations?.push({
          directive: event.violatedDirective,
          blockedURI: event.blockedURI,
          sourceFile: event.sourceFile,
        });
      });
    });
    await signInByApi(page);
  });

  test.afterEach(async ({ page }) => {
    expect(await page.evaluate(() => window.cspViolations ?? [])).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('a picked folder is analysed, uploaded with progress and becomes version 1', async ({ page }) => {
    await apiAsUser(page, 'POST', '/v1/project/admin', { name: PROJECT, public: false });
    const folder = await makeSurveyFolder(page);
    await page.goto(`/projects/${PROJECT_PATH}/tree`);

    const panel = page.getByTestId('upload-panel');
    await expect(panel.getByRole('button', { name: 'Upload files' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(panel.getByText('Mergin Maps plugin for QGIS')).toBeVisible();
    await expect(panel.getByText('Drag and drop files')).toBeVisible();
    await expect(panel.getByText('You can drop files from your computer to start uploading')).toBeVisible();
    await snap(page, 'upload-panel-empty');

    await page.getByTestId('upload-folder-input').setInputFiles(folder);
    const sync = page.getByTestId('data-sync');
    await expect(sync.getByRole('heading', { name: 'Data Sync' })).toBeVisible();
    // .mergin/ and .DS_Store are left out: three files are added.
    await expect(sync.getByTestId('sync-count-added')).toContainText('3');
    await expect(sync.getByTestId('sync-count-updated')).toContainText('0');
    await expect(sync.getByTestId('sync-count-removed')).toContainText('0');
    const update = sync.getByRole('button', { name: 'Update Changes' });
    await expect(update).toBeEnabled();
    await expect(sync.getByTestId('sync-file')).toHaveText([
      /DCIM\/tree-001\.jpg.*New/,
      /notes\.txt.*New/,
      /survey\.gpkg.*New/,
    ]);
    await expect(sync.getByTestId('sync-size')).toContainText('22.');
    await snap(page, 'upload-data-sync');

    // The first photo chunk and the small files go through; the second photo chunk waits.
    let fullChunks = 0;
    const gate = chunkGate((size) => size === 10 * MIB && fullChunks++ >= 1);
    await page.route(CHUNK_ROUTE, gate.handler);
    await update.click();
    const toast = page.getByTestId('upload-toast');
    await expect(toast.getByText('Uploading data to project.')).toBeVisible();
    await expect(toast.getByText(PROJECT_PATH)).toBeVisible();
    await expect(toast.getByTestId('upload-toast-numbers')).toHaveText(/^12\.\d\d MB of 22\.\d\d MB · 5\d%$/);
    await expect(sync.getByRole('button', { name: 'Update Changes' })).toHaveCount(0);
    await expect(sync.getByRole('button', { name: 'Cancel upload' })).toBeEnabled();
    await expect(sync.getByTestId('sync-file').filter({ hasText: 'notes.txt' })).toContainText('Uploaded');
    await snap(page, 'upload-progress');

    // Dropping more while it runs is refused.
    await dropFiles(page.getByTestId('upload-drop-area'), [{ name: 'late.txt', bytes: Buffer.from('late') }]);
    await expect(page.getByText('You cannot update files during upload')).toBeVisible();

    gate.release();
    await expect(page.getByText(`Upload finished: ${PROJECT_PATH}`)).toBeVisible();
    await expect(sync).toBeHidden();
    await expect(toast).toBeHidden();
    await page.unroute(CHUNK_ROUTE);
    await expect(page.getByTestId('project-header-version')).toHaveText('v1');
    // The Files tab lists the root folder: the DCIM folder first, then the files.
    await expect(page.getByTestId('files-table').locator('tbody tr')).toHaveText([
      /DCIM.*1 file/,
      /notes\.txt/,
      /survey\.gpkg/,
    ]);
    await snap(page, 'upload-finished');
  });

  test('a changed GeoPackage is confirmed before it overwrites the project', async ({ page }) => {
    await page.goto(`/projects/${PROJECT_PATH}/tree`);
    const toggle = page.getByRole('button', { name: 'Upload files' });
    // The project has files now: the panel starts collapsed.
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('upload-drop-area')).toBeHidden();
    await snap(page, 'upload-panel-collapsed');
    await toggle.click();

    const edited = readFileSync(path.join(FIXTURES, 'survey-edited.gpkg'));
    await dropFiles(page.getByTestId('upload-drop-area'), [{ name: 'survey.gpkg', bytes: edited }]);
    const sync = page.getByTestId('data-sync');
    await expect(sync.getByTestId('sync-count-updated')).toContainText('1');
    await expect(sync.getByTestId('sync-count-added')).toContainText('0');
    await expect(sync.getByTestId('sync-file')).toHaveText([/survey\.gpkg.*Modified/]);
    await sync.getByRole('button', { name: 'Update Changes' }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirm continue upload' });
    await expect(dialog.getByText('Are you really sure you want to continue?')).toBeVisible();
    await expect(dialog.getByText(/Changes from other users may get lost/)).toBeVisible();
    await snap(page, 'upload-confirm');
    await dialog.getByRole('button', { name: 'Update' }).click();

    await expect(page.getByText(`Upload finished: ${PROJECT_PATH}`)).toBeVisible();
    await expect(page.getByTestId('project-header-version')).toHaveText('v2');
    await expect(sync).toBeHidden();
  });

  test('an upload is cancelled on the server too, and the same files can be sent again', async ({ page }) => {
    await page.goto(`/projects/${PROJECT_PATH}/tree`);
    await page.getByRole('button', { name: 'Upload files' }).click();
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'waymark-upload-'));
    const big = path.join(tmp, 'orthophoto.tif');
    writeFileSync(big, randomBytes(15 * MIB));
    await page.getByTestId('upload-files-input').setInputFiles(big);
    const sync = page.getByTestId('data-sync');
    await expect(sync.getByTestId('sync-count-added')).toContainText('1');

    const gate = chunkGate(() => true);
    await page.route(CHUNK_ROUTE, gate.handler);
    await sync.getByRole('button', { name: 'Update Changes' }).click();
    await expect(page.getByTestId('upload-toast')).toBeVisible();
    const cancelCall = page.waitForResponse((response) =>
      response.url().includes('/v1/project/push/cancel/'),
    );
    await sync.getByRole('button', { name: 'Cancel upload' }).click();
    expect((await cancelCall).status()).toBe(200);
    await expect(page.getByText('Operation canceled by the user.')).toBeVisible();
    await expect(page.getByTestId('upload-toast')).toBeHidden();
    // The picked file stays, ready to be sent again.
    await expect(sync.getByRole('button', { name: 'Update Changes' })).toBeEnabled();
    await snap(page, 'upload-canceled');
    gate.release();
    await page.unroute(CHUNK_ROUTE);

    // The server released its lock: the next push goes through.
    await sync.getByRole('button', { name: 'Update Changes' }).click();
    await expect(page.getByText(`Upload finished: ${PROJECT_PATH}`)).toBeVisible();
    await expect(page.getByTestId('project-header-version')).toHaveText('v3');
  });

  test('closing Data Sync discards the files; text and unchanged files are refused; a folder removes files', async ({
    page,
  }) => {
    await page.goto(`/projects/${PROJECT_PATH}/tree`);
    await page.getByRole('button', { name: 'Upload files' }).click();
    const dropArea = page.getByTestId('upload-drop-area');

    await dropFiles(dropArea, [{ name: 'extra.csv', bytes: Buffer.from('id,species\n5,elm\n') }]);
    const sync = page.getByTestId('data-sync');
    await expect(sync.getByTestId('sync-count-added')).toContainText('1');
    await sync.getByRole('button', { name: 'Close Data Sync and discard these changes' }).click();
    await expect(sync).toBeHidden();

    const text = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.setData('text/plain', 'just some text');
      return transfer;
    });
    await dropArea.dispatchEvent('drop', { dataTransfer: text });
    await expect(page.getByText('Drop only files or folders')).toBeVisible();

    const notes = Buffer.from('Tree survey, plot 4: three trees measured.\n');
    await dropFiles(dropArea, [{ name: 'notes.txt', bytes: notes }]);
    await expect(page.getByText('No changes detected. File already exists?')).toBeVisible();
    await expect(sync).toBeHidden();
    await snap(page, 'upload-no-changes');

    // The project folder again, now holding only the notes: the other files are removed, nothing is sent.
    const root = mkdtempSync(path.join(os.tmpdir(), 'waymark-upload-'));
    mkdirSync(path.join(root, PROJECT));
    writeFileSync(path.join(root, PROJECT, 'notes.txt'), notes);
    await page.getByTestId('upload-folder-input').setInputFiles(path.join(root, PROJECT));
    await expect(sync.getByTestId('sync-count-removed')).toContainText('3');
    await expect(sync.getByTestId('sync-count-added')).toContainText('0');
    await expect(sync.getByTestId('sync-file')).toHaveText([
      /DCIM\/tree-001\.jpg.*Removed/,
      /orthophoto\.tif.*Removed/,
      /survey\.gpkg.*Removed/,
    ]);
    await snap(page, 'upload-removals');
    await sync.getByRole('button', { name: 'Update Changes' }).click();
    await expect(page.getByText('Project updated')).toBeVisible();
    await expect(page.getByTestId('project-header-version')).toHaveText('v4');
    await expect(page.getByTestId('files-table').locator('tbody tr')).toHaveText([/notes\.txt/]);
  });

  test('a reader sees the files but no upload area', async ({ page, browser }) => {
    await apiAsUser(page, 'POST', '/v2/users', {
      email: READER.email,
      password: READER.password,
      username: READER.username,
    });
    const project = (await (await page.request.get(`/v1/project/${PROJECT_PATH}`)).json()) as { id: string };
    await apiAsUser(page, 'PUT', `/v1/project/${PROJECT_PATH}`, {
      access: {
        ownersnames: ['admin'],
        writersnames: ['admin'],
        editorsnames: ['admin'],
        readersnames: ['admin', READER.username],
      },
    });

    const readerContext = await browser.newContext();
    const reader = await readerContext.newPage();
    await reader.goto(`/projects/${PROJECT_PATH}/tree`);
    await signIn(reader, READER.username, READER.password);
    await expect(reader.getByTestId('files-table').locator('tbody tr').first()).toBeVisible();
    await expect(reader.getByTestId('upload-panel')).toHaveCount(0);
    await expect(reader.getByText('Drag and drop files')).toHaveCount(0);
    await snap(reader, 'upload-reader');
    await readerContext.close();

    // Leave the admin workspace empty again for the journeys that start from an empty list.
    await apiAsUser(page, 'POST', `/v2/projects/${project.id}/scheduleDelete`);
  });
});
