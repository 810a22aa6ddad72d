import type { RouteObject } from 'react-router';
import { ACCESS_REQUESTS_PATH, DASHBOARD_PATH, PROFILE_PATH, WORKSPACE_WEBHOOKS_PATH } from '../lib/paths.ts';
import { ROUTE_NAMES } from '../lib/routeNames.ts';
import { handle } from './routeHelpers.ts';
import { tCommon } from '../i18n/common.ts';

/**
 * The pages outside the shell: sign-in, e-mail confirmation, a new password, which anyone may open, and the set-up of
 * two-factor sign-in a workspace requires (fresh objects per call).
 */
export const signInRoutes = (): RouteObject[] => [
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
    path: 'two-factor-setup',
    lazy: () =>
      import('../pages/TwoFactorSetupPage.tsx').then((module) => ({
        Component: module.TwoFactorSetupPage,
      })),
    handle: handle({ twoFactorSetup: true, allowedWithoutWorkspace: true, title: 'Two-factor sign-in' }),
  },
];

/** The dashboard, the workspace's access requests, an invitation and the user's profile (in the shell). */
export const accountRoutes = (): RouteObject[] => [
  {
    path: 'dashboard',
    lazy: () => import('../pages/DashboardPage.tsx').then((module) => ({ Component: module.DashboardPage })),
    handle: handle({
      name: ROUTE_NAMES.dashboard,
      title: tCommon('dashboard.title'),
      breadcrumb: [{ title: tCommon('shell.dashboard'), path: DASHBOARD_PATH }],
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
      title: tCommon('pageTitles.accessRequests'),
      breadcrumb: [
        { title: tCommon('shell.dashboard'), path: DASHBOARD_PATH },
        { title: tCommon('pageTitles.accessRequests'), path: ACCESS_REQUESTS_PATH },
      ],
    }),
  },
  {
    path: 'workspace/webhooks',
    lazy: () =>
      import('../pages/WorkspaceWebhooksPage.tsx').then((module) => ({
        Component: module.WorkspaceWebhooksPage,
      })),
    handle: handle({
      name: ROUTE_NAMES.workspaceWebhooks,
      title: tCommon('shell.webhooks'),
      breadcrumb: [
        { title: tCommon('shell.dashboard'), path: DASHBOARD_PATH },
        { title: tCommon('shell.webhooks'), path: WORKSPACE_WEBHOOKS_PATH },
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
      title: tCommon('pageTitles.invitation'),
      breadcrumb: [{ title: tCommon('shell.dashboard'), path: DASHBOARD_PATH }],
    }),
  },
  {
    path: 'profile',
    lazy: () => import('../pages/ProfilePage.tsx').then((module) => ({ Component: module.ProfilePage })),
    handle: handle({
      name: ROUTE_NAMES.userProfile,
      allowedWithoutWorkspace: true,
      title: 'Profile',
      breadcrumb: [{ title: 'Profile', path: PROFILE_PATH }],
    }),
  },
];
