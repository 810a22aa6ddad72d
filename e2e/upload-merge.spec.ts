import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { apiAsUser, E2E_ADMIN, signInByApi } from './fixtures.ts';
import { bearerToken, pushFiles } from './projectFiles.ts';
import { tFiles } from './texts.ts';
import { snapBoth } from './viewports.ts';

// One journey (issue 28): a park GeoPackage is chosen for upload at v1; meanwhile the field syncs v2 (two trees
// renamed). The confirmation says the field's changes will be kept; the push merges instead of overwriting, the
// tree both changed keeps the upload's name and the field's goes to an edit-conflict file, which the version
// sidebar names.
const PROJECT = 'park-merge';
const PROJECT_PATH = `admin/${PROJECT}`;
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const CONFLICT_FILE = 'park (edit conflict, admin v1).json';

/** park.gpkg with the statements run on it, as a file on the user's computer. */
function editedPark(folder: string, statements: string): string {
  const file = path.join(folder, 'park.gpkg');
  copyFileSync(path.join(FIXTURES, 'park.gpkg'), file);
  const db = new Database(file);
  try {
    db.exec(statements);
  } finally {
    db.close();
  }
  return file;
}

async function waitForChangeset(request: APIRequestContext, token: string, id: string, version: string) {
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/v1/project/version/${id}/${version}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return ((await answer.json()) as { changesets: Record<string, unknown> }).changesets['park.gpkg'];
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
}

test('an upload chosen at an older version is merged, with the other edits kept and a conflict file', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signInByApi(page);
  await apiAsUser(page, 'POST', '/v1/project/admin', { name: PROJECT, public: false });
  const token = await bearerToken(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const project = { namespace: 'admin', name: PROJECT };
  const v1 = await pushFiles(request, token, project, {
    added: [{ path: 'park.gpkg', content: readFileSync(path.join(FIXTURES, 'park.gpkg')) }],
  });

  // The office user chooses the file at v1: the oak gets a new name, a tree is planted.
  await page.goto(`/projects/${PROJECT_PATH}/tree`);
  await expect(page.getByTestId('project-header-version')).toHaveText('v1', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Upload files' }).click();
  const office = editedPark(
    mkdtempSync(path.join(os.tmpdir(), 'waymark-merge-office-')),
    "UPDATE trees SET species = 'oak (office)' WHERE fid = 1; INSERT INTO trees (fid, species) VALUES (10, 'rowan')",
  );
  await page.getByTestId('upload-files-input').setInputFiles(office);
  const sync = page.getByTestId('data-sync');
  await expect(sync.getByTestId('sync-file')).toHaveText([/park\.gpkg.*Modified/]);

  // Meanwhile the field syncs v2: the oak and the lime renamed.
  const field = editedPark(
    mkdtempSync(path.join(os.tmpdir(), 'waymark-merge-field-')),
    "UPDATE trees SET species = 'oak (field)' WHERE fid = 1; UPDATE trees SET species = 'linden' WHERE fid = 2",
  );
  await pushFiles(request, token, project, {
    updated: [{ path: 'park.gpkg', content: readFileSync(field) }],
  });
  await waitForChangeset(request, token, v1.id, 'v2');

  await sync.getByRole('button', { name: 'Update Changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm continue upload' });
  await expect(dialog.getByTestId('merge-notice-item')).toHaveText(
    tFiles('merge.willMerge', { path: 'park.gpkg', base: 'v1', count: 2 }),
  );
  await expect(dialog.getByText(tFiles('merge.sameField'))).toBeVisible();
  await expect(dialog.getByText(/Changes from other users may get lost/)).toHaveCount(0);
  await snapBoth(page, 'upload-merge-confirm');
  await dialog.getByRole('button', { name: 'Update' }).click();

  await expect(
    page.getByText(tFiles('merge.finishedMergedConflicts', { files: CONFLICT_FILE })),
  ).toBeVisible();
  await expect(page.getByTestId('project-header-version')).toHaveText('v3');
  await expect(page.getByRole('link', { name: CONFLICT_FILE })).toBeVisible();

  await page.goto(`/projects/${PROJECT_PATH}/history?version_id=v3`);
  const detail = page.getByTestId('version-detail-sidebar');
  await expect(detail.getByTestId('version-detail-name')).toHaveText('v3');
  await expect(detail.getByTestId('version-detail-merge')).toContainText(
    tFiles('merge.merged', { path: 'park.gpkg', base: 'v1', count: 2 }),
  );
  await expect(detail.getByTestId('version-detail-conflict-file')).toHaveText(
    tFiles('merge.conflictFile', { file: CONFLICT_FILE, count: 1 }),
  );
  await snapBoth(page, 'upload-merge-version');

  // The merged file holds both sides: the lime renamed by the field, the rowan planted, the oak as uploaded.
  const answer = await request.get(`/v1/project/raw/${PROJECT_PATH}?file=park.gpkg`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const merged = path.join(mkdtempSync(path.join(os.tmpdir(), 'waymark-merge-result-')), 'park.gpkg');
  writeFileSync(merged, await answer.body());
  const db = new Database(merged, { readonly: true });
  const species = db.prepare('SELECT fid, species FROM trees ORDER BY fid').all();
  db.close();
  expect(species).toEqual([
    { fid: 1, species: 'oak (office)' },
    { fid: 2, species: 'linden' },
    { fid: 3, species: 'birch' },
    { fid: 10, species: 'rowan' },
  ]);
});
