import type { QueryClient } from '@tanstack/react-query';
import {
  ACCESS_REQUEST_TABLE_TEXTS,
  ADMIN_PANEL_TEXTS,
  DASHBOARD_TEXTS,
  INVITATION_PAGE_TEXTS,
  SHELL_TEXTS,
} from '@waymark/contract';
import type { Params, RouteObject } from 'react-router';
import {
  ACCESS_REQUESTS_PATH,
  ADMIN_PATH,
  ADMIN_PROJECTS_PATH,
  ADMIN_SERVER_PATH,
  ADMIN_USERS_PATH,
  ADMIN_WORKSPACES_PATH,
  DASHBOARD_PATH,
  EXPLORE_PATH,
  MY_PROJECTS_PATH,
  PROFILE_PATH,
  PROJECTS_PATH,
  fileVersionDetailPath,
  projectHistoryPath,
  projectPath,
  projectTreePath,
  SHARED_PROJECTS_PATH,
  withQuery,
} from '../lib/paths.ts';
import { ROUTE_NAMES } from '../lib/routeNames.ts';
import { FullPageLoader } from '../ui/FullPageLoader.tsx';
import { AppRoot } from './AppRoot.tsx';
import { createGuardLoader, shouldRerunGuards } from './guardLoader.ts';
import { createHomeLoader } from './homeLoader.ts';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import type { RouteHandle } from './routeHandle.ts';

const handle = (value: RouteHandle): RouteHandle => value;

const param = (params: Params, key: string): string => params[key] ?? '';

const projectsCrumb = { title: SHELL_TEXTS.projects, path: PROJECTS_PATH };

/** Projects › namespace › project name (linking to its files). */
function projectCrumbs(params: Params) {
  const namespace = param(params, 'namespace');
  const projectName = param(params, 'projectName');
  return [
    projectsCrumb,
    { title: namespace, path: `${PROJECTS_PATH}/${encodeURIComponent(namespace)}` },
    { title: projectName, path: projectTreePath(namespace, projectName) },
  ];
}

function projectTabCrumb(title: string, tab: string) {
  return (params: Params) => [
    { title, path: `${projectPath(param(params, 'namespace'), param(params, 'projectName'))}/${tab}` },
  ];
}

