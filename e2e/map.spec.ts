import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiAsUser, E2E_ADMIN, signInByApi, snap } from './fixtures.ts';
import { bearerToken, pushFiles } from './projectFiles.ts';
import { DESKTOP, PHONE } from './viewports.ts';

// The Map tab (issue 27): a project with a real GeoPackage (made by ogr2ogr: the same places in four spatial
// reference systems), its layers in the file sidebar, the map drawn from the server's vector tiles, a layer
// toggled off and on, a feature clicked, and an earlier version chosen; then the map of a version's changes.
const PROJECT = 'map-journey';
const PROJECT_PATH = `/projects/admin/${PROJECT}`;

/** Deletes a project of the admin's (the journeys after this one start from an empty project list). */
async function removeProject(page: Page, name: string): Promise<void> {
  const project = (await (await page.request.get(`/v1/project/admin/${name}`)).json()) as { id: string };
  await apiAsUser(page, 'DELETE', `/v2/projects/${project.id}`);
}
const MAP_GPKG = readFileSync(path.join(import.meta.dirname, '../apps/server/test/fixtures/map/map.gpkg'));
// Its QGIS project (written after QGIS 3.34's format): polygons_5514 in categories of area_class, parks #33a02c.
const MAP_QGS = readFileSync(
  path.join(import.meta.dirname, '../apps/server/test/fixtures/map/map.qgs'),
  'utf8',
);
const QGIS_PARK: Rgb = [0x33, 0xa0, 0x2c];
const BASE_GPKG = readFileSync(path.join(import.meta.dirname, '../packages/gpkg-diff/fixtures/base.gpkg'));
const MODIFIED_GPKG = readFileSync(
  path.join(import.meta.dirname, '../packages/gpkg-diff/fixtures/modified.gpkg'),
);

// MapLibre needs WebGL: headless Chromium gets it from SwiftShader, the software renderer.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-first-run'],
  },
});

type Rgb = readonly [number, number, number];

/** The map's plain background (#eef2f5, the offline style). */
const BACKGROUND: Rgb = [0xee, 0xf2, 0xf5];

/**
 * The map canvas's pixels: how many differ from its plain background (what the layers drew), how many are near
 * each of `colours` (channel differences summing under 40), and the last pixel of each colour (x, y in CSS pixels
 * of the canvas: a place to click a feature of that colour).
 */
async function canvasPixels<K extends string>(
  page: Page,
  colours: Record<K, Rgb> = {} as Record<K, Rgb>,
): Promise<{ drawn: number; counts: Record<K, number>; at: Partial<Record<K, [number, number]>> }> {
  const shot = await page.getByTestId('map-canvas').locator('canvas').screenshot();
  const found = await page.evaluate(
    async (input: { base64: string; colours: Record<string, Rgb>; background: Rgb }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${input.base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      const entries = Object.entries(input.colours);
      const counts: Record<string, number> = Object.fromEntries(entries.map(([kind]) => [kind, 0]));
      const at: Record<string, [number, number]> = {};
      if (!context) return { drawn: 0, counts, at };
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      const distance = (i: number, [r, g, b]: Rgb) =>
        Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b);
      let drawn = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (distance(i, input.background) > 60) drawn++;
        for (const [kind, colour] of entries) {
          if (distance(i, colour) >= 40) continue;
          counts[kind] = (counts[kind] ?? 0) + 1;
          const pixel = i / 4;
          at[kind] = [pixel % image.width, Math.floor(pixel / image.width)];
        }
      }
      return { drawn, counts, at };
    },
    { base64: shot.toString('base64'), colours: colours as Record<string, Rgb>, background: BACKGROUND },
  );
  return found as { drawn: number; counts: Record<K, number>; at: Partial<Record<K, [number, number]>> };
}

/** Pixels of the map's canvas that are not its plain background: what the layers drew. */
const drawnPixels = async (page: Page): Promise<number> => (await canvasPixels(page)).drawn;

/** Runs `action` (none: the map's first draw) and waits until the map is idle after it: all its tiles drawn. */
async function drawn(page: Page, action?: () => Promise<void>): Promise<void> {
  const map = page.getByTestId('map-canvas');
  await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
  const before = Number((await map.getAttribute('data-map-idle')) ?? 0);
  if (action) {
    await action();
    await expect
      .poll(async () => Number((await map.getAttribute('data-map-idle')) ?? 0), { timeout: 30_000 })
      .toBeGreaterThan(before);
  } else {
    await expect(map).toHaveAttribute('data-map-idle', /\d+/, { timeout: 30_000 });
  }
  // The last frame reaches the screen just after MapLibre's idle event.
  await page.waitForTimeout(300);
}

