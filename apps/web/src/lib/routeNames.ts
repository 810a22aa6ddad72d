/** Route names of SPEC §2, used in route handles, guards and tests. */
export const ROUTE_NAMES = {
  home: 'home',
  login: 'login',
  confirmEmail: 'confirm_email',
  changePassword: 'change_password',
  dashboard: 'dashboard',
  userProfile: 'user_profile',
  projects: 'projects',
  explore: 'explore',
  namespaceProjects: 'namespace-projects',
  myProjects: 'my_projects',
  sharedProjects: 'shared_projects',
  project: 'project',
  projectTree: 'project-tree',
  blob: 'blob',
  projectSettings: 'project-settings',
  projectVersions: 'project-versions',
  projectVersionsDetail: 'project-versions-detail',
  projectCollaborators: 'project-collaborators',
  fileVersionDetail: 'file-version-detail',
  admin: 'admin',
  accessRequests: 'access-requests',
  notFound: 'not_found',
} as const;

export type RouteName = (typeof ROUTE_NAMES)[keyof typeof ROUTE_NAMES];
