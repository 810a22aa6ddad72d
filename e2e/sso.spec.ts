import { expect, type Page, test } from '@playwright/test';
import { startOidcProvider } from '../apps/server/test/oidc-provider.ts';
import { E2E_ADMIN, openProfile, signIn } from './fixtures.ts';
import { JourneyServer } from './journeyServer.ts';
import { tCommon, tSecurity } from './texts.ts';
import { snapBoth } from './viewports.ts';

const PROVIDER_NAME = 'Example ID';

/** The identity provider's own login form (oidc-provider's): any login, any password. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

/** Forgets the provider's own sign-in, so the next one shows its form again. */
async function leaveProvider(page: Page) {
  await page.context().clearCookies({ domain: '127.0.0.1' });
}

test('single sign-on: refused domain, first sign-in makes the user, password behind a link for superusers, link and unlink, admin status', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const server = new JourneyServer('sso');
  let provider: Awaited<ReturnType<typeof startOidcProvider>> | undefined;
  try {
    // The provider listens before the server starts, on a port it holds from then on.
    await server.init(async (origin) => {
      provider = await startOidcProvider({
        clientId: 'waymark',
        clientSecret: 'journey-client-secret',
        redirectUris: [`${origin}/app/auth/sso/callback`],
        accounts: {
          ines: { preferred_username: 'ines.field', name: 'Ines Field' },
          outsider: { email: 'outsider@elsewhere.com' },
        },
      });
      return {
        BASE_URL: origin,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: 'waymark',
        OIDC_CLIENT_SECRET: 'journey-client-secret',
        OIDC_NAME: PROVIDER_NAME,
        OIDC_CREATE_USERS: 'true',
        OIDC_ALLOWED_DOMAINS: 'example.org',
        PASSWORD_LOGIN: 'false',
      };
    });

    // The sign-in page: the provider first; passwords only for superusers, behind a link.
    await page.goto(`${server.origin}/login`);
    const ssoButton = page.getByRole('link', { name: tCommon('login.ssoButton', { name: PROVIDER_NAME }) });
    await expect(ssoButton).toBeVisible();
    await expect(page.getByLabel(tCommon('login.passwordLabel'), { exact: true })).toHaveCount(0);
    await snapBoth(page, 'sso-sign-in');

    // An address of a domain not allowed comes back with the reason.
    await ssoButton.click();
    await signInAtProvider(page, 'outsider');
    await expect(page).toHaveURL(/\/login\?sso_error=domain$/);
    await expect(page.getByTestId('login-sso-error')).toHaveText(tCommon('login.ssoErrors.domain'));
    await snapBoth(page, 'sso-error');
    await leaveProvider(page);

    // First sign-in: the user is made and lands in their workspace; the provider is their only way in.
    await ssoButton.click();
    await signInAtProvider(page, 'ines');
    await expect(page).toHaveURL(/\/dashboard$/);
    await openProfile(page);
    await expect(page.getByText('ines.field').first()).toBeVisible();
    const linked = page.getByTestId('linked-sign-in');
    await expect(linked.getByTestId('linked-identity-email')).toHaveText('ines@example.org');
    await expect(linked.getByTestId('sso-unlink')).toBeDisabled();
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByText('Sign out').click();
    await expect(page).toHaveURL(/\/login/);
    await leaveProvider(page);

    // The superuser reveals the password form, sees the status in the admin panel, links and unlinks.
    await page.getByRole('button', { name: tCommon('login.showPassword') }).click();
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByTestId('sidebar-item-admin').click();
    await page.getByTestId('admin-tab-server').click();
    await expect(page).toHaveURL(/\/admin\/server$/);
    const status = page.getByTestId('admin-sso');
    await expect(status.getByTestId('admin-sso-reachable')).toHaveText(tSecurity('adminSso.reachable'));
    await expect(status.getByTestId('admin-sso-linked')).toHaveText('1');
    await snapBoth(page, 'sso-admin');

    await openProfile(page);
    await linked.getByRole('button', { name: tSecurity('sso.link') }).click();
    await signInAtProvider(page, 'boss');
    await expect(page).toHaveURL(/\/profile\?sso_linked=1$/);
    await expect(linked.getByTestId('sso-link-result')).toContainText(PROVIDER_NAME);
    await expect(linked.getByTestId('linked-identity-email')).toHaveText('boss@example.org');
    await snapBoth(page, 'sso-security-linked');
    await linked.getByTestId('sso-unlink').click();
    await page
      .getByTestId('unlink-dialog')
      .getByRole('button', { name: tSecurity('sso.unlink') })
      .click();
    await expect(linked.getByRole('button', { name: tSecurity('sso.link') })).toBeVisible();
    await expect(linked.getByTestId('linked-identity')).toHaveCount(0);
  } finally {
    await server.stop();
    await provider?.close();
  }
});
