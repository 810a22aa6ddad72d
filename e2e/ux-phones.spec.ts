import { expect, type Page, test } from '@playwright/test';
import { apiAsUser, E2E_ADMIN, settle, signInByApi } from './fixtures.ts';
import { bearerToken, makeGeoPackage, makePng, pushFiles } from './projectFiles.ts';
import { DESKTOP, PHONE, snapBoth } from './viewports.ts';

const WORKSPACE = 'Field Team';
const PROJECT = 'saltmarsh-transects-and-breeding-waders';
const PROJECT_URL = `/projects/${encodeURIComponent(WORKSPACE)}/${PROJECT}`;
const SURVEYOR = {
  username: 'oystercatcher-survey-lead',
  email: 'oystercatcher.survey.lead@coastal-monitoring.example.org',
  password: 'Oyster-pass1',
};

/** An e-mail address shown on one line (a table scrolls instead of breaking it over lines). */
async function expectOneLine(page: Page, text: string): Promise<void> {
  const cell = page.getByText(text, { exact: true });
  await expect(cell).toBeVisible();
  const box = await cell.boundingBox();
  expect(box?.height ?? 0).toBeLessThan(30);
}

/** The main pages of a signed-in superuser, each with what must be on it before it is measured. */
const PAGES: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    ready: (page) => expect(page.getByTestId('recent-projects-table')).toBeVisible(),
  },
  {
    name: 'projects',
    path: '/projects',
    ready: (page) => expect(page.getByTestId('project-scope-nav')).toBeVisible(),
  },
  {
    name: 'workspace-projects',
    path: `/projects/${encodeURIComponent(WORKSPACE)}`,
    ready: (page) => expect(page.getByTestId('projects-table')).toBeVisible(),
  },
  {
    name: 'my-projects',
    path: '/my-projects',
    ready: (page) => expect(page.getByTestId('projects-list')).toBeVisible(),
  },
  {
    name: 'explore',
    path: '/projects/explore',
    ready: (page) => expect(page.getByTestId('projects-table')).toBeVisible(),
  },
  {
    name: 'project-files',
    path: `${PROJECT_URL}/tree`,
    ready: (page) => expect(page.getByText('meadow-with-a-rather-long-photo-name.png')).toBeVisible(),
  },
  {
    name: 'project-file-sidebar',
    path: `${PROJECT_URL}/tree?file_path=meadow-with-a-rather-long-photo-name.png`,
    ready: (page) => expect(page.getByTestId('file-detail-sidebar')).toBeVisible(),
  },
  {
    name: 'project-history',
    path: `${PROJECT_URL}/history`,
    ready: (page) => expect(page.getByTestId('version-link').first()).toBeVisible(),
  },
  {
    name: 'project-version-sidebar',
    path: `${PROJECT_URL}/history?version_id=v2`,
    ready: (page) => expect(page.getByTestId('version-detail')).toBeVisible(),
  },
  {
    name: 'project-collaborators',
    path: `${PROJECT_URL}/collaborators`,
    ready: (page) => expectOneLine(page, SURVEYOR.email),
  },
  {
    name: 'project-settings',
    path: `${PROJECT_URL}/settings`,
    ready: (page) => expect(page.getByTestId('project-settings')).toBeVisible(),
  },
  {
    name: 'profile',
    path: '/profile',
    ready: (page) => expect(page.getByRole('heading', { name: 'Account details' })).toBeVisible(),
  },
  {
    name: 'admin-users',
    path: '/admin/users',
    ready: (page) => expectOneLine(page, SURVEYOR.email),
  },
  {
    name: 'admin-workspaces',
    path: '/admin/workspaces',
    ready: (page) => expect(page.getByText(WORKSPACE).first()).toBeVisible(),
  },
  {
    name: 'admin-projects',
    path: '/admin/projects',
    ready: (page) => expect(page.getByText(PROJECT).first()).toBeVisible(),
  },
  {
    name: 'admin-server',
    path: '/admin/server',
    ready: (page) => expect(page.getByTestId('usage-users')).not.toHaveText(''),
  },
];

/**
 * The page's width, and where the overflow starts: elements sticking out of the window whose parent does not, and
 * that no scrolling box holds (a table scrolling inside its card is fine).
 */
async function sidewaysOverflow(page: Page): Promise<{ scrollWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > width + 0.5;
    const isClipped = (element: Element) => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((element) => sticksOut(element) && !(element.parentElement && sticksOut(element.parentElement)))
      .filter((element) => !isClipped(element))
      .slice(0, 6)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')} → ${Math.round(element.getBoundingClientRect().right)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, culprits };
  });
}

test('on a phone (390×844) no page pans sideways: tables scroll inside their cards', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize(DESKTOP);
  await signInByApi(page);
  await apiAsUser(page, 'POST', `/v1/project/${encodeURIComponent(WORKSPACE)}`, {
    name: PROJECT,
    public: true,
  });
  await apiAsUser(page, 'POST', '/v2/users', SURVEYOR);
  const token = await bearerToken(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const target = { namespace: WORKSPACE, name: PROJECT };
  await pushFiles(request, token, target, {
    added: [{ path: 'survey-points-of-the-northern-saltmarsh.gpkg', content: makeGeoPackage() }],
  });
  await pushFiles(request, token, target, {
    added: [{ path: 'meadow-with-a-rather-long-photo-name.png', content: makePng() }],
  });
  const project = (await (
    await page.request.get(`/v1/project/${encodeURIComponent(WORKSPACE)}/${PROJECT}`)
  ).json()) as {
    id: string;
  };
  await apiAsUser(page, 'POST', `/v2/projects/${project.id}/collaborators`, {
    user: SURVEYOR.username,
    role: 'writer',
  });

  const overflowing: string[] = [];
  for (const { name, path, ready } of PAGES) {
    await page.setViewportSize(DESKTOP);
    await page.goto(path);
    await ready(page);
    await page.setViewportSize(PHONE);
    await ready(page);
    await settle(page);
    // The drawer slides away after the resize: the page is measured once it has settled.
    const fits = await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5000 })
      .toBeLessThanOrEqual(PHONE.width)
      .then(
        () => true,
        () => false,
      );
    if (!fits) {
      const { scrollWidth, culprits } = await sidewaysOverflow(page);
      overflowing.push(`${name}: ${scrollWidth} px (${culprits.join('; ')})`);
    }
    if (process.env.UX_SNAP !== '0') await snapBoth(page, `phone-${name}`);
  }
  expect(overflowing).toEqual([]);
});
