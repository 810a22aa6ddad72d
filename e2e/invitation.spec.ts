import { expect, test } from '@playwright/test';
import { apiAsUser, linkFromOutbox, signIn, signInByApi, snap } from './fixtures.ts';

/**
 * A workspace invitation (issue 23): an admin invites an address with POST /v2/workspaces/{id}/invitations; the
 * mailed link leads its account through sign-in to the invitation page, where accepting joins the workspace.
 */

const INVITEE = { username: 'ines', email: 'ines@example.com', password: 'Ines-pass-1234' };

test('an invited user follows the mailed link, signs in and joins the workspace', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInByApi(page);
  await apiAsUser(page, 'POST', '/app/admin/user', {
    username: INVITEE.username,
    email: INVITEE.email,
    password: INVITEE.password,
    confirm: INVITEE.password,
  });
  const workspaces = (await (await page.request.get('/v1/workspaces')).json()) as Array<{
    id: number;
    name: string;
  }>;
  const team = workspaces.find((workspace) => workspace.name === 'Field Team');
  const sentAfter = Date.now() - 1000;
  await apiAsUser(page, 'POST', `/v2/workspaces/${team?.id}/invitations`, {
    email: INVITEE.email,
    role: 'writer',
  });
  const link = await linkFromOutbox(INVITEE.email, /https?:\/\/[^/\s]+(\/invitation\/[\w-]+)/, sentAfter);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const invitee = await context.newPage();
  await invitee.goto(link);
  await expect(invitee).toHaveURL(/\/login/);
  await signIn(invitee, INVITEE.username, INVITEE.password);
  await expect(invitee).toHaveURL(new RegExp(`${link}$`));
  await expect(invitee.getByTestId('invitation')).toContainText(
    'You are invited to join the workspace Field Team as writer.',
  );
  await snap(invitee, 'invitation-page');
  await invitee.getByTestId('invitation-accept').click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByText('You joined the workspace Field Team')).toBeVisible();
  await snap(invitee, 'invitation-accepted');

  // The link is used up.
  await invitee.setViewportSize({ width: 390, height: 844 });
  await invitee.goto(link);
  await expect(invitee.getByTestId('invitation-invalid')).toBeVisible();
  await snap(invitee, 'invitation-used-phone');
  await context.close();
});
