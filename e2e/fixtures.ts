import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import axe, { type Result } from 'axe-core';

/** The first journeys server's port (the second's is free one); E2E_PORT lets two checkouts run side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18180);
export const E2E_ADMIN = { username: 'admin', email: 'admin@example.com', password: 'E2e-admin-pass1' };
/** The shared workspace the journeys' global setup makes, with the superuser as its owner (5 GB). */
export const FIELD_TEAM = { name: 'Field Team', storage: 5e9 };

export const SCREENSHOT_DIR = path.join(import.meta.dirname, 'artifacts', 'screens');

/** The WCAG 2.1 A and AA rule sets that every page and dialog of the journeys must pass. */
const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Violations of these impacts fail the journey; moderate and minor ones are left to review. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
/** How many scans a view gets at most when something starts moving during them (see checkA11y). */
const SCAN_TRIES = 3;

/** `E2E_SCREENS=1`: every snap() also saves a full-page screenshot (under e2e/artifacts/screens) to look at. */
const SCREENS = process.env.E2E_SCREENS === '1';

/**
 * The views this worker has checked with axe, by {@link viewKey}, with the snap that checked each: a snap of a view
 * already checked is not checked again (the report notes it).
 */
const checkedViews = new Map<string, string>();

/**
 * Checks what the test sees for accessibility with {@link checkA11y} (every page, dialog and menu that is snapped,
 * once per distinct view); with `E2E_SCREENS=1` also saves a full-page screenshot of it.
 */
export async function snap(page: Page, name: string): Promise<void> {
  if (SCREENS) {
    // A dialog still fading in would show half over the page behind it.
    await settle(page);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  }
  await checkA11y(page, name);
}

/**
 * Waits until no transition or animation runs (a drawer sliding away after a resize). The app reacts to a resize a
 * frame or two later (a media query's listener re-renders the shell, which then starts its transition), so the
 * page is quiet only when no animation has run for two frames in a row.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const running = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        );
    for (let quietFrames = 0; quietFrames < 2;) {
      await nextFrame();
      const busy = running();
      if (busy.length === 0) {
        quietFrames += 1;
      } else {
        quietFrames = 0;
        await Promise.all(busy.map((animation) => animation.finished.catch(() => undefined)));
      }
    }
  });
}

/**
 * The view a snap shows, as a key: the page (its path and the names of its query parameters, e.g. an open file's
 * details), the viewport's width, the dialogs and menus open over it (role and name), and which kinds of messages
 * show (alerts, invalid fields, status lines, PrimeReact messages and toasts). Snaps of one view differ in texts,
 * rows or counts only.
 */
function viewKey(page: Page): Promise<string> {
  return page.evaluate(() => {
    const shown = (selector: string) =>
      Array.from(document.querySelectorAll(selector)).filter((element) => element.checkVisibility());
    const layers = shown(
      '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], dialog[open]',
    )
      .map((element) => {
        const labelledBy = element.getAttribute('aria-labelledby');
        const label = labelledBy
          ? labelledBy
              .split(' ')
              .map((id) => document.getElementById(id)?.textContent ?? '')
              .join(' ')
          : (element.getAttribute('aria-label') ?? '');
        return `${element.getAttribute('role') ?? element.tagName}:${label}`;
      })
      .sort();
    const messages = [
      '[role="alert"]',
      '[aria-invalid="true"]',
      '[role="status"]',
      '[aria-live]:not(:empty)',
      '.p-message, .p-inline-message, .p-error',
      '.p-toast-message',
    ].filter((selector) => shown(selector).length > 0);
    const query = [...new URLSearchParams(window.location.search).keys()].sort().join('&');
    return [routeOf(window.location.pathname), query, window.innerWidth, ...layers, ...messages].join('|');

    /**
     * The page's route rather than its address: a project's pages are one view whatever the project, version or
     * file (a file's page counts per file type, as a GeoPackage shows its changes and a text file does not).
     */
    function routeOf(pathname: string): string {
      const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
      if (parts[0] !== 'projects' || parts.length < 2 || parts[1] === 'explore') return pathname;
      const [tab, ...rest] = parts.slice(3);
      const route = [
        'projects',
        ':namespace',
        ...(parts.length > 2 ? [':project'] : []),
        ...(tab ? [tab] : []),
      ];
      const version = tab === 'history' ? rest.shift() : undefined;
      if (version !== undefined) route.push(':version');
      const file = rest.at(-1);
      if (file !== undefined) route.push(`*${/\.[^.]+$/.exec(file)?.[0] ?? ''}`);
      return `/${route.join('/')}`;
    }
  });
}

