import { expect, test } from '@playwright/test';
import { apiAsUser, signIn, signInByApi, snap } from './fixtures.ts';

const GUEST = { username: 'guest-ranger', email: 'ranger@example.com', password: 'Ranger-pass1' };
const PROJECT = 'private-wetlands';

test('a private project: 403 screen, request access, the pending screen, and the owner sees the request', async ({
  page,
  browser,
}) => {
  await signInByApi(page);
  await apiAsUser(page, 'POST', '/v1/project/admin', { name: PROJECT, public: false });
  await apiAsUser(page, 'POST', '/v2/users', {
    email: GUEST.email,
    password: GUEST.password,
    username: GUEST.username,
  });

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/projects/admin/${PROJECT}`);
  // Visitors are sent to sign in first, then come back.
  await expect(guest).toHaveURL(/\/login\?redirect=/);
  await signIn(guest, GUEST.username, GUEST.password);

  await expect(guest.getByText('This is a private project')).toBeVisible();
  await expect(guest.getByText("You don't have permissions to access this project.")).toBeVisible();
  await snap(guest, 'project-403');
  await guest.getByRole('button', { name: 'Request access' }).click();
  await expect(guest.getByText('Access has been requested')).toBeVisible();
  await expect(guest).toHaveURL(/\/projects$/);
  await snap(guest, 'access-requested');

  await guest.goto(`/projects/admin/${PROJECT}`);
  await expect(guest.getByText("You don't have permission to access this project")).toBeVisible();
  await expect(guest.getByText('You already requested access')).toBeVisible();
  await snap(guest, 'project-409');
  await guestContext.close();

  await page.goto('/dashboard');
  await expect(page.getByTestId('access-requests-count')).toHaveText('1');
  await expect(page.getByTestId('access-request-item')).toContainText(GUEST.username);
  await snap(page, 'dashboard-access-requests');

  // Leave the admin workspace empty again for the journeys that start from an empty list.
  const project = (await (await page.request.get(`/v1/project/admin/${PROJECT}`)).json()) as { id: string };
  await apiAsUser(page, 'POST', `/v2/projects/${project.id}/scheduleDelete`);
});
