import { expect, type Locator, type Page, test } from '@playwright/test';

import { apiAsUser, signIn, signInByApi, snap as snapPage } from './fixtures.ts';
import { snapBoth } from './viewports.ts';
import { tFiles, tProject } from './texts.ts';

const PROJECT = 'wetland-birds';
const PROJECT_URL = `/projects/admin/${PROJECT}`;
const COLLABORATORS_URL = `${PROJECT_URL}/collaborators`;
const FIELD_WORKER = { username: 'kestrel', email: 'kestrel@example.com', password: 'Kestrel-pass1' };
const BOTANIST = { username: 'marsh-botanist', email: 'botanist@example.com', password: 'Botanist-pass1' };

/** Snaps from the top of the page, so the sticky header never sits mid-way in a full-page shot. */
async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapPage(page, name);
}

function memberRow(page: Page, username: string): Locator {
  return page.getByTestId('members-table').getByRole('row').filter({ hasText: username });
}

/** Picks a project permission for a member in the members table, as the owner would. */
async function setRole(page: Page, username: string, label: 'Reader' | 'Editor' | 'Writer') {
  const row = memberRow(page, username);
  await row.getByTestId('member-role').click();
  await page.getByRole('option', { name: new RegExp(`^${label}`) }).click();
  await expect(row.getByTestId('member-role')).toContainText(label);
  // Said, not only shown in the dropdown.
  await expect(
    page.getByText(tProject('collaboratorsToast.roleChanged', { username, role: label })),
  ).toBeVisible();
}

