/**
 * Texts of the single-project screens (SPEC §2 "Project page", "Settings tab", "Dialogs", §8). Quoted
 * SPEC texts are exact; the rest fill in where the spec is silent. Shared so unit and end-to-end tests
 * can look for the very strings the UI shows.
 */

/**
 * Days a scheduled deletion is kept before the name can be used again (reference: DELETED_PROJECT_EXPIRATION);
 * the fallback when /config does not say.
 */
export const DELETED_PROJECT_RETENTION_DAYS = 7;

/** Page size of GET /app/project/access-requests when looking for one's own pending request. */
export const OWN_ACCESS_REQUESTS_LOOKUP_SIZE = 100;

export const PROJECT_PAGE_TEXTS = {
  download: 'Download',
  downloadFailed: 'Failed to download project',
  clone: 'Clone',
  leave: 'Leave project',
  publicBadge: 'Public',
  versionLabel: 'Version',
  sizeLabel: 'Size',
  tabsLabel: 'Project sections',
  tabFiles: 'Files',
  tabMap: 'Map',
  tabHistory: 'History',
  tabCollaborators: 'Collaborators',
  tabSettings: 'Settings',
  loading: 'Loading project…',
  loadFailed: 'Failed to load project data',
  loadFailedTitle: 'The project could not be loaded',
  loadFailedBody: 'Something went wrong on the way. Please try again in a moment.',
  retry: 'Try again',
} as const;

/** The screens shown instead of the project when it cannot be loaded (SPEC §2, §8). */
export const PROJECT_ACCESS_TEXTS = {
  privateTitle: 'This is a private project',
  privateBody: "You don't have permissions to access this project.",
  requestAccess: 'Request access',
  requested: 'Access has been requested',
  requestFailed: 'Failed to request',
  notFoundTitle: 'Project not found',
  notFoundBody: 'Please check if address is written correctly',
  pendingTitle: "You don't have permission to access this project",
  pendingBody: 'You already requested access',
  backToProjects: 'Browse projects',
} as const;

export const LEAVE_PROJECT_TEXTS = {
  header: 'Leave project',
  message: (path: string) =>
    `Are you sure you want to leave the project ${path}? You will not have access to it anymore.`,
  confirm: 'Leave project',
  failed: 'Failed to unsubscribe from project',
} as const;

export const CLONE_PROJECT_TEXTS = {
  header: 'Clone project',
  intro: 'Copies the latest files into a new project. The version history stays with the original.',
  nameLabel: 'Project name',
  workspaceLabel: 'Workspace',
  workspacePlaceholder: 'Select workspace',
  cancel: 'Cancel',
  submit: 'Clone project',
  failed: 'Failed to clone project',
  cloned: (path: string) => `Project cloned as ${path}`,
} as const;

export const PROJECT_SETTINGS_TEXTS = {
  title: 'Settings',
  visibilityTitle: 'Make the project public or private',
  publicState: 'This project is public',
  publicDescription: 'Anyone with the link can see and download its files. Hide it to keep it to members.',
  privateState: 'This project is private',
  privateDescription:
    'Only members of the project and its workspace can see it. Make it public to share it with anyone.',
  makePublic: 'Make public',
  makePrivate: 'Make private',
  /** The confirmations say what the change does and name their button by it (the dialog's 'Action' and 'Yes' did not). */
  confirmPublicHeader: 'Make the project public',
  confirmPublic:
    'Anyone with the link will be able to see and download the data of this project, without signing in.',
  confirmPrivateHeader: 'Make the project private',
  confirmPrivate: 'Only members of the project and its workspace will be able to see it.',
  publicFailed: 'Failed to update public flag',
  dangerZone: 'Danger zone',
  deleteTitle: 'Delete project',
  deleteDescription: (days: number) =>
    `All files and versions will be lost. A deleted project's name can be used again only after the retention period of ${days} days.`,
  deleteButton: 'Delete project',
  deleteConfirmHeader: 'Delete project',
  deleteConfirmMessage: (name: string) =>
    `Are you sure to delete project ${name}? All files will be lost. Type in the project name to confirm.`,
  deleteConfirmRetention: (days: number) =>
    `A project with the same name can be created again only after ${days} days.`,
  deleteConfirmField: 'Project name',
  deleteConfirm: 'Delete',
  deleteFailed: 'Failed to remove project',
  deleted: (name: string) => `Project ${name} was deleted`,
} as const;

/** Renaming a project (Settings tab and admin panel; PATCH /v2/projects/{id}). */
export const RENAME_PROJECT_TEXTS = {
  cardTitle: 'Project name',
  rowTitle: (name: string) => `This project is named ${name}`,
  rowDescription:
    "Renaming changes the project's address. Devices that synchronise it find it under the new name by its id.",
  button: 'Rename',
  header: 'Rename project',
  nameLabel: 'New project name',
  cancel: 'Cancel',
  submit: 'Rename project',
  renamed: 'Project renamed',
  failed: 'Failed to rename project',
} as const;

/** Defaults of the generic confirmation dialog (SPEC §2 "Generic dialog holder"). */
export const CONFIRM_DIALOG_TEXTS = {
  header: 'Action',
  confirm: 'Confirm',
  cancel: 'Cancel',
} as const;
