import type { ProjectCollaborator, ProjectRole, UserSearchItem, WorkspaceRole } from '@waymark/contract';
import type { UserRow } from '../repositories/user.repository.ts';
import { displayName } from './user.presenter.ts';

/** A project member as the collaborator calls answer it, with the roles the policies worked out. */
export function presentCollaborator(
  user: UserRow,
  roles: { projectRole: ProjectRole | null; workspaceRole: WorkspaceRole; role: ProjectRole },
): ProjectCollaborator {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: displayName(user),
    workspace_role: roles.workspaceRole,
    project_role: roles.projectRole,
    role: roles.role,
  };
}

/** A suggestion of the share dialog's user search. */
export function presentUserSearchItem(user: UserRow): UserSearchItem {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: displayName(user),
    profile: { first_name: user.firstName, last_name: user.lastName },
  };
}
