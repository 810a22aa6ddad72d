import { ADMIN_PANEL_TEXTS, SHELL_TEXTS } from '@waymark/contract';
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

/** The admin panel: its pages are all under one route, guarded for superusers there. */
export const adminRoutes = (): RouteObject[] => [
  {
    path: 'admin',
    lazy: () => import('../pages/AdminPage.tsx').then((module) => ({ Component: module.AdminPage })),
    // Every admin page is under this route, so its superuser flag guards them all.
    handle: handle({
      name: ROUTE_NAMES.admin,
      superuser: true,
      title: SHELL_TEXTS.adminPanel,
      breadcrumb: [{ title: SHELL_TEXTS.adminPanel, path: ADMIN_PATH }],
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
          title: ADMIN_PANEL_TEXTS.users,
          breadcrumb: [{ title: ADMIN_PANEL_TEXTS.users, path: ADMIN_USERS_PATH }],
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
          title: ADMIN_PANEL_TEXTS.workspaces,
          breadcrumb: [{ title: ADMIN_PANEL_TEXTS.workspaces, path: ADMIN_WORKSPACES_PATH }],
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
          title: ADMIN_PANEL_TEXTS.projects,
          breadcrumb: [{ title: ADMIN_PANEL_TEXTS.projects, path: ADMIN_PROJECTS_PATH }],
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
          title: ADMIN_PANEL_TEXTS.server,
          breadcrumb: [{ title: ADMIN_PANEL_TEXTS.server, path: ADMIN_SERVER_PATH }],
        }),
      },
    ],
  },
];