test('the layers of a GeoPackage in the file sidebar and on the Map tab', async ({ page, request }) => {
  // Drawing with a software renderer at both sizes: it took over 2 min on a loaded machine (as its sibling below).
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signInByApi(page);
  await apiAsUser(page, 'POST', '/v1/project/admin', { name: PROJECT, public: false });
  const token = await bearerToken(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const project = { namespace: 'admin', name: PROJECT };
  await pushFiles(request, token, project, {
    added: [
      { path: 'survey/places.gpkg', content: MAP_GPKG },
      // Beside the GeoPackage it draws, its sources named after the file as pushed.
      {
        path: 'survey/places.qgs',
        content: Buffer.from(MAP_QGS.replaceAll('./map.gpkg|', './places.gpkg|')),
      },
    ],
  });
  await pushFiles(request, token, project, { added: [{ path: 'park.gpkg', content: BASE_GPKG }] });

  // The file sidebar lists the layers with their geometry types and counts.
  await page.goto(`${PROJECT_PATH}/tree/survey?file_path=survey/places.gpkg`);
  const layers = page.getByRole('list', { name: 'Layers of survey/places.gpkg' });
  await expect(layers.getByTestId('gpkg-layer')).toHaveCount(8);
  await expect(layers.getByTestId('gpkg-layer').filter({ hasText: /^points_4326/ })).toContainText(
    'Point · 4 features',
  );
  await expect(layers.getByTestId('gpkg-layer').filter({ hasText: 'notes' })).toContainText(
    'No geometry · 2 rows',
  );
  await expect(layers.getByTestId('gpkg-layer').filter({ hasText: 'points_unknown_srs' })).toContainText(
    'Unknown spatial reference system',
  );
  await snap(page, 'map-file-sidebar-layers');

  // The Map tab: every layer of the latest version, drawn.
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('project-tab-map').click();
  await expect(page).toHaveURL(new RegExp(`${PROJECT_PATH}/map$`));
  await expect(page.getByTestId('map-layer')).toHaveCount(10);
  await drawn(page);
  const everything = await drawnPixels(page);
  expect(everything).toBeGreaterThan(200);
  await snap(page, 'map-tab');

  // Zoomed to the Brno polygons (Krovak grid, reprojected): they fill much of the map, in the QGIS project's
  // colours: the park in its category's green, listed under the layer.
  await drawn(page, () => page.getByRole('button', { name: 'Zoom to polygons_5514' }).click());
  const polygons = await canvasPixels(page, { park: QGIS_PARK });
  expect(polygons.drawn).toBeGreaterThan(everything);
  expect(polygons.counts.park).toBeGreaterThan(2000);
  const categories = page.getByRole('list', { name: 'Categories of polygons_5514 in survey/places.gpkg' });
  await expect(categories.getByRole('listitem')).toHaveText(['Park', 'Water', 'Other values']);
  // Toggled off, the Krovak polygons leave the map (the park's polygons and the points over Brno stay).
  const toggle = page.getByRole('checkbox', { name: 'Show polygons_5514' });
  await drawn(page, () => toggle.uncheck());
  await expect.poll(() => drawnPixels(page), { timeout: 15_000 }).toBeLessThan(polygons.drawn * 0.85);
  expect((await canvasPixels(page, { park: QGIS_PARK })).counts.park).toBeLessThan(50);
  await drawn(page, () => toggle.check());
  await snap(page, 'map-tab-zoomed');

  // A click on a polygon shows its fields.
  const canvas = page.getByTestId('map-canvas').locator('canvas');
  const box = (await canvas.boundingBox())!;
  // Where a Krovak polygon lies on screen depends on the fit: click over a grid until one answers.
  const popup = page.getByTestId('map-popup');
  let found = false;
  for (let row = 1; row < 8 && !found; row++) {
    for (let column = 1; column < 10 && !found; column++) {
      await canvas.click({ position: { x: (box.width * column) / 10, y: (box.height * row) / 8 } });
      found = await popup
        .filter({ hasText: 'polygons_5514' })
        .filter({ hasText: 'area_class' })
        .waitFor({ timeout: 700 })
        .then(() => true)
        .catch(() => false);
    }
  }
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('polygons_5514');
  await expect(popup).toContainText('area_class');
  await snap(page, 'map-popup');

  // An earlier version: only the first GeoPackage.
  await page.getByTestId('map-version').selectOption('v1');
  await expect(page).toHaveURL(/version=v1/);
  await expect(page.getByRole('region', { name: 'park.gpkg' })).toHaveCount(0);
  await expect(page.getByTestId('map-layer')).toHaveCount(7);
  await drawn(page);
  expect(await drawnPixels(page)).toBeGreaterThan(200);

  // On a phone the map comes first, within the first screen, the layer list below it; nothing wider than the
  // screen.
  await page.setViewportSize(PHONE);
  await page.goto(`${PROJECT_PATH}/map`);
  await drawn(page);
  expect(await drawnPixels(page)).toBeGreaterThan(100);
  const mapBox = (await page.getByTestId('map-canvas').boundingBox())!;
  const listBox = (await page.getByRole('complementary', { name: 'Layers' }).boundingBox())!;
  expect(mapBox.y + mapBox.height / 2).toBeLessThan(PHONE.height);
  expect(listBox.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height - 1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, 'map-tab-phone');
  await removeProject(page, PROJECT);
});

/** The change map's colours: inserted, updated, deleted (changesStyle.ts). */
const CHANGE_COLOURS = {
  insert: [0x16, 0xa3, 0x4a],
  update: [0xd9, 0x77, 0x06],
  delete: [0xdc, 0x26, 0x26],
} as const satisfies Record<string, Rgb>;

test("a version's changes on a map, from the version sidebar", async ({ page, request }) => {
  test.setTimeout(240_000);
  const name = 'map-changes-journey';
  await page.setViewportSize(DESKTOP);
  await signInByApi(page);
  await apiAsUser(page, 'POST', '/v1/project/admin', { name, public: false });
  const token = await bearerToken(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const project = { namespace: 'admin', name };
  // base.gpkg → modified.gpkg (gpkg-diff's fixtures, made by ogr2ogr, around Brno): rows of points, lines and
  // polygons inserted, updated (some moved) and deleted; the server computes the changeset in the background.
  await pushFiles(request, token, project, { added: [{ path: 'survey.gpkg', content: BASE_GPKG }] });
  await pushFiles(request, token, project, { updated: [{ path: 'survey.gpkg', content: MODIFIED_GPKG }] });

  await page.goto(`/projects/admin/${name}/history?version_id=v2`);
  const sidebar = page.getByTestId('version-detail-sidebar');
  const showOnMap = sidebar.getByRole('link', { name: 'Show on map' });
  await expect(showOnMap).toBeVisible({ timeout: 30_000 });
  await showOnMap.click();
  await expect(page).toHaveURL(new RegExp(`/projects/admin/${name}/history/v2/survey\\.gpkg\\?view=map$`));
  const legend = page.getByTestId('changes-legend');
  // MapLibre's chunk comes first: give it the time the map's first draw gets.
  await expect(legend).toContainText('Inserted 5', { timeout: 30_000 });
  await expect(legend).toContainText('Updated 9');
  await expect(legend).toContainText('Deleted 3');
  await expect(page.getByTestId('changes-layer').filter({ hasText: /^points/ })).toContainText(
    '2 inserted · 4 updated · 1 deleted',
  );
  await drawn(page);
  // The map really shows each kind of change in its colour.
  const colours = await canvasPixels(page, CHANGE_COLOURS);
  expect(colours.counts.insert).toBeGreaterThan(30);
  expect(colours.counts.update).toBeGreaterThan(30);
  expect(colours.counts.delete).toBeGreaterThan(30);
  await snap(page, 'map-changes');

  // A click where red is drawn: a deleted row, with its values before.
  const [x, y] = colours.at.delete!;
  await page.getByTestId('map-canvas').locator('canvas').click({ position: { x, y } });
  const popup = page.getByTestId('changes-popup');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(/ · Deleted$|· Deleted/);
  await expect(popup.getByRole('columnheader', { name: 'Before' })).toBeVisible();
  await expect(popup.getByRole('rowheader', { name: 'name' })).toBeVisible();
  await snap(page, 'map-changes-popup');

  // Back to the tables, and the map again on a phone.
  await page.getByTestId('file-version-show-table').click();
  await expect(page.getByTestId('changeset-summary')).toBeVisible({ timeout: 30_000 });
  await page.setViewportSize(PHONE);
  await page.getByTestId('file-version-show-map').click();
  await drawn(page);
  const { counts } = await canvasPixels(page, CHANGE_COLOURS);
  expect(counts.insert + counts.update + counts.delete).toBeGreaterThan(30);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, 'map-changes-phone');
  await removeProject(page, name);
});
