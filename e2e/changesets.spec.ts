import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiAsUser, signInByApi, snap as snapPage } from './fixtures.ts';
import { snapBoth } from './viewports.ts';

// One journey: a park GeoPackage uploaded through the browser, then the park after a survey, then the park with
// a changed layer schema; the history shows what changed in each layer, row by row.
const PROJECT = 'city-park';
const PROJECT_PATH = `admin/${PROJECT}`;
const FIXTURES = path.join(import.meta.dirname, 'fixtures');

/** Snaps from the top of the page: a full-page shot would show the sticky header mid-way after a scroll. */
async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapPage(page, name);
}

/** Drops one file on the upload area the way a browser does: a DataTransfer built in the page. */
async function dropFile(target: Locator, name: string, bytes: Buffer): Promise<void> {
  const dataTransfer = await target.page().evaluateHandle(
    ({ fileName, data }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], fileName));
      return transfer;
    },
    { fileName: name, data: [...bytes] },
  );
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/** Uploads `fixture` as park.gpkg over the project's copy, through Data Sync and the overwrite confirmation. */
async function uploadEditedPark(page: Page, fixture: string, version: string): Promise<void> {
  await page.goto(`/projects/${PROJECT_PATH}/tree`);
  await page.getByRole('button', { name: 'Upload files' }).click();
  await dropFile(
    page.getByTestId('upload-drop-area'),
    'park.gpkg',
    readFileSync(path.join(FIXTURES, fixture)),
  );
  const sync = page.getByTestId('data-sync');
  await expect(sync.getByTestId('sync-file')).toHaveText([/park\.gpkg.*Modified/]);
  await sync.getByRole('button', { name: 'Update Changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm continue upload' });
  await expect(dialog.getByText('Are you really sure you want to continue?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Update' }).click();
  const finished = page.getByText(`Upload finished: ${PROJECT_PATH}`);
  await expect(finished).toBeVisible();
  await expect(page.getByTestId('project-header-version')).toHaveText(version);
  // The toast would cover the page in the screenshots.
  await expect(finished).toBeHidden({ timeout: 15_000 });
}

/** Opens History and the detail sidebar of `version`. */
async function openVersion(page: Page, version: string): Promise<Locator> {
  await page.getByTestId('project-tab-history').click();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await page
    .getByTestId('version-link')
    .filter({ hasText: new RegExp(`^${version}$`) })
    .click();
  const detail = page.getByTestId('version-detail-sidebar');
  await expect(detail.getByTestId('version-detail-name')).toHaveText(version);
  return detail;
}

/** The cells of each body row of a table, as text. */
async function rowTexts(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => (cell.textContent ?? '').trim())),
    );
}

