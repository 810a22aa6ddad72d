import type { Params, RouteObject } from 'react-router';
import {
  EXPLORE_PATH,
  MY_PROJECTS_PATH,
  PROJECTS_PATH,
  fileVersionDetailPath,
  projectHistoryPath,
  projectPath,
  projectTreePath,
  SHARED_PROJECTS_PATH,
  withQuery,
} from '../lib/paths.ts';
import { ROUTE_NAMES } from '../lib/routeNames.ts';
import { handle, param } from './routeHelpers.ts';
import { tCommon } from '../i18n/common.ts';

const projectsCrumb = { title: tCommon('shell.projects'), path: PROJECTS_PATH };

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

/** The project lists and a project's pages with their tabs (in the shell). */
export const projectRoutes = (): RouteObject[] => [
  {
    path: 'projects',
    handle: handle({
      name: ROUTE_NAMES.projects,
      public: true,
      title: tCommon('shell.projects'),
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
      title: tCommon('shell.myProjects'),
      breadcrumb: [projectsCrumb, { title: tCommon('shell.myProjects'), path: MY_PROJECTS_PATH }],
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
      title: tCommon('shell.sharedProjects'),
      breadcrumb: [projectsCrumb, { title: tCommon('shell.sharedProjects'), path: SHARED_PROJECTS_PATH }],
    }),
  },
  {
    path: 'projects/:namespace/:projectName',
    lazy: () => import('../pages/ProjectPage.tsx').then((module) => ({ Component: module.ProjectPage })),
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
        path: 'map',
        lazy: () =>
          import('../pages/ProjectMapPage.tsx').then((module) => ({
            Component: module.ProjectMapPage,
          })),
        handle: handle({
          name: ROUTE_NAMES.projectMap,
          breadcrumb: projectTabCrumb('Map', 'map'),
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
        // The file's path may hold plain slashes (history/v3/notes/readme.txt) or encoded ones.
        path: 'history/:version_id/*',
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
            const path = param(params, '*');
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
];
