import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** The journeys' server port; E2E_PORT lets two checkouts run their journeys side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18180);
export const E2E_ADMIN = { username: 'admin', email: 'admin@example.com', password: 'E2e-admin-pass1' };

export const SCREENSHOT_DIR = path.join(import.meta.dirname, 'artifacts', 'screens');

/** Saves a full-page screenshot of what the test sees, kept as a test artifact under e2e/artifacts/screens. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Signs in through the login form. */
export async function signIn(
  page: Page,
  login = E2E_ADMIN.username,
  password = E2E_ADMIN.password,
): Promise<void> {
  await page.getByLabel('Username or email').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Calls the API as the signed-in browser user (same cookies), sending the CSRF token the way the web app
 * does. For setting up data a journey does not walk through itself.
 */
export async function apiAsUser(
  page: Page,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const init = await page.request.get('/app/init');
  const token = init.headers()['x-csrf-token'] ?? '';
  const response = await page.request.fetch(path, {
    method,
    headers: { 'X-CSRF-Token': token, 'X-Client': 'vue' },
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok())
    throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return response;
}
