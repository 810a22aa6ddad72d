import { expect, type Locator, type Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { MAINTENANCE_TEXT, USAGE_REPORT_COLUMNS } from '@waymark/contract';
import { apiAsUser, E2E_ADMIN, linkFromOutbox, signInByApi, snap as snapPage } from './fixtures.ts';
import { bearerToken, pushFiles } from './projectFiles.ts';
import { DESKTOP, snapBoth } from './viewports.ts';
import { tAdmin, tCommon, tFiles, tProject, tProjects } from './texts.ts';

// A control that never becomes usable fails the step, not the whole journey's time budget.
test.use({ actionTimeout: 20_000 });

const WRITER = { username: 'walter-writer', email: 'walter@example.com', password: 'Walter-pass-1' };
const INVITED = { username: 'ivy-invited', email: 'ivy@example.com' };
const WORKSPACE = 'Survey Crew';
/** Long enough to be cut in its column at 1280 px. */
const LONG_NAMED = {
  username: 'henrietta-saltmarsh-fieldworker',
  email: 'henrietta.saltmarsh.fieldworker@coastal-survey-department.example.org',
  password: 'Henrietta-pass1',
};
const RESTORED = 'hedgerow-survey';
const PURGED = 'old-draft';

/** Snaps from the top of the page: a full-page shot of a scrolled page shows the sticky header mid-way. */
async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapPage(page, name);
}

/**
 * At the laptop size the admin table fits its card: nothing is cut at the card's edge nor needs scrolling to reach
 * (names and addresses are cut with an ellipsis instead, whole in their tooltip).
 */
async function expectTableFits(page: Page): Promise<void> {
  await page.setViewportSize(DESKTOP);
  // The DataTable's own wrapper is what scrolls when the columns are wider than the card.
  const scroller = page.locator('.admin-table .p-datatable-wrapper').first();
  await expect
    .poll(() => scroller.evaluate((element) => element.scrollWidth - element.clientWidth))
    .toBeLessThanOrEqual(0);
}

/** The row of a table holding `text`. */
function row(table: Locator, text: string): Locator {
  return table.locator('tbody tr').filter({ hasText: text });
}

interface ProjectRef {
  id: string;
}

async function projectId(page: Page, namespace: string, name: string): Promise<string> {
  const response = await page.request.get(
    `/v1/project/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}`,
  );
  return ((await response.json()) as ProjectRef).id;
}

async function maintenanceIsOn(page: Page): Promise<boolean> {
  return ((await (await page.request.get('/ping')).json()) as { maintenance: boolean }).maintenance;
}

