import type { RouteObject } from 'react-router';
import {
  ADMIN_PATH,
  ADMIN_PROJECTS_PATH,
  ADMIN_SERVER_PATH,
  ADMIN_TOKENS_PATH,
  ADMIN_USERS_PATH,
  ADMIN_WORKSPACES_PATH,
} from '../lib/paths.ts';
import { ROUTE_NAMES } from '../lib/routeNames.ts';
import { handle } from './routeHelpers.ts';
import { tCommon } from '../i18n/common.ts';
import { tSecurity } from '../i18n/security.ts';

/** The admin panel: its pages are all under one route, guarded for superusers there. */
export const adminRoutes = (): RouteObject[] => [
  {
    path: 'admin',
    lazy: () => import('../pages/AdminPage.tsx').then((module) => ({ Component: module.AdminPage })),
    // Every admin page is under this route, so its superuser flag guards them all.
    handle: handle({
      name: ROUTE_NAMES.admin,
      superuser: true,
      title: tCommon('shell.adminPanel'),
      breadcrumb: [{ title: tCommon('shell.adminPanel'), path: ADMIN_PATH }],
    }),
    children: [
      {
        index: true,
        lazy: () =>
          import('../pages/AdminPage.tsx').then((module) => ({
            Component: module.AdminIndexRedirect,
          })),
      },
      {
        path: 'users',
        lazy: () =>
          import('../pages/AdminUsersPage.tsx').then((module) => ({
            Component: module.AdminUsersPage,
          })),
        handle: handle({
          name: ROUTE_NAMES.adminUsers,
          title: tCommon('pageTitles.adminUsers'),
          breadcrumb: [{ title: tCommon('pageTitles.adminUsers'), path: ADMIN_USERS_PATH }],
        }),
      },
      {
        path: 'workspaces',
        lazy: () =>
          import('../pages/AdminWorkspacesPage.tsx').then((module) => ({
            Component: module.AdminWorkspacesPage,
          })),
        handle: handle({
          name: ROUTE_NAMES.adminWorkspaces,
          title: tCommon('pageTitles.adminWorkspaces'),
          breadcrumb: [{ title: tCommon('pageTitles.adminWorkspaces'), path: ADMIN_WORKSPACES_PATH }],
        }),
      },
      {
        path: 'tokens',
        lazy: () =>
          import('../pages/AdminTokensPage.tsx').then((module) => ({
            Component: module.AdminTokensPage,
          })),
        handle: handle({
          title: tSecurity('admin.tokensTitle'),
          breadcrumb: [{ title: tSecurity('admin.tokensTitle'), path: ADMIN_TOKENS_PATH }],
        }),
      },
      {
        path: 'projects',
        lazy: () =>
          import('../pages/AdminProjectsPage.tsx').then((module) => ({
            Component: module.AdminProjectsPage,
          })),
        handle: handle({
          name: ROUTE_NAMES.adminProjects,
          title: tCommon('pageTitles.adminProjects'),
          breadcrumb: [{ title: tCommon('pageTitles.adminProjects'), path: ADMIN_PROJECTS_PATH }],
        }),
      },
      {
        path: 'server',
        lazy: () =>
          import('../pages/AdminServerPage.tsx').then((module) => ({
            Component: module.AdminServerPage,
          })),
        handle: handle({
          name: ROUTE_NAMES.adminServer,
          title: tCommon('pageTitles.adminServer'),
          breadcrumb: [{ title: tCommon('pageTitles.adminServer'), path: ADMIN_SERVER_PATH }],
        }),
      },
    ],
  },
];