/**
 * The route tree of SPEC §2. Pages load lazily so the first bundle holds only the shell essentials;
 * route metadata (name, public, superuser, breadcrumb) stays here so the guards, which run in the root
 * route's loader, know it before anything loads.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const routes: RouteObject[] = [
    {
      path: '/',
      Component: AppRoot,
      HydrateFallback: FullPageLoader,
      errorElement: <RouteErrorPage />,
      loader: createGuardLoader(queryClient, () => routes),
      shouldRevalidate: shouldRerunGuards,
      children: [
        {
          index: true,
          loader: createHomeLoader(queryClient),
          handle: handle({ name: ROUTE_NAMES.home, public: true }),
        },
        {
          path: 'login/:reset?',
          lazy: () => import('../pages/LoginPage.tsx').then((module) => ({ Component: module.LoginPage })),
          handle: handle({ name: ROUTE_NAMES.login, public: true, anonymousOnly: true, title: 'Sign in' }),
        },
        {
          path: 'confirm-email/:token',
          lazy: () =>
            import('../pages/ConfirmEmailPage.tsx').then((module) => ({
              Component: module.ConfirmEmailPage,
            })),
          handle: handle({ name: ROUTE_NAMES.confirmEmail, public: true, title: 'Email confirmation' }),
        },
        {
          path: 'change-password/:token',
          lazy: () =>
            import('../pages/ChangePasswordPage.tsx').then((module) => ({
              Component: module.ChangePasswordPage,
            })),
          handle: handle({ name: ROUTE_NAMES.changePassword, public: true, title: 'Change password' }),
        },
        {
          lazy: () => import('./ShellLayout.tsx').then((module) => ({ Component: module.ShellLayout })),
          handle: handle({ sidebar: true }),
          children: [
            {
              path: 'dashboard',
              lazy: () =>
                import('../pages/DashboardPage.tsx').then((module) => ({ Component: module.DashboardPage })),
              handle: handle({
                name: ROUTE_NAMES.dashboard,
                title: DASHBOARD_TEXTS.title,
                breadcrumb: [{ title: SHELL_TEXTS.dashboard, path: DASHBOARD_PATH }],
              }),
            },
            {
              path: 'access-requests',
              lazy: () =>
                import('../pages/AccessRequestsPage.tsx').then((module) => ({
                  Component: module.AccessRequestsPage,
                })),
              handle: handle({
                name: ROUTE_NAMES.accessRequests,
                title: ACCESS_REQUEST_TABLE_TEXTS.workspaceTitle,
                breadcrumb: [
                  { title: SHELL_TEXTS.dashboard, path: DASHBOARD_PATH },
                  { title: ACCESS_REQUEST_TABLE_TEXTS.workspaceTitle, path: ACCESS_REQUESTS_PATH },
                ],
              }),
            },
            {
              path: 'invitation/:id',
              lazy: () =>
                import('../pages/InvitationPage.tsx').then((module) => ({
                  Component: module.InvitationPage,
                })),
              handle: handle({
                name: ROUTE_NAMES.invitation,
                allowedWithoutWorkspace: true,
                title: INVITATION_PAGE_TEXTS.title,
                breadcrumb: [{ title: SHELL_TEXTS.dashboard, path: DASHBOARD_PATH }],
              }),
            },
            {
              path: 'profile',
              lazy: () =>
                import('../pages/ProfilePage.tsx').then((module) => ({ Component: module.ProfilePage })),
              handle: handle({
                name: ROUTE_NAMES.userProfile,
                allowedWithoutWorkspace: true,
                title: 'Profile',
                breadcrumb: [{ title: 'Profile', path: PROFILE_PATH }],
              }),
            },
            {
              path: 'projects',
              handle: handle({
                name: ROUTE_NAMES.projects,
                public: true,
                title: SHELL_TEXTS.projects,
                breadcrumb: [projectsCrumb],
              }),
              children: [
                {
                  index: true,
                  lazy: () =>
                    import('../pages/ProjectsPage.tsx').then((module) => ({
                      Component: module.ProjectsPage,
                    })),
                },
                {
                  path: 'explore',
                  lazy: () =>
                    import('../pages/ExploreProjectsPage.tsx').then((module) => ({
                      Component: module.ExploreProjectsPage,
                    })),
                  handle: handle({
                    name: ROUTE_NAMES.explore,
                    public: true,
                    title: 'Public projects',
                    breadcrumb: [{ title: 'Public projects', path: EXPLORE_PATH }],
                  }),
                },
                {
                  path: ':namespace',
                  lazy: () =>
                    import('../pages/NamespaceProjectsPage.tsx').then((module) => ({
                      Component: module.NamespaceProjectsPage,
                    })),
                  handle: handle({
                    name: ROUTE_NAMES.namespaceProjects,
                    public: true,
                    title: (params) => param(params, 'namespace'),
                    breadcrumb: (params) => [
                      {
                        title: param(params, 'namespace'),
                        path: `${PROJECTS_PATH}/${encodeURIComponent(param(params, 'namespace'))}`,
                      },
                    ],
                  }),
                },
              ],
            },
            {
              path: 'my-projects',
              lazy: () =>
                import('../pages/MyProjectsPage.tsx').then((module) => ({
                  Component: module.MyProjectsPage,
                })),
              handle: handle({
                name: ROUTE_NAMES.myProjects,
                title: SHELL_TEXTS.myProjects,
                breadcrumb: [projectsCrumb, { title: SHELL_TEXTS.myProjects, path: MY_PROJECTS_PATH }],
              }),
            },
            {
              path: 'shared-projects',
              lazy: () =>
                import('../pages/SharedProjectsPage.tsx').then((module) => ({
                  Component: module.SharedProjectsPage,
                })),
              handle: handle({
                name: ROUTE_NAMES.sharedProjects,
                title: SHELL_TEXTS.sharedProjects,
                breadcrumb: [
                  projectsCrumb,
                  { title: SHELL_TEXTS.sharedProjects, path: SHARED_PROJECTS_PATH },
                ],
              }),
            },
            {
              path: 'projects/:namespace/:projectName',
              lazy: () =>
                import('../pages/ProjectPage.tsx').then((module) => ({ Component: module.ProjectPage })),
              // Explicitly private, so its tabs stay guarded even if this route is ever nested under the
              // public projects list; the public tabs (tree, file version detail) opt back in.
              handle: handle({
                name: ROUTE_NAMES.project,
                public: false,
                title: (params) => param(params, 'projectName'),
                breadcrumb: projectCrumbs,
              }),
              children: [
                {
                  index: true,
                  lazy: () =>
                    import('../pages/ProjectIndexRedirect.tsx').then((module) => ({
                      Component: module.ProjectIndexRedirect,
                    })),
                  // A redirect only: the tab it leads to is guarded on its own.
                  handle: handle({ public: true }),
                },
                {
                  path: 'tree/*',
                  lazy: () =>
                    import('../pages/ProjectTreePage.tsx').then((module) => ({
                      Component: module.ProjectTreePage,
                    })),
                  handle: handle({ name: ROUTE_NAMES.projectTree, public: true }),
                },
                {
                  path: 'blob/*',
                  lazy: () =>
                    import('../pages/ProjectBlobRedirect.tsx').then((module) => ({
                      Component: module.ProjectBlobRedirect,
                    })),
                  handle: handle({ name: ROUTE_NAMES.blob, public: true }),
                },
                {
                  path: 'settings',
                  lazy: () =>
                    import('../pages/ProjectSettingsPage.tsx').then((module) => ({
                      Component: module.ProjectSettingsPage,
                    })),
                  handle: handle({
                    name: ROUTE_NAMES.projectSettings,
                    breadcrumb: projectTabCrumb('Settings', 'settings'),
                  }),
                },
                {
                  path: 'history',
                  lazy: () =>
                    import('../pages/ProjectVersionsPage.tsx').then((module) => ({
                      Component: module.ProjectVersionsPage,
                    })),
                  handle: handle({
                    name: ROUTE_NAMES.projectVersions,
                    breadcrumb: projectTabCrumb('History', 'history'),
                  }),
                },
                {
                  path: 'history/:version_id',
                  lazy: () =>
                    import('../pages/ProjectVersionRedirect.tsx').then((module) => ({
                      Component: module.ProjectVersionRedirect,
                    })),
                  handle: handle({ name: ROUTE_NAMES.projectVersionsDetail, public: true }),
                },
                {
                  path: 'history/:version_id/:path',
                  lazy: () =>
                    import('../pages/FileVersionDetailPage.tsx').then((module) => ({
                      Component: module.FileVersionDetailPage,
                    })),
                  handle: handle({
                    name: ROUTE_NAMES.fileVersionDetail,
                    public: true,
                    breadcrumb: (params) => {
                      const namespace = param(params, 'namespace');
                      const projectName = param(params, 'projectName');
                      const history = projectHistoryPath(namespace, projectName);
                      const versionId = param(params, 'version_id');
                      const path = param(params, 'path');
                      return [
                        { title: versionId, path: withQuery(history, { version_id: versionId }) },
                        { title: path, path: fileVersionDetailPath(namespace, projectName, versionId, path) },
                      ];
                    },
                  }),
                },
                {
                  path: 'collaborators',
                  lazy: () =>
                    import('../pages/ProjectCollaboratorsPage.tsx').then((module) => ({
                      Component: module.ProjectCollaboratorsPage,
                    })),
                  handle: handle({
                    name: ROUTE_NAMES.projectCollaborators,
                    breadcrumb: projectTabCrumb('Collaborators', 'collaborators'),
                  }),
                },
              ],
            },
            {
              path: 'admin',
              lazy: () =>
                import('../pages/AdminPage.tsx').then((module) => ({ Component: module.AdminPage })),
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
          ],
        },
        {
          path: '*',
          lazy: () =>
            import('../pages/NotFoundPage.tsx').then((module) => ({ Component: module.NotFoundPage })),
          handle: handle({ name: ROUTE_NAMES.notFound, public: true, title: 'Page not found' }),
        },
      ],
    },
  ];
  return routes;
}