test.describe.serial('GeoPackage changes in the history', () => {
  const problems: string[] = [];

  test.beforeEach(async ({ page }) => {
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await signInByApi(page);
  });

  test.afterEach(() => {
    expect(problems).toEqual([]);
  });

  test('an edited GeoPackage shows its inserted, updated and deleted rows', async ({ page }) => {
    await apiAsUser(page, 'POST', '/v1/project/admin', { name: PROJECT, public: false });
    await page.goto(`/projects/${PROJECT_PATH}/tree`);
    await page.getByTestId('upload-files-input').setInputFiles(path.join(FIXTURES, 'park.gpkg'));
    const sync = page.getByTestId('data-sync');
    await expect(sync.getByTestId('sync-file')).toHaveText([/park\.gpkg.*New/]);
    await sync.getByRole('button', { name: 'Update Changes' }).click();
    await expect(page.getByText(`Upload finished: ${PROJECT_PATH}`)).toBeVisible();
    await expect(page.getByTestId('project-header-version')).toHaveText('v1');

    // The survey: a tree planted (fid 4), one re-measured (fid 3), one felled (fid 2), twelve paths mapped.
    await uploadEditedPark(page, 'park-surveyed.gpkg', 'v2');

    const detail = await openVersion(page, 'v2');
    await expect(detail.getByTestId('version-changes-updated-count')).toHaveText('1');
    await expect(detail.getByTestId('version-change-file')).toHaveText([/park\.gpkg/]);
    // The server computes the changeset in the background: the sidebar asks again until it is there.
    const summary = detail.getByTestId('changeset-summary');
    await expect(summary.locator('thead th')).toHaveText(['Layer', 'Inserts', 'Updates', 'Deletes']);
    // Layers in name order, with their counts.
    await expect
      .poll(() => rowTexts(summary))
      .toEqual([
        ['paths', '12', '0', '0'],
        ['trees', '1', '1', '1'],
      ]);
    // The file's size, and the changeset's labelled beside it (alone it read as the GeoPackage's size).
    await expect(detail.getByTestId('version-change-size')).toHaveText(
      /^\d+(\.\d+)? kB · changes \d+(\.\d+)? k?B$/,
    );
    await snap(page, 'changesets-version-detail');
    await snapBoth(page, 'changesets-version-sizes');

    await detail.getByRole('link', { name: 'Show advanced' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT_PATH}/history/v2/park\\.gpkg$`));
    const fileVersion = page.getByTestId('file-version-detail');
    await expect(fileVersion.getByTestId('file-version-name')).toHaveText('park.gpkg');
    await expect(fileVersion.getByTestId('file-version-version')).toHaveText('v2');
    await expect
      .poll(() => rowTexts(fileVersion.getByTestId('changeset-summary')))
      .toEqual([
        ['paths', '12', '0', '0'],
        ['trees', '1', '1', '1'],
      ]);

    const grids = fileVersion.getByTestId('changeset-grid');
    await expect(grids.locator('h3')).toHaveText(['paths', 'trees']);
    const trees = grids.filter({ has: page.getByRole('heading', { name: 'trees' }) });
    await expect(trees.getByTestId('changeset-grid-count')).toHaveText('3 changes');
    await expect(trees.locator('thead th')).toHaveText([
      'Change',
      'fid',
      'geom',
      'species',
      'height',
      'planted',
      'note',
    ]);
    // The planted ash with all its values; the birch re-measured (old → new, the rest not in the changeset);
    // the felled lime with its old values, its empty note as NULL.
    expect(await rowTexts(trees)).toEqual([
      ['', '4', 'POINT(14.44 50.1)', 'ash', '3.5', '2025-05-02', 'planted by the school'],
      ['', '2', 'POINT(14.42 50.09)', 'lime', '17', '2001-10-03', 'NULL'],
      ['', '3', 'N/A', 'birch → silver birch', '9.25 → 11', 'N/A', 'N/A'],
    ]);
    await expect(trees.getByRole('img', { name: 'Insert' })).toHaveCount(1);
    await expect(trees.getByRole('img', { name: 'Delete' })).toHaveCount(1);
    await expect(trees.getByRole('img', { name: 'Update' })).toHaveCount(1);
    await expect(trees.locator('tbody tr').nth(2).locator('.changeset-change__old')).toHaveText([
      'birch',
      '9.25',
    ]);

    // Twelve new paths: ten on the first page of a 400px scroll, two on the second.
    const paths = grids.filter({ has: page.getByRole('heading', { name: 'paths' }) });
    await expect(paths.getByTestId('changeset-grid-count')).toHaveText('12 changes');
    await expect(paths.locator('tbody tr')).toHaveCount(10);
    const scroll = paths.locator('.p-datatable-wrapper');
    expect(await scroll.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('400px');
    const firstPath = (await rowTexts(paths))[0]!;
    expect(firstPath.slice(1, 2)).toEqual(['2']);
    expect(firstPath[3]).toBe('Trail 1');
    // Long geometry is cut, the whole WKT in the title.
    await expect(paths.getByTestId('changeset-value-cut').first()).toHaveAttribute(
      'title',
      'LINESTRING(14.402 50.07,14.402 50.071,14.402 50.072,14.402 50.073,14.402 50.074,14.402 50.075)',
    );
    await snap(page, 'changesets-file-version');

    await paths.getByRole('button', { name: 'Page 2' }).click();
    expect((await rowTexts(paths)).map((row) => row[3])).toEqual(['Trail 11', 'Trail 12']);
    await snap(page, 'changesets-file-version-page-2');

    await fileVersion.getByTestId('file-version-back').click();
    await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT_PATH}/history\\?version_id=v2$`));
    await expect(page.getByTestId('version-detail-sidebar').getByTestId('changeset-summary')).toBeVisible();
  });

  test('a GeoPackage whose layer schema changed has no changeset', async ({ page }) => {
    await uploadEditedPark(page, 'park-replanned.gpkg', 'v3');

    const detail = await openVersion(page, 'v3');
    await expect(detail.getByTestId('changeset-error')).toHaveText(
      "Details not available: Table 'trees': columns changed (added condition)",
    );
    await expect(detail.getByRole('link', { name: 'Show advanced' })).toHaveCount(0);
    await snap(page, 'changesets-version-detail-error');

    // The page of a file without a changeset, reached by its address.
    await page.goto(`/projects/${PROJECT_PATH}/history/v3/park.gpkg`);
    const notice = page.getByTestId('changeset-not-calculable');
    await expect(notice.getByRole('heading', { name: 'Changes cannot be calculated' })).toBeVisible();
    await expect(notice.getByRole('link', { name: 'documentation' })).toHaveAttribute(
      'href',
      /\/manage\/synchronisation$/,
    );
    await snap(page, 'changesets-not-calculable');

    // Leave the admin workspace empty again for the journeys that start from an empty list.
    const project = (await (await page.request.get(`/v1/project/${PROJECT_PATH}`)).json()) as { id: string };
    await apiAsUser(page, 'POST', `/v2/projects/${project.id}/scheduleDelete`);
  });
});