/**
 * Runs axe-core over the page as it is now (dialogs and open menus included) and fails on any serious or
 * critical WCAG 2.1 A/AA violation, listing for each the rule, its impact, the offending elements and
 * how to fix it. Waits for running transitions first: a dialog fading in would show false contrast. A scan during
 * which a transition or animation started (a toast leaving at the end of its life, half-faded as axe read its
 * colours) is made again once the page is still, up to {@link SCAN_TRIES} times in all. A view checked before in
 * this worker is not checked again.
 */
async function checkA11y(page: Page, name: string): Promise<void> {
  let key: string;
  let violations: Result[];
  for (let attempt = 1; ; attempt += 1) {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    );
    key = await viewKey(page);
    const checkedAs = checkedViews.get(key);
    if (checkedAs !== undefined) {
      test
        .info()
        .annotations.push({ type: 'a11y', description: `"${name}": the view of "${checkedAs}", checked` });
      return;
    }
    const scan = await axeViolations(page);
    violations = scan.violations;
    if (!scan.moved || attempt === SCAN_TRIES) break;
  }
  const blocking = violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  checkedViews.set(key, name);
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

/**
 * axe-core's violations of the {@link A11Y_TAGS} rules in the page's document as it is now, and whether a
 * transition or animation started while axe ran (its colours may be read mid-way). axe's source (~0.6 MB) goes
 * into a document once, on its first scan: later scans of the same document (the app navigates without loading
 * pages) only run it. Only violations are reported in detail: much faster than axe's default of every passing node
 * too.
 */
async function axeViolations(page: Page): Promise<{ violations: Result[]; moved: boolean }> {
  const scan = () =>
    page.evaluate(async (tags) => {
      const { axe: inPage } = window as unknown as { axe?: typeof axe };
      if (!inPage) return null;
      let moved = false;
      const onStart = () => {
        moved = true;
      };
      const starts = ['transitionrun', 'animationstart'];
      for (const type of starts) document.addEventListener(type, onStart, true);
      try {
        const results = await inPage.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        });
        return { violations: results.violations, moved };
      } finally {
        for (const type of starts) document.removeEventListener(type, onStart, true);
      }
    }, A11Y_TAGS);
  const scanned = await scan();
  if (scanned !== null) return scanned;
  await page.evaluate(axe.source);
  const afterInjection = await scan();
  if (afterInjection === null) throw new Error('axe-core could not be put into the page');
  return afterInjection;
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
 * Signs the page's browser context in without the form, by the call the login form makes (POST /app/auth/login):
 * the session cookie lands in the context's cookie jar, so the next page the journey opens is signed in. For
 * journeys about something else than signing in; the page is left where it was (nothing is loaded).
 */
export async function signInByApi(
  page: Page,
  login = E2E_ADMIN.username,
  password = E2E_ADMIN.password,
): Promise<void> {
  const response = await apiAsUser(page, 'POST', '/app/auth/login', { login, password });
  const body = (await response.json()) as { two_factor_challenge?: string };
  if (body.two_factor_challenge !== undefined) throw new Error(`${login} signs in with two factors`);
}

/** Opens the profile page through the profile menu, as a user does (the app navigates: no page load). */
export async function openProfile(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByTestId('profile-menu-profile').click();
  await expect(page).toHaveURL(/\/profile$/);
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
  const outbox = path.join(String(test.info().project.metadata.dataDir), 'outbox');
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
