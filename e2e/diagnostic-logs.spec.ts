import { expect, test } from '@playwright/test';
import { signInByApi, snap } from './fixtures.ts';

/** A log sent the way the QGIS plugin sends it shows in the admin panel's Server section, downloadable. */
test('a diagnostic log sent by an app is listed for the superuser and downloads', async ({ page }) => {
  const sent = await page.request.post('/v2/diagnostic-logs?app=input-android-2025.1', {
    headers: { 'content-type': 'text/plain' },
    data: 'Mergin Maps mobile\nsync failed: timeout\n',
  });
  expect(sent.status()).toBe(200);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInByApi(page);
  await page.goto('/admin/server');
  await expect(page.getByTestId('admin-diagnostic-logs')).toBeVisible();
  const table = page.getByTestId('diagnostic-logs-table');
  await expect(table).toContainText('_anonymous_input-android-2025.1.log');
  await snap(page, 'admin-diagnostic-logs');
  const download = page.waitForEvent('download');
  await page.getByTestId('diagnostic-log-download').first().click();
  expect((await download).suggestedFilename()).toMatch(/_anonymous_input-android-2025\.1\.log$/);
});
