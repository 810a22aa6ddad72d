import type { LoginResponse, UserInfo, UserProfile, WorkspaceRole } from '@waymark/contract';
import type { UserRow } from '../repositories/user.repository.ts';
import { isoMicrosOffset, isoMicrosZ, isoSeconds } from './timestamps.ts';

export function displayName(user: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ');
}

export function presentUserInfo(user: UserRow): UserInfo {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    name: displayName(user),
    receive_notifications: user.receiveNotifications,
    registration_date: isoSeconds(user.registrationDate),
    verified_email: user.verifiedEmail,
  };
}

export function presentUserProfile(
  user: UserRow,
  workspaces: Array<{ id: number; name: string; role: WorkspaceRole }>,
  preferredWorkspaceId: number | null,
): UserProfile {
  return {
    ...presentUserInfo(user),
    last_signed_in: user.lastSignedIn ? isoMicrosZ(user.lastSignedIn) : null,
    can_edit_profile: true,
    workspaces,
    preferred_workspace: preferredWorkspaceId,
    invitations: [],
  };
}

export function presentLogin(
  user: UserRow,
  session: { token: string; expire: Date },
  personal: { storage: number; diskUsage: number; projectCount: number } | undefined,
): LoginResponse {
  return {
    ...presentUserInfo(user),
    // The reference hands this one to its JSON encoder as a datetime, not through its schema.
    registration_date: isoMicrosZ(user.registrationDate),
    storage: personal?.storage ?? null,
    disk_usage: personal?.diskUsage ?? null,
    has_project: (personal?.projectCount ?? 0) > 0,
    storage_limit: personal?.storage ?? null,
    tier: 'free',
    session: { token: session.token, expire: isoMicrosOffset(session.expire) },
  };
}
