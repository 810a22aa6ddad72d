import { expect, type Page, test } from '@playwright/test';
import { signIn } from './fixtures.ts';

type Violation = { directive: string; blockedURI: string; sourceFile: string };

declare global {
  interface Window {
    cspViolations?: Violation[];
  }
}

/**
 * Records every console message and every CSP violation of the page from its first script on: the
 * listener is installed before the app's own scripts run, and the violations are kept on `window`.
 */
async function watchPolicy(page: Page): Promise<string[]> {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
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
  return messages;
}

async function violations(page: Page): Promise<Violation[]> {
  return page.evaluate(() => window.cspViolations ?? []);
}

test.describe('the app under its security headers', () => {
  test('signing in, the dashboard, a menu and a dialog run without CSP violations or console errors', async ({
    page,
  }) => {
    const messages = await watchPolicy(page);
    const response = await page.goto('/login');
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');

    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Profile' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: /My projects/ })).toBeVisible();
    await page.getByTestId('projects-create').click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await expect(dialog.getByLabel('Project name')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    expect(await violations(page)).toEqual([]);
    expect(messages).toEqual([]);
  });

  test('the Swagger UI at /api/docs renders under its policy', async ({ page }) => {
    const messages = await watchPolicy(page);
    const response = await page.goto('/api/docs');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByText('Waymark API (Mergin Maps compatible)')).toBeVisible();
    await expect(page.locator('.opblock').first()).toBeVisible();

    expect(await violations(page)).toEqual([]);
    expect(messages).toEqual([]);
  });
});
