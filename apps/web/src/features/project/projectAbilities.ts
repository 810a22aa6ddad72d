import {
  abilitiesOfProjectRole,
  canOfferLeave,
  effectiveWorkspaceRole,
  type GlobalPermissionFlags,
  globalPermissionOf,
  type ProjectDetail,
  projectRoleFromAccess,
  type Workspace,
  type WorkspaceRole,
} from '@waymark/contract';
import { projectHistoryPath, projectPath, projectTreePath } from '../../lib/paths.ts';
import { listedWorkspaceAbilities } from '../workspaces/listedWorkspaceAbilities.ts';
import { tProject } from '../../i18n/project.ts';

export type ProjectTabId = 'files' | 'map' | 'history' | 'collaborators' | 'settings';

export interface ProjectTab {
  id: ProjectTabId;
  label: string;
  to: string;
}

export interface ProjectTabsInput {
  namespace: string;
  name: string;
  isAuthenticated: boolean;
  role: ProjectDetail['role'];
}

/** True for those who manage the project (its owners): they see Collaborators and Settings (SPEC §6). */
export function isProjectOwner(role: ProjectDetail['role']): boolean {
  return abilitiesOfProjectRole(role).manage;
}

/**
 * SPEC §2 tabs: Files always, History for signed-in users, Collaborators and Settings for owners.
 * Tabs link without a query, so switching tab clears file_path and version_id.
 */
export function getProjectTabs({ namespace, name, isAuthenticated, role }: ProjectTabsInput): ProjectTab[] {
  const tabs: ProjectTab[] = [
    { id: 'files', label: tProject('page.tabFiles'), to: projectTreePath(namespace, name) },
  ];
  if (!isAuthenticated) return tabs;
  tabs.push(
    { id: 'map', label: tProject('page.tabMap'), to: `${projectPath(namespace, name)}/map` },
    { id: 'history', label: tProject('page.tabHistory'), to: projectHistoryPath(namespace, name) },
  );
  if (isProjectOwner(role)) {
    const base = projectPath(namespace, name);
    tabs.push(
      { id: 'collaborators', label: tProject('page.tabCollaborators'), to: `${base}/collaborators` },
      { id: 'settings', label: tProject('page.tabSettings'), to: `${base}/settings` },
    );
  }
  return tabs;
}

/**
 * Workspaces a project may be cloned into: those where the user may create projects (workspace admin
 * and up, as the server checks); superusers may use any of theirs.
 */
export function getCloneTargets(workspaces: Workspace[], isSuperuser: boolean): Workspace[] {
  return workspaces.filter((workspace) => listedWorkspaceAbilities(workspace, isSuperuser).createProjects);
}

/**
 * The role a signed-in user has in a workspace they are not a member of, as the server reckons it:
 * superusers own every workspace, others get the global role of GET /config (guest when none is set).
 */
export function nonMemberWorkspaceRole(
  config: GlobalPermissionFlags | undefined,
  isSuperuser: boolean,
): WorkspaceRole {
  const role = effectiveWorkspaceRole({
    user: { isSuperuser },
    memberRole: null,
    globalPermission: globalPermissionOf(config),
  });
  return role ?? 'guest';
}

/**
 * SPEC §6 "A guest-role member can leave the project": a guest of the project's workspace, to whom the
 * project was shared (they are on its access lists; `readers` holds every member). GET /v1/workspaces
 * lists only the user's own workspaces: outside them the user's role is `nonMemberRole`, guest by default.
 */
export function canLeaveProject(
  project: Pick<ProjectDetail, 'workspace_id' | 'access'>,
  workspaces: Workspace[],
  userId: number | undefined,
  nonMemberRole: WorkspaceRole = 'guest',
): boolean {
  if (userId === undefined) return false;
  const workspace = workspaces.find((candidate) => candidate.id === project.workspace_id);
  return canOfferLeave({
    workspaceRole: workspace?.role ?? nonMemberRole,
    memberRole: projectRoleFromAccess(project.access, userId),
  });
}

/**
 * Which workspace is picked at first: the current one when the copy may go there, or the only
 * possible one. With several choices and none obvious the user picks, rather than cloning into a
 * workspace they did not mean.
 */
export function pickInitialCloneTarget(
  targets: Workspace[],
  currentId: number | undefined,
): number | undefined {
  if (targets.some((workspace) => workspace.id === currentId)) return currentId;
  return targets.length === 1 ? targets[0]?.id : undefined;
}
