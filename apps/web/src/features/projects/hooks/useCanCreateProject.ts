import { useSession } from '../../session/hooks/useSession.ts';
import { useCurrentWorkspace } from '../../workspaces/hooks/useCurrentWorkspace.ts';
import { listedWorkspaceAbilities } from '../../workspaces/listedWorkspaceAbilities.ts';

/**
 * SPEC §6 leaves open how canCreateProject is derived. New projects go into the current workspace,
 * and the server lets workspace admins and owners, and superusers, create there — so the button shows
 * for exactly those people and nobody is offered an action that is bound to fail.
 */
export function useCanCreateProject(): boolean {
  const { isSuperuser } = useSession();
  const workspace = useCurrentWorkspace();
  if (!workspace) return false;
  return listedWorkspaceAbilities(workspace, isSuperuser).createProjects;
}

/** SPEC §2: creating also needs a signed-in user with an email address. */
export function useHasEmail(): boolean {
  const { user } = useSession();
  return Boolean(user?.email?.trim());
}
