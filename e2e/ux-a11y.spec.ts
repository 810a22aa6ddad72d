import { expect, test } from '@playwright/test';
import { apiAsUser, E2E_ADMIN, signInByApi } from './fixtures.ts';
import { bearerToken, makePng, pushFiles } from './projectFiles.ts';
import { DESKTOP, snapBoth } from './viewports.ts';

const PROJECT = 'puffin-burrows';
const PROJECT_URL = `/projects/admin/${PROJECT}`;

test('keyboard and contrast: skip link, focus rings, Escape back to the row, a focusable file list, a readable Public badge', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize(DESKTOP);
  await signInByApi(page);
  await apiAsUser(page, 'POST', '/v1/project/admin', { name: PROJECT, public: true });
  const token = await bearerToken(request, E2E_ADMIN.username, E2E_ADMIN.password);
  await pushFiles(
    request,
    token,
    { namespace: 'admin', name: PROJECT },
    {
      added: [{ path: 'burrow-photo.png', content: makePng() }],
    },
  );

  // The first Tab reaches 'Skip to content', which leads past the sidebar and header to the page.
  await page.goto('/projects');
  await expect(page.getByTestId('project-public-badge')).toBeVisible();
  // From the top of the page, as a keyboard user starts.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await snapBoth(page, 'a11y-skip-link', async () => {
    await skip.focus();
  });
  await skip.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  // A list with a public project: the Public badge passes axe's contrast check (in the snap), and the name link
  // shows the buttons' focus ring.
  const badge = page.getByTestId('project-public-badge');
  await expect(badge).toBeVisible();
  const nameLink = page.getByRole('link', { name: PROJECT });
  await nameLink.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(nameLink).toBeFocused();
  await expect(nameLink).toHaveCSS('box-shadow', /rgb\(13, 148, 136\)/);
  await snapBoth(page, 'a11y-public-list');

  // Escape closes the version's panel and gives focus back to the row's link that opened it.
  await nameLink.click();
  await page.getByTestId('project-tab-history').click();
  await expect(page).toHaveURL(new RegExp(`${PROJECT_URL}/history$`));
  const versionLink = page.locator('[data-focus-key="v1"]');
  await versionLink.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('version-detail')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('version-detail')).toBeHidden();
  await expect(versionLink).toBeFocused();

  // The same for a file's panel, opened by a click on its row this time.
  await page.getByTestId('project-tab-files').click();
  await expect(page).toHaveURL(new RegExp(`${PROJECT_URL}/tree$`));
  await page.getByTestId('files-table').getByText('burrow-photo.png').click();
  await expect(page.getByTestId('file-detail-sidebar')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('file-detail-sidebar')).toBeHidden();
  await expect(page.locator('[data-focus-key="burrow-photo.png"]')).toBeFocused();

  // The upload panel with more files than its list shows at once: the list scrolls, and the keyboard reaches it.
  await page.getByRole('button', { name: 'Upload files' }).click();
  await page.getByTestId('upload-files-input').setInputFiles(
    Array.from({ length: 14 }, (_, index) => ({
      name: `nest-${String(index + 1).padStart(2, '0')}.png`,
      mimeType: 'image/png',
      buffer: makePng(40 + index, 30),
    })),
  );
  const files = page.getByTestId('sync-files');
  await expect(page.getByTestId('sync-count-added')).toContainText('14');
  expect(await files.evaluate((list) => list.scrollHeight > list.clientHeight)).toBe(true);
  await files.focus();
  await expect(files).toBeFocused();
  await snapBoth(page, 'a11y-upload-files');
});
