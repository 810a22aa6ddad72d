import type { Page } from '@playwright/test';
import { settle, snap } from './fixtures.ts';

/** The two sizes every page is looked at: a laptop and a phone (an iPhone 12–15 in portrait). */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Snaps the page as it is at the laptop size and again at the phone size (`<name>-desktop`, `<name>-phone`),
 * from the top, and leaves the page at the laptop size. `whenPhone` runs after the switch to the phone size,
 * for a page that must be brought into the same state there (a closed drawer, a scrolled list).
 */
export async function snapBoth(page: Page, name: string, whenPhone?: () => Promise<void>): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await snap(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await whenPhone?.();
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await snap(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** How much wider than the window the page is (0 when nothing pans sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
