export * from './route.ts';
import { accountRoutes } from './account.ts';
import { adminRoutes } from './admin.ts';
import { authRoutes } from './auth.ts';
import { accessRequestRoutes, collaboratorRoutes } from './collaboration.ts';
import { archiveRoutes, changesetRoutes, fileRoutes, mapRoutes } from './files.ts';
import { projectByIdRoutes, projectRoutes } from './projects.ts';
import { accessTokenRoutes, ssoRoutes, twoFactorRoutes } from './security.ts';
import { serviceRoutes } from './service.ts';
import { diagnosticLogRoutes, pushRoutes, syncV2Routes } from './sync.ts';
import { userRoutes } from './user.ts';
import { webhookRoutes } from './webhooks.ts';
import { workspaceMemberRoutes, workspaceRoutes } from './workspaces.ts';

/**
 * The route table of the API: every route the server registers, by area and name. The server registers each
 * with its handler (apps/server/src/lib/serve-route.ts); the web app calls them through its typed client.
 */
export const apiRoutes = {
  service: serviceRoutes,
  auth: authRoutes,
  user: userRoutes,
  account: accountRoutes,
  workspaces: workspaceRoutes,
  workspaceMembers: workspaceMemberRoutes,
  projects: projectRoutes,
  projectsById: projectByIdRoutes,
  files: fileRoutes,
  archives: archiveRoutes,
  changesets: changesetRoutes,
  map: mapRoutes,
  push: pushRoutes,
  syncV2: syncV2Routes,
  accessRequests: accessRequestRoutes,
  collaborators: collaboratorRoutes,
  admin: adminRoutes,
  diagnosticLogs: diagnosticLogRoutes,
  accessTokens: accessTokenRoutes,
  twoFactor: twoFactorRoutes,
  sso: ssoRoutes,
  webhooks: webhookRoutes,
} as const;

export type ApiRoutes = typeof apiRoutes;
