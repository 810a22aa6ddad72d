import { expect, test } from '@playwright/test';
import { apiAsUser, signInByApi } from './fixtures.ts';
import { DESKTOP, snapBoth } from './viewports.ts';

const OWNER_WORKSPACE = 'Field Team';
const PROJECT = 'heron-nests';
const INVITEE = { username: 'curlew', email: 'curlew@example.com', password: 'Curlew-pass1' };

test('a project shared with someone outside its workspace is found from the sidebar, the lists and the dashboard', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  // The owner: a project in a workspace the invitee is no member of, shared with the invitee as reader.
  await signInByApi(page);
  await apiAsUser(page, 'POST', `/v1/project/${encodeURIComponent(OWNER_WORKSPACE)}`, {
    name: PROJECT,
    public: false,
  });
  await apiAsUser(page, 'POST', '/v2/users', INVITEE);
  const project = (await (
    await page.request.get(`/v1/project/${encodeURIComponent(OWNER_WORKSPACE)}/${PROJECT}`)
  ).json()) as { id: string };
  await apiAsUser(page, 'POST', `/v2/projects/${project.id}/collaborators`, {
    user: INVITEE.username,
    role: 'reader',
  });

  const context = await browser.newContext({ viewport: DESKTOP });
  const invitee = await context.newPage();
  await signInByApi(invitee, INVITEE.username, INVITEE.password);
  await invitee.goto('/dashboard');
  await expect(invitee).toHaveURL(/\/dashboard$/);

  // The dashboard lists it among the recent projects, with its workspace, and counts what was shared.
  const recent = invitee.getByTestId('recent-projects');
  await expect(recent.getByRole('link', { name: `${OWNER_WORKSPACE} / ${PROJECT}` })).toBeVisible();
  await expect(recent.getByTestId('recent-projects-shared-count')).toHaveText('1');
  await expect(recent.getByText("You don't have any projects yet.")).toHaveCount(0);
  await snapBoth(invitee, 'shared-dashboard');

  // The sidebar leads to the projects shared with the user, and to those they created.
  await invitee.getByTestId('sidebar-item-shared-projects').click();
  await expect(invitee).toHaveURL(/\/shared-projects$/);
  await expect(invitee.getByRole('heading', { name: 'Shared with me' })).toBeVisible();
  await expect(invitee.getByTestId('projects-count')).toHaveText('1');
  await expect(invitee.getByRole('link', { name: `${OWNER_WORKSPACE} / ${PROJECT}` })).toBeVisible();
  await snapBoth(invitee, 'shared-projects', async () => {
    await expect(invitee.getByTestId('app-sidebar')).toHaveClass(/app-sidebar--closed/);
  });

  await invitee.getByTestId('sidebar-item-my-projects').click();
  await expect(invitee).toHaveURL(/\/my-projects$/);
  await expect(invitee.getByRole('heading', { name: 'Created by me' })).toBeVisible();
  await expect(invitee.getByTestId('projects-count')).toHaveText('0');

  // The Projects page (the current workspace, the invitee's own and empty) shows the other lists with their counts.
  await invitee.getByTestId('sidebar-item-projects').click();
  await expect(invitee).toHaveURL(/\/projects$/);
  const nav = invitee.getByTestId('project-scope-nav');
  await expect(nav.getByTestId('scope-workspace-count')).toHaveText('0');
  await expect(nav.getByTestId('scope-created-count')).toHaveText('0');
  await expect(nav.getByTestId('scope-shared-count')).toHaveText('1');
  await snapBoth(invitee, 'shared-projects-page');
  await nav.getByTestId('scope-shared').click();
  await expect(invitee).toHaveURL(/\/shared-projects$/);
  await invitee.getByRole('link', { name: `${OWNER_WORKSPACE} / ${PROJECT}` }).click();
  await expect(invitee).toHaveURL(
    new RegExp(`/projects/${encodeURIComponent(OWNER_WORKSPACE)}/${PROJECT}/tree`),
  );
  await context.close();
});
