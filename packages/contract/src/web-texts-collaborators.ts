/**
 * Texts of the Collaborators tab, the share dialog and the access request tables (SPEC §2, §8). Exact
 * strings: unit and end-to-end tests import them from here.
 */

export const COLLABORATORS_TEXTS = {
  loading: 'Loading the members…',
  membersTitle: 'Members',
  requestsTitle: 'Requests',
  searchPlaceholder: 'Search members',
  searchLabel: 'Search members',
  share: 'Share',
  sortLabel: 'Sort members',
  sortNameAsc: 'Sort by name A-Z',
  sortNameDesc: 'Sort by name Z-A',
  columnEmail: 'Email address',
  columnUsername: 'Username',
  columnPermissions: 'Project permissions',
  columnRemove: 'Remove',
  me: '(me)',
  empty: 'No members found.',
  tableLabel: 'Project members',
  paginatorLabel: 'Members pages',
  roleOf: (username: string) => `Project permission of ${username}`,
  removeOf: (username: string) => `Remove ${username} from the project`,
  removeHeader: 'Remove member',
  removeQuestion: (username: string) => `Remove ${username} from this project?`,
  removeConfirm: 'Remove',
  cancel: 'Cancel',
} as const;

/** SPEC §8 toasts of the collaborator calls. */
export const COLLABORATORS_TOAST_TEXTS = {
  getCollaborators: 'Failed to get project collaborators',
  updateAccess: 'Failed to update project access',
  updateCollaborator: 'Failed to update project collaborator',
  /** Confirmations of a change in the members table (the spec gives none). */
  roleChanged: (username: string, role: string) => `Role of ${username} changed to ${role}`,
  memberRemoved: (username: string) => `${username} was removed from the project`,
} as const;

export const SHARE_DIALOG_TEXTS = {
  header: 'Share project',
  shareWith: 'Share with',
  placeholder: 'Search users by username or email',
  permission: 'Project permission',
  learnMore: 'Learn more about permission system',
  share: 'Share',
  cancel: 'Cancel',
  empty: 'No matches found - Try using their emails instead',
  footer: 'Not the right person? Try typing their email instead',
  shared: 'Following users have been added to the project',
  unableToShare: 'Unable to share project with the following users',
  failed: 'Failed to save project settings',
} as const;

/** SPEC §9: the share dialog's width, and how long the list of users it could not add stays. */
export const SHARE_DIALOG_WIDTH_PX = 600;
export const SHARE_ERROR_LIFE_MS = 1_000_000;
/** The docs page the share dialog's 'Learn more' link opens, under the configured docs address. */
export const PERMISSIONS_DOCS_PATH = '/manage/permissions';

export const ACCESS_REQUEST_TABLE_TEXTS = {
  empty: 'No access requests found',
  columnUser: 'Requested by',
  columnProject: 'Project',
  columnExpire: 'Expires',
  columnPermission: 'Permission to give',
  accept: 'Accept',
  cancel: 'Cancel',
  expired: 'Expired',
  expiringIn: (remaining: string) => `Expiring in ${remaining}`,
  permissionOf: (username: string) => `Permission to give ${username}`,
  acceptOf: (username: string) => `Accept the request of ${username}`,
  cancelOf: (username: string) => `Cancel the request of ${username}`,
  tableLabel: 'Access requests',
  paginatorLabel: 'Access requests pages',
  workspaceTitle: 'Project access requests',
  workspaceSubtitle: (workspace: string) =>
    `People waiting to join projects of ${workspace}. Accepting gives them the chosen permission.`,
  viewAll: 'View all',
} as const;

/** SPEC §8 toasts of the access request tables. */
export const ACCESS_REQUEST_TOAST_TEXTS = {
  fetch: 'Failed to fetch project access requests',
  cancel: 'Failed to cancel access request',
  accept: 'Failed to accept access request',
} as const;
