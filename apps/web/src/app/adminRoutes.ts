import type { RouteObject } from 'react-router';
import {
  ADMIN_PATH,
  ADMIN_PROJECTS_PATH,
  ADMIN_SERVER_PATH,
  ADMIN_USERS_PATH,
  ADMIN_WORKSPACES_PATH,
} from '../lib/paths.ts';
import { ROUTE_NAMES } from '../lib/routeNames.ts';
import { handle } from './routeHelpers.ts';
import { tAdmin } from '../i18n/admin.ts';
import { tCommon } from '../i18n/common.ts';

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
          title: tAdmin('panel.users'),
          breadcrumb: [{ title: tAdmin('panel.users'), path: ADMIN_USERS_PATH }],
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
          title: tAdmin('panel.workspaces'),
          breadcrumb: [{ title: tAdmin('panel.workspaces'), path: ADMIN_WORKSPACES_PATH }],
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
          title: tAdmin('panel.projects'),
          breadcrumb: [{ title: tAdmin('panel.projects'), path: ADMIN_PROJECTS_PATH }],
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
          title: tAdmin('panel.server'),
          breadcrumb: [{ title: tAdmin('panel.server'), path: ADMIN_SERVER_PATH }],
        }),
      },
    ],
  },
];