test('two people: request, accept as writer, upload, reader, editor without the upload area, removal', async ({
  page,
  browser,
}) => {
  // Two people's sessions and many snaps (each checked by axe): past the default two minutes on a quiet machine.
  test.setTimeout(300_000);
  // A: the owner, with a private project and two colleagues who have accounts on the server.
  await signInByApi(page);
  await apiAsUser(page, 'POST', '/v1/project/admin', { name: PROJECT, public: false });
  for (const user of [FIELD_WORKER, BOTANIST]) await apiAsUser(page, 'POST', '/v2/users', user);

  // B asks for access to the private project.
  const workerContext = await browser.newContext();
  const worker = await workerContext.newPage();
  await worker.goto(PROJECT_URL);
  await expect(worker).toHaveURL(/\/login\?redirect=/);
  await signIn(worker, FIELD_WORKER.username, FIELD_WORKER.password);
  await expect(worker.getByText('This is a private project')).toBeVisible();
  await worker.getByRole('button', { name: 'Request access' }).click();
  await expect(worker.getByText('Access has been requested')).toBeVisible();

  // A sees it in the project's Collaborators tab, and on the dashboard, whose row leads to the
  // workspace's requests, where A accepts B as writer.
  await page.goto(COLLABORATORS_URL);
  const projectRequests = page.getByTestId('project-requests');
  await expect(projectRequests.getByTestId('project-requests-count')).toHaveText('1');
  await expect(projectRequests.getByTestId('access-request-user')).toHaveText(FIELD_WORKER.username);
  await snap(page, 'collab-project-requests');
  await page.getByTestId('sidebar-item-dashboard').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('access-requests-count')).toHaveText('1');
  await expect(page.getByTestId('access-request-item')).toContainText(FIELD_WORKER.username);
  await snap(page, 'collab-dashboard-request');
  await page.getByTestId('access-requests-view-all').click();
  await expect(page).toHaveURL(/\/access-requests$/);
  const requests = page.getByTestId('access-requests-table');
  await expect(requests.getByTestId('access-request-user')).toHaveText(FIELD_WORKER.username);
  await expect(requests.getByTestId('access-request-expire')).toHaveText(
    /^Expiring in (6|7) days$|^Expiring in 1 week$/,
  );
  await requests.getByTestId('access-request-permission').click();
  await page.getByRole('option', { name: 'Writer' }).click();
  await snap(page, 'collab-workspace-requests');
  await requests
    .getByRole('button', {
      name: tProject('accessRequestTable.acceptOf', { username: FIELD_WORKER.username }),
    })
    .click();
  await expect(requests.getByText(tProject('accessRequestTable.empty'))).toBeVisible();
  await snap(page, 'collab-workspace-requests-empty');

  await page.goto(COLLABORATORS_URL);
  await expect(memberRow(page, FIELD_WORKER.username).getByTestId('member-role')).toContainText('Writer');
  await expect(memberRow(page, 'admin')).toContainText(tProject('collaborators.me'));
  await snap(page, 'collab-members-writer');

  // B, now a writer, uploads field notes.
  await worker.goto(PROJECT_URL);
  await expect(worker.getByTestId('upload-panel')).toBeVisible();
  await worker.getByTestId('upload-files-input').setInputFiles({
    name: 'birds-plot-4.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('species,count\nbittern,2\nreed warbler,11\n'),
  });
  const sync = worker.getByTestId('data-sync');
  await sync.getByRole('button', { name: tFiles('upload.updateChanges') }).click();
  await expect(
    worker.getByText(tFiles('upload.uploadFinished', { projectPath: `admin/${PROJECT}` })),
  ).toBeVisible();
  await expect(worker.getByTestId('files-table')).toContainText('birds-plot-4.csv');
  await snap(worker, 'collab-writer-uploaded');

  // A lowers B to reader: B no longer sees the upload area.
  await setRole(page, FIELD_WORKER.username, 'Reader');
  await worker.reload();
  await expect(worker.getByTestId('files-table')).toContainText('birds-plot-4.csv');
  await expect(worker.getByTestId('upload-panel')).toHaveCount(0);
  await snap(worker, 'collab-reader-no-upload');

  // A makes B an editor: editors change data through the clients (SPEC §6), so the upload area stays away.
  await setRole(page, FIELD_WORKER.username, 'Editor');
  await snap(page, 'collab-members-editor');
  await worker.reload();
  await expect(worker.getByTestId('files-table')).toContainText('birds-plot-4.csv');
  await expect(worker.getByTestId('upload-panel')).toHaveCount(0);
  await expect(worker.getByTestId('upload-files-input')).toHaveCount(0);
  await snap(worker, 'collab-editor-no-upload');

  // A shares the project with a third person through the share dialog. The journeys' server created and migrated
  // its database in its own process (e2e/serve.sh), as a newcomer's first `npm start` does: the access lists
  // travel as an enum array, which PGlite failed to send there until its next start (issue 22).
  await page.getByTestId('share-button').click();
  const dialog = page.getByRole('dialog', { name: tProject('shareDialog.header') });
  await expect(dialog.getByRole('button', { name: tProject('shareDialog.share') })).toBeDisabled();
  // The search runs on focus too; an empty box finds nobody, as the reference's search does.
  await dialog.getByLabel(tProject('shareDialog.shareWith')).click();
  await expect(page.getByText(tProject('shareDialog.empty'))).toBeVisible();
  await snap(page, 'collab-share-open');
  await dialog.getByLabel(tProject('shareDialog.shareWith')).pressSequentially('botan');
  await expect(page.getByText(tProject('shareDialog.footer'))).toBeVisible();
  await snap(page, 'collab-share-suggestions');
  await page.getByTestId('share-suggestion').filter({ hasText: BOTANIST.email }).click();
  await expect(dialog.getByRole('button', { name: tProject('shareDialog.share') })).toBeEnabled();
  await snap(page, 'collab-share-chosen');
  await dialog.getByRole('button', { name: tProject('shareDialog.share') }).click();
  await expect(page.getByText(tProject('shareDialog.shared'))).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(memberRow(page, BOTANIST.username).getByTestId('member-role')).toContainText('Reader');

  // A removes B: B gets the private-project screen again.
  await memberRow(page, FIELD_WORKER.username).getByTestId('member-remove').click();
  await snap(page, 'collab-remove-confirm');
  await page.getByRole('button', { name: tProject('collaborators.removeConfirm'), exact: true }).click();
  await expect(memberRow(page, FIELD_WORKER.username)).toHaveCount(0);
  await expect(
    page.getByText(tProject('collaboratorsToast.memberRemoved', { username: FIELD_WORKER.username })),
  ).toBeVisible();
  await snapBoth(page, 'collab-members-after-remove');
  await worker.goto(PROJECT_URL);
  await expect(worker.getByText('This is a private project')).toBeVisible();
  await expect(worker.getByText("You don't have permissions to access this project.")).toBeVisible();
  await snap(worker, 'collab-removed-private');
  await workerContext.close();

  // Leave the admin workspace empty again for the journeys that start from an empty list.
  const project = (await (await page.request.get(`/v1/project/admin/${PROJECT}`)).json()) as { id: string };
  await apiAsUser(page, 'POST', `/v2/projects/${project.id}/scheduleDelete`);
});
