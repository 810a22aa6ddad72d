import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The journeys' server port; E2E_PORT lets two checkouts run their journeys side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18180);
export const E2E_ADMIN = { username: 'admin', email: 'admin@example.com', password: 'E2e-admin-pass1' };
/** The shared workspace the journeys' global setup makes, with the superuser as its owner (5 GB). */
export const FIELD_TEAM = { name: 'Field Team', storage: 5e9 };

export const SCREENSHOT_DIR = path.join(import.meta.dirname, 'artifacts', 'screens');

/** The WCAG 2.1 A and AA rule sets that every page and dialog of the journeys must pass. */
const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Violations of these impacts fail the journey; moderate and minor ones are left to review. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Saves a full-page screenshot of what the test sees (kept under e2e/artifacts/screens), then checks the
 * same view for accessibility with {@link checkA11y}: every snapped page, dialog and menu is checked.
 */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  await checkA11y(page, name);
}

/**
 * Runs axe-core over the page as it is now (dialogs and open menus included) and fails on any serious or
 * critical WCAG 2.1 A/AA violation, listing for each the rule, its impact, the offending elements and
 * how to fix it. Waits for running transitions first: a dialog fading in would show false contrast.
 */
async function checkA11y(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  // Only violations are reported in detail: much faster than axe's default of every passing node too.
  const results = await new AxeBuilder({ page })
    .withTags(A11Y_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  if (blocking.length === 0) return;
  const report = blocking.map((violation) => {
    const nodes = violation.nodes.map((node) => {
      const reason = node.failureSummary
        ?.split('\n')
        .slice(1)
        .map((line) => line.trim())
        .join('; ');
      return `    - ${node.target.join(' ')}${reason ? `: ${reason}` : ''}`;
    });
    return [
      `  ${violation.id} (${violation.impact}): ${violation.help}`,
      `    ${violation.helpUrl}`,
      ...nodes,
    ].join('\n');
  });
  throw new Error(`Accessibility violations on "${name}" (${page.url()}):\n${report.join('\n')}`);
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

/**
 * The path of the newest link matching `pattern` (one capture group: the path) in a mail to `to` in the
 * server's outbox (the journeys' server has no SMTP_URL). Mail goes out as a job, so this waits for it.
 */
export async function linkFromOutbox(to: string, pattern: RegExp, sentAfter = 0): Promise<string> {
  const outbox = path.join(process.env.WAYMARK_E2E_DATA ?? '', 'outbox');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mails = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((name) => name.endsWith('.eml'))
          .sort()
          .map((name) => path.join(outbox, name))
          .filter((file) => statSync(file).mtimeMs >= sentAfter)
          .map((file) => readFileSync(file, 'utf8').replace(/=\r?\n/g, ''))
          .filter((text) => text.includes(`To: ${to}`))
      : [];
    const found = pattern.exec(mails.at(-1) ?? '')?.[1];
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no link ${pattern} mailed to ${to}`);
}
