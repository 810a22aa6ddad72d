import {
  type AdminProject,
  type AdminUser,
  type AdminWorkspace,
  type AdminWorkspaceMember,
  type FailedMail,
  versionName,
} from '@waymark/contract';
import type { DeadLetterRow } from '../jobs/dead-letters.ts';
import type { AdminProjectRow } from '../repositories/project.repository.ts';
import type { UserRow } from '../repositories/user.repository.ts';
import type { AdminWorkspaceRow, WorkspaceMemberRow } from '../repositories/workspace.repository.ts';
import { isoMicrosZ, isoSeconds } from './timestamps.ts';
import { displayName } from './user.presenter.ts';

export function presentAdminUser(user: UserRow, hasProject: boolean, twoFactorEnabled: boolean): AdminUser {
  const registered = isoMicrosZ(user.registrationDate);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    verified_email: user.verifiedEmail,
    active: user.active,
    is_admin: user.isAdmin,
    scheduled_removal: null,
    registration_date: registered,
    last_signed_in: user.lastSignedIn ? isoMicrosZ(user.lastSignedIn) : null,
    two_factor_enabled: twoFactorEnabled,
    profile: {
      receive_notifications: user.receiveNotifications,
      first_name: user.firstName,
      last_name: user.lastName,
      registration_date: registered,
      name: displayName(user),
      has_project: hasProject,
    },
  };
}

export function presentAdminWorkspace(row: AdminWorkspaceRow): AdminWorkspace {
  return {
    id: row.id,
    name: row.name,
    storage: row.storage,
    disk_usage: row.diskUsage,
    project_count: row.projectCount,
    member_count: row.memberCount,
    created: isoSeconds(row.createdAt),
  };
}

export function presentAdminWorkspaceMember(member: WorkspaceMemberRow): AdminWorkspaceMember {
  return { id: member.userId, username: member.username, email: member.email, role: member.role };
}

/** `retentionMs`: how long a removed project waits for the purge (DELETED_PROJECT_EXPIRATION_DAYS). */
export function presentAdminProject(row: AdminProjectRow, retentionMs: number): AdminProject {
  const { project, workspace } = row;
  return {
    id: project.id,
    name: project.name,
    workspace: workspace.name,
    workspace_id: workspace.id,
    disk_usage: project.diskUsage,
    version: versionName(project.latestVersion),
    updated: isoSeconds(project.updatedAt),
    created: isoSeconds(project.createdAt),
    public: project.public,
    removed_at: project.removedAt ? isoSeconds(project.removedAt) : null,
    removed_by: project.removedAt ? row.removedByUsername : null,
    purge_at: project.removedAt ? isoSeconds(new Date(project.removedAt.getTime() + retentionMs)) : null,
  };
}

const textOf = (value: unknown, key: string): string => {
  const field =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof field === 'string' ? field : '';
};

/** A dead-lettered mail job: the mail it carried (no body) and the last try's error message. */
export function presentFailedMail(row: DeadLetterRow): FailedMail {
  return {
    to: textOf(row.data, 'to'),
    subject: textOf(row.data, 'subject'),
    failed_at: isoMicrosZ(row.createdOn),
    reason: textOf(row.output, 'message') || 'unknown',
  };
}
