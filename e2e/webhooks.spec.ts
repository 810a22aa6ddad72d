import { createHmac } from 'node:crypto';
import http from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { apiAsUser, signInByApi, snap } from './fixtures.ts';
import { tCommon, tWebhooks } from './texts.ts';
import { DESKTOP, PHONE } from './viewports.ts';

/**
 * A workspace's webhooks (issue 29): the admin adds one pointing at a receiver this journey starts on loopback (the
 * journeys' servers allow private addresses, WEBHOOK_ALLOW_PRIVATE_ADDRESSES), creates a project, sees the signed
 * delivery in the log, redelivers it; on a desktop and a phone screen.
 */

const PROJECT = 'webhook-journey';
type Received = { body: string; signature: string; event: string };

/** A receiver on loopback that keeps what it gets and answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['waymark-signature'] ?? ''),
        event: String(request.headers['waymark-event'] ?? ''),
      });
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/waymark`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether `t=…,v1=…` signs `<t>.<body>` with the secret. */
function isSigned(received: Received, secret: string): boolean {
  const parts = Object.fromEntries(received.signature.split(',').map((part) => part.split('=')));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${received.body}`).digest('hex');
  return parts.v1 === expected;
}

async function openWebhooks(page: Page) {
  await page.goto('/dashboard');
  // The sidebar is a drawer on narrow screens, open beside the page on wide ones.
  const toggle = page.getByTestId('drawer-toggle');
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('link', { name: tCommon('shell.webhooks') }).click();
  await expect(page).toHaveURL(/\/workspace\/webhooks$/);
  await expect(page.getByRole('heading', { name: tWebhooks('page.title'), level: 1 })).toBeVisible();
}

test.describe.serial('webhooks of a workspace', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let secret = '';

  test.beforeAll(async () => {
    receiver = await startReceiver();
  });
  test.afterAll(async () => {
    await receiver.close();
  });

  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInByApi(page);
  });

  test('add a webhook, see a signed delivery in the log and redeliver it', async ({ page }) => {
    await openWebhooks(page);
    await expect(page.getByTestId('webhooks-empty')).toContainText(tWebhooks('page.emptyTitle'));
    await snap(page, 'webhooks-empty-desktop');

    await page.getByTestId('webhook-add').click();
    const dialog = page.getByRole('dialog', { name: tWebhooks('form.addHeader') });
    await expect(dialog).toBeVisible();
    // The browser checks the address and the secret before the server is asked.
    await dialog.getByTestId('webhook-form-submit').click();
    await expect(dialog.getByTestId('webhook-url-error')).toHaveText(tWebhooks('form.urlRequired'));
    await dialog.getByLabel(tWebhooks('form.urlLabel')).fill(receiver.url);
    await dialog.getByRole('button', { name: tWebhooks('form.generateLabel') }).click();
    secret = await dialog.getByLabel(tWebhooks('form.secretLabel'), { exact: true }).inputValue();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    // Only the project events.
    for (const event of ['access_request.created', 'member.added', 'member.removed'] as const) {
      await dialog.getByLabel(tWebhooks(`events.${event}`)).uncheck();
    }
    await snap(page, 'webhooks-add-dialog-desktop');
    await dialog.getByTestId('webhook-form-submit').click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('webhook-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('webhook-url-text')).toHaveText(receiver.url);
    await expect(row).toContainText(tWebhooks('status.enabled'));
    await expect(row).toContainText(tWebhooks('events.project.created'));
    await snap(page, 'webhooks-list-desktop');

    // An event: a new project.
    await apiAsUser(page, 'POST', '/v1/project/admin', { name: PROJECT });
    await expect.poll(() => receiver.received.length).toBe(1);
    expect(receiver.received[0]?.event).toBe('project.created');
    expect(isSigned(receiver.received[0] as Received, secret)).toBe(true);

    await row.getByTestId('webhook-deliveries').click();
    const log = page.getByRole('dialog', { name: tWebhooks('deliveries.header') });
    await expect(log).toBeVisible();
    const first = log.getByTestId('delivery-row');
    await expect(first).toHaveCount(1);
    await expect(first.getByTestId('delivery-status')).toHaveText(tWebhooks('deliveries.succeeded'));
    await expect(first.getByTestId('delivery-answer')).toHaveText(
      tWebhooks('deliveries.httpStatus', { status: 200 }),
    );
    await expect(first).toContainText(tWebhooks('events.project.created'));
    await snap(page, 'webhooks-log-desktop');

    await first.getByTestId('delivery-redeliver').click();
    await expect(page.getByText(tWebhooks('deliveries.redelivered'))).toBeVisible();
    await expect(log.getByTestId('delivery-row')).toHaveCount(2);
    await expect(log.getByTestId('delivery-row').first()).toContainText(tWebhooks('deliveries.redelivery'));
    await expect(log.getByTestId('delivery-row').first().getByTestId('delivery-status')).toHaveText(
      tWebhooks('deliveries.succeeded'),
    );
    await expect.poll(() => receiver.received.length).toBe(2);
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);
    expect(isSigned(receiver.received[1] as Received, secret)).toBe(true);
    await snap(page, 'webhooks-redelivered-desktop');
    await log.getByTestId('deliveries-close').click();
    await expect(log).toBeHidden();
  });

  test('on a phone screen: the list, the log and the edit form; then the webhook goes', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openWebhooks(page);
    const row = page.getByTestId('webhook-row');
    await expect(row).toHaveCount(1);
    await snap(page, 'webhooks-list-phone');

    await row.getByTestId('webhook-deliveries').click();
    const log = page.getByRole('dialog', { name: tWebhooks('deliveries.header') });
    await expect(log.getByTestId('delivery-row')).toHaveCount(2);
    await snap(page, 'webhooks-log-phone');
    const box = await log.boundingBox();
    expect(box?.width ?? 999).toBeLessThanOrEqual(PHONE.width);
    await log.getByTestId('deliveries-close').click();

    await row.getByTestId('webhook-edit').click();
    const edit = page.getByRole('dialog', { name: tWebhooks('form.editHeader') });
    await expect(edit.getByLabel(tWebhooks('form.urlLabel'))).toHaveValue(receiver.url);
    await expect(edit.getByLabel(tWebhooks('form.secretLabel'), { exact: true })).toHaveValue('');
    await edit.getByLabel(tWebhooks('form.enabledLabel')).uncheck();
    await snap(page, 'webhooks-edit-phone');
    await edit.getByTestId('webhook-form-submit').click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText(tWebhooks('status.disabled'));

    await row.getByTestId('webhook-delete').click();
    const confirm = page.getByRole('dialog', { name: tWebhooks('remove.header') });
    await confirm.getByRole('button', { name: tWebhooks('remove.confirm') }).click();
    await expect(page.getByTestId('webhooks-empty')).toBeVisible();

    // The journeys after this one start from an empty project list.
    const project = (await (await page.request.get(`/v1/project/admin/${PROJECT}`)).json()) as { id: string };
    await apiAsUser(page, 'DELETE', `/v2/projects/${project.id}`);
  });
});