test('admin panel: users, a workspace with a quota and a writer, restore and delete projects, maintenance mode', async ({
  page,
  browser,
  request,
}) => {
  // A long walk with many screenshots (each checked by axe) on a machine that may be busy.
  test.setTimeout(600_000);
  await signInByApi(page);

  try {
    await apiAsUser(page, 'POST', '/v2/users', LONG_NAMED);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/users$/);
    // Users: the list opens sorted by username; the admin is marked as oneself.
    const users = page.getByTestId('admin-users-table');
    const adminRow = row(users, E2E_ADMIN.email);
    await expect(adminRow).toContainText('(you)');
    await expect(adminRow.getByTestId('admin-user-superuser')).toHaveText('Yes');
    // A long address stays on one line, cut, whole in its tooltip.
    const longEmail = row(users, LONG_NAMED.username).getByTestId('admin-user-email');
    await expect(longEmail).toHaveAttribute('title', LONG_NAMED.email);
    expect(await longEmail.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await expectTableFits(page);
    await snapBoth(page, 'admin-users', async () => {
      // On a phone the four section tabs fit the width: none is cut nor needs a sideways scroll to reach.
      const sections = page.locator('.admin-nav');
      await expect
        .poll(() => sections.evaluate((element) => element.scrollWidth - element.clientWidth))
        .toBeLessThanOrEqual(0);
    });

    // Create user: the server's password rule shows under the field, then the user is created.
    await page.getByTestId('admin-users-create').click();
    const create = page.getByTestId('create-user-dialog');
    const submit = create.getByRole('button', { name: tAdmin('createUser.submit') });
    await expect(submit).toBeDisabled();
    await create.getByLabel(tAdmin('createUser.emailLabel')).fill(WRITER.email);
    await create.getByLabel(tAdmin('createUser.usernameLabel')).fill(WRITER.username);
    await create.getByTestId('create-user-password').locator('input').fill('weakpass');
    await create.getByTestId('create-user-confirm').locator('input').fill('weakpass');
    await submit.click();
    await expect(page.getByTestId('create-user-password-error')).toHaveText(tCommon('passwordRule'));
    await snap(page, 'admin-create-user-error');
    await create.getByTestId('create-user-password').locator('input').fill(WRITER.password);
    await create.getByTestId('create-user-confirm').locator('input').fill(WRITER.password);
    await submit.click();
    await expect(page.getByText(tAdmin('createUser.created', { username: WRITER.username }))).toBeVisible();
    await expect(create).toHaveCount(0);

    // An invited user gets a mail with a link to set a password.
    const invitedAt = Date.now();
    await page.getByTestId('admin-users-create').click();
    await create.getByLabel(tAdmin('createUser.emailLabel')).fill(INVITED.email);
    await create.getByLabel(tAdmin('createUser.usernameLabel')).fill(INVITED.username);
    await create.getByRole('button', { name: tAdmin('createUser.modeInvite') }).click();
    await expect(create.getByTestId('create-user-invite-hint')).toBeVisible();
    await expect(submit).toBeEnabled();
    await snap(page, 'admin-create-user-invite');
    await submit.click();
    await expect(page.getByText(tAdmin('createUser.invited', { email: INVITED.email }))).toBeVisible();
    expect(await linkFromOutbox(INVITED.email, /(\/change-password\/[\w.-]+)/, invitedAt)).toMatch(
      /^\/change-password\//,
    );

    // Search narrows the list.
    await page.getByTestId('admin-users-search').fill('walter');
    await expect(users.locator('tbody tr')).toHaveCount(1);
    await expect(row(users, WRITER.username).getByTestId('admin-user-active')).toHaveText('Active');
    await page.getByTestId('admin-users-search').fill('');
    await expect(row(users, INVITED.username)).toBeVisible();

    // A password reset is sent only after a confirmation naming the user and the address.
    await row(users, WRITER.username)
      .getByRole('button', { name: `Actions for ${WRITER.username}` })
      .click();
    await page.getByRole('menuitem', { name: tAdmin('users.sendReset') }).click();
    const confirmReset = page.getByTestId('admin-user-confirm');
    await expect(
      confirmReset.getByText(
        tAdmin('users.sendResetMessage', { username: WRITER.username, email: WRITER.email }),
      ),
    ).toBeVisible();
    await snap(page, 'admin-send-reset-confirm');
    await confirmReset.getByRole('button', { name: tAdmin('users.sendResetConfirm') }).click();
    await expect(page.getByText(tAdmin('users.resetSent', { email: WRITER.email }))).toBeVisible();
    await expect(confirmReset).toHaveCount(0);

    // Delete the invited user: the confirmation waits for the exact username.
    await row(users, INVITED.username)
      .getByRole('button', { name: `Actions for ${INVITED.username}` })
      .click();
    await snap(page, 'admin-user-actions');
    await page.getByRole('menuitem', { name: tAdmin('users.deleteUser') }).click();
    const confirmDelete = page.getByTestId('admin-user-confirm');
    const deleteButton = confirmDelete.getByRole('button', { name: tAdmin('users.deleteConfirm') });
    await expect(deleteButton).toBeDisabled();
    await confirmDelete.getByTestId('admin-user-confirm-field').fill(INVITED.username.toUpperCase());
    await expect(deleteButton).toBeDisabled();
    await confirmDelete.getByTestId('admin-user-confirm-field').fill(INVITED.username);
    await expect(deleteButton).toBeEnabled();
    await snap(page, 'admin-delete-user');
    await deleteButton.click();
    await expect(page.getByText(tAdmin('users.deleted', { username: INVITED.username }))).toBeVisible();
    await expect(row(users, INVITED.username)).toHaveCount(0);

    // Workspaces: create one with a 2 GB quota.
    await page.getByTestId('admin-tab-workspaces').click();
    await expect(page).toHaveURL(/\/admin\/workspaces$/);
    const workspaces = page.getByTestId('admin-workspaces-table');
    await expect(row(workspaces, 'Field Team')).toBeVisible();
    await page.getByTestId('admin-workspaces-create').click();
    const createWorkspace = page.getByTestId('create-workspace-dialog');
    await createWorkspace.getByLabel(tAdmin('workspaces.nameLabel')).fill(WORKSPACE);
    await createWorkspace.getByLabel(tAdmin('workspaces.quotaLabel'), { exact: true }).fill('2');
    await expect(createWorkspace.getByTestId('create-workspace-quota-unit')).toContainText('GB');
    await snap(page, 'admin-create-workspace');
    await createWorkspace.getByRole('button', { name: tAdmin('workspaces.create') }).click();
    await expect(page.getByText(tAdmin('workspaces.created', { name: WORKSPACE }))).toBeVisible();
    const crew = row(workspaces, WORKSPACE);
    await expect(crew.getByTestId('admin-workspace-storage')).toHaveText('0 B of 2.00 GB');

    // Members: add the new user as writer.
    // The row's actions are folded into its menu: nothing sticks out of the card at 1280 px.
    await crew.getByRole('button', { name: `Actions for ${WORKSPACE}` }).click();
    await page.getByRole('menuitem', { name: tAdmin('workspaces.members') }).click();
    const members = page.getByTestId('members-dialog');
    await expect(members.getByText(tAdmin('workspaceMembers.empty'))).toBeVisible();
    const add = members.getByRole('button', { name: tAdmin('workspaceMembers.add') });
    const userField = members.getByLabel(tAdmin('workspaceMembers.addLabel'));
    const suggestion = page.getByTestId('members-suggestion').filter({ hasText: WRITER.username });
    await userField.fill('walt');
    // A click that lands while the list shows a newer answer (an element being replaced) chooses nothing: as a
    // user would, choose again (typing again if the list has closed) until the choice shows in the Add button.
    await expect(async () => {
      if (!(await suggestion.isVisible())) await userField.fill('walt');
      await suggestion.click({ timeout: 5_000 });
      await expect(add).toBeEnabled({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(members.getByTestId('members-add-role')).toContainText('Writer');
    await add.click();
    await expect(
      page.getByText(tAdmin('workspaceMembers.added', { username: WRITER.username, role: 'Writer' })),
    ).toBeVisible();
    await expect(members.getByTestId('member-row')).toHaveText([new RegExp(WRITER.username)]);
    await snap(page, 'admin-workspace-members');
    await members.getByRole('button', { name: tAdmin('workspaceMembers.close') }).click();
    await expect(crew.getByTestId('admin-workspace-members')).toHaveText('1');

    // Two projects of the workspace, with a file each, scheduled for deletion.
    // Bearer calls go without the browser's cookies (a cookie write would need the CSRF token).
    const token = await bearerToken(request, E2E_ADMIN.username, E2E_ADMIN.password);
    for (const name of [RESTORED, PURGED]) {
      await apiAsUser(page, 'POST', `/v1/project/${encodeURIComponent(WORKSPACE)}`, { name, public: false });
      await pushFiles(
        request,
        token,
        { namespace: WORKSPACE, name },
        { added: [{ path: 'notes.txt', content: Buffer.from(`Notes of ${name}\n`) }] },
      );
      await apiAsUser(page, 'POST', `/v2/projects/${await projectId(page, WORKSPACE, name)}/scheduleDelete`);
    }

    // Projects: restore one, delete the other now.
    await page.getByTestId('admin-tab-projects').click();
    await expect(page).toHaveURL(/\/admin\/projects$/);
    const projects = page.getByTestId('admin-projects-table');
    await page.getByRole('button', { name: tAdmin('projects.viewRemoved') }).click();
    await page.getByTestId('admin-projects-search').fill(WORKSPACE);
    await expect(projects.locator('tbody tr')).toHaveCount(2);
    await expect(row(projects, RESTORED)).toContainText(E2E_ADMIN.username);
    await snap(page, 'admin-projects-removed');
    await row(projects, RESTORED)
      .getByRole('button', { name: tAdmin('projects.restoreOf', { name: RESTORED }) })
      .click();
    const confirmRestore = page.getByTestId('admin-project-restore-confirm');
    await expect(
      confirmRestore.getByText(tAdmin('projects.restoreMessage', { name: `${WORKSPACE}/${RESTORED}` })),
    ).toBeVisible();
    await snap(page, 'admin-project-restore-confirm');
    await confirmRestore.getByRole('button', { name: tAdmin('projects.restore') }).click();
    await expect(
      page.getByText(tAdmin('projects.restored', { name: `${WORKSPACE}/${RESTORED}` })),
    ).toBeVisible();
    await expect(row(projects, RESTORED)).toHaveCount(0);

    await row(projects, PURGED)
      .getByRole('button', { name: tAdmin('projects.deleteNowOf', { name: PURGED }) })
      .click();
    const confirmPurge = page.getByTestId('admin-project-delete-confirm');
    const purge = confirmPurge.getByRole('button', { name: tAdmin('projects.deleteConfirm') });
    await expect(purge).toBeDisabled();
    await confirmPurge.getByTestId('admin-project-delete-confirm-field').fill(PURGED);
    await snap(page, 'admin-project-delete-now');
    await purge.click();
    await expect(
      page.getByText(tAdmin('projects.deleted', { name: `${WORKSPACE}/${PURGED}` })),
    ).toBeVisible();
    await expect(page.getByTestId('admin-projects-empty')).toHaveText(tAdmin('projects.emptySearch'));

    await page.getByRole('button', { name: tAdmin('projects.viewLive') }).click();
    const restored = row(projects, RESTORED);
    await expect(restored.getByTestId('admin-project-workspace')).toHaveText(WORKSPACE);
    await expect(restored.getByTestId('admin-project-version')).toHaveText('v1');
    await page.getByTestId('admin-projects-search').fill('');
    await expectTableFits(page);
    await snapBoth(page, 'admin-projects');

    // The workspace now holds the restored project.
    await page.getByTestId('admin-tab-workspaces').click();
    await expect(row(workspaces, WORKSPACE).getByTestId('admin-workspace-projects')).toHaveText('1');
    await expectTableFits(page);
    await snapBoth(page, 'admin-workspaces');

    // Server: maintenance mode asks first, then the server is read-only.
    await page.getByTestId('admin-tab-server').click();
    await expect(page).toHaveURL(/\/admin\/server$/);
    await expect(page.getByTestId('server-mail-transport')).toContainText('outbox');
    await expect(page.getByTestId('usage-users')).not.toHaveText('');
    const maintenance = page.getByRole('switch', { name: tAdmin('server.maintenanceSwitch') });
    await expect(maintenance).not.toBeChecked();
    await snap(page, 'admin-server');

    // The usage report: the CSV of the figures saved every 12 hours (one at the server's start).
    const report = page.getByTestId('usage-report');
    await expect(report.getByText(tAdmin('report.title'))).toBeVisible();
    const reportDownload = page.waitForEvent('download');
    await report.getByRole('link', { name: tAdmin('report.download') }).click();
    const csv = await reportDownload;
    expect(csv.suggestedFilename()).toBe('usage-report.csv');
    const lines = readFileSync(await csv.path(), 'utf8').split('\r\n');
    expect(lines[0]).toBe(USAGE_REPORT_COLUMNS.join(','));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines[1]).toContain(',ce,');
    await report.getByTestId('usage-report-period').click();
    await page.getByRole('option', { name: 'Custom range' }).click();
    await report.getByLabel(tAdmin('report.from')).fill('2026-02-01');
    await report.getByLabel(tAdmin('report.to')).fill('2026-01-01');
    await expect(report.getByRole('alert')).toHaveText(tAdmin('report.invalidRange'));
    await expect(report.getByRole('link', { name: tAdmin('report.download') })).toHaveCount(0);
    await report.getByLabel(tAdmin('report.from')).fill('2025-12-01');
    await expect(report.getByRole('link', { name: tAdmin('report.download') })).toHaveAttribute(
      'href',
      '/app/admin/report?date_from=2025-12-01&date_to=2026-01-01',
    );
    await snapBoth(page, 'admin-usage-report');
    await maintenance.click();
    const confirmMaintenance = page.getByTestId('maintenance-confirm');
    await expect(confirmMaintenance.getByText(tAdmin('server.maintenanceOnMessage'))).toBeVisible();
    await snap(page, 'admin-maintenance-confirm');
    await confirmMaintenance.getByRole('button', { name: tAdmin('server.maintenanceOnConfirm') }).click();
    await expect(page.getByText(tAdmin('server.maintenanceOn'))).toBeVisible();
    await expect(maintenance).toBeChecked();
    await expect(page.getByTestId('maintenance-hint')).toHaveText(tAdmin('server.maintenanceOnHint'));
    await expect.poll(() => maintenanceIsOn(page)).toBe(true);
    await snap(page, 'admin-server-maintenance');

    // The writer sees the read-only banner and cannot upload.
    const writerContext = await browser.newContext();
    try {
      const writer = await writerContext.newPage();
      await signInByApi(writer, WRITER.username, WRITER.password);
      await writer.goto('/dashboard');
      await expect(writer).toHaveURL(/\/dashboard$/);
      await expect(writer.getByTestId('maintenance-banner')).toContainText(MAINTENANCE_TEXT);
      await snap(writer, 'admin-maintenance-banner');

      // On a project page too (the shell shows it), with the upload area and the other writes disabled, rather
      // than a refusal after the files were chosen and 'Update Changes' pressed.
      await writer.goto(`/projects/${encodeURIComponent(WORKSPACE)}/${RESTORED}/tree`);
      await expect(writer.getByTestId('maintenance-banner')).toContainText(MAINTENANCE_TEXT);
      await writer.getByRole('button', { name: 'Upload files' }).click();
      const dropArea = writer.getByTestId('upload-drop-area');
      await expect(dropArea).toContainText(tCommon('maintenanceUi.uploadPaused'));
      await expect(dropArea.getByRole('button', { name: tFiles('upload.chooseFiles') })).toBeDisabled();
      await expect(dropArea.getByRole('button', { name: tFiles('upload.chooseFolder') })).toBeDisabled();
      await expect(writer.getByTestId('upload-files-input')).toBeDisabled();
      await expect(writer.getByRole('button', { name: tProject('page.clone') })).toBeDisabled();
      await snapBoth(writer, 'maintenance-project');
      await writer.getByTestId('sidebar-item-projects').click();
      await expect(writer).toHaveURL(/\/projects$/);
      await expect(writer.getByTestId('maintenance-banner')).toBeVisible();
      await expect(writer.getByRole('button', { name: tProjects('list.createProject') })).toBeDisabled();
      const writerToken = await bearerToken(request, WRITER.username, WRITER.password);
      await expect(
        pushFiles(
          request,
          writerToken,
          { namespace: WORKSPACE, name: RESTORED },
          { added: [{ path: 'api.txt', content: Buffer.from('no') }] },
        ),
      ).rejects.toThrow(/503/);
      const project = (await (
        await page.request.get(`/v1/project/${encodeURIComponent(WORKSPACE)}/${RESTORED}`)
      ).json()) as { version: string };
      expect(project.version).toBe('v1');
    } finally {
      await writerContext.close();
    }

    // The admin panel's own writes are disabled too; reading stays, and so does the switch that ends it.
    await page.getByTestId('admin-tab-users').click();
    await expect(page.getByTestId('maintenance-banner')).toContainText(MAINTENANCE_TEXT);
    await expect(page.getByRole('button', { name: tAdmin('users.createUser') })).toBeDisabled();
    await row(users, WRITER.username)
      .getByRole('button', { name: `Actions for ${WRITER.username}` })
      .click();
    for (const name of [
      tAdmin('users.makeSuperuser'),
      tAdmin('users.deactivate'),
      tAdmin('users.deleteUser'),
    ]) {
      await expect(page.getByRole('menuitem', { name })).toHaveAttribute('aria-disabled', 'true');
    }
    await snapBoth(page, 'admin-maintenance-users');
    await page.keyboard.press('Escape');
    await page.getByTestId('admin-tab-workspaces').click();
    await expect(page.getByRole('button', { name: tAdmin('workspaces.createWorkspace') })).toBeDisabled();
    await crew.getByRole('button', { name: `Actions for ${WORKSPACE}` }).click();
    await expect(page.getByRole('menuitem', { name: tAdmin('workspaces.changeQuota') })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.getByRole('menuitem', { name: tAdmin('workspaces.members') }).click();
    await expect(members.getByTestId('member-row')).toHaveText([new RegExp(WRITER.username)]);
    await expect(members.getByLabel(tAdmin('workspaceMembers.addLabel'))).toBeDisabled();
    await expect(add).toBeDisabled();
    await expect(
      members.getByRole('button', {
        name: tAdmin('workspaceMembers.removeOf', { username: WRITER.username }),
      }),
    ).toBeDisabled();
    await snap(page, 'admin-maintenance-members');
    await members.getByRole('button', { name: tAdmin('workspaceMembers.close') }).click();
    await page.getByTestId('admin-tab-projects').click();
    await expect(
      page.getByRole('button', { name: tAdmin('projects.renameOf', { name: RESTORED }) }),
    ).toBeDisabled();
    await page.getByTestId('admin-tab-server').click();

    // Off again.
    await expect(maintenance).toBeEnabled();
    await maintenance.click();
    await expect(page.getByText(tAdmin('server.maintenanceOff'))).toBeVisible();
    await expect(maintenance).not.toBeChecked();
    await expect.poll(() => maintenanceIsOn(page)).toBe(false);
  } finally {
    // Journeys share one server: never leave it read-only, nor projects behind.
    if (await maintenanceIsOn(page)) {
      await apiAsUser(page, 'PUT', '/app/admin/maintenance', { maintenance: false });
    }
    const restoredId = await projectId(page, WORKSPACE, RESTORED).catch(() => undefined);
    if (restoredId) {
      await apiAsUser(page, 'POST', `/v2/projects/${restoredId}/scheduleDelete`).catch(() => undefined);
    }
  }
});
