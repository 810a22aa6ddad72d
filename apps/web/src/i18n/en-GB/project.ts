/** British English texts of a project's page: its tabs but Files and History, its dialogs and its settings. */
export default {
  page: {
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
  },

  /** The screens shown instead of the project when it cannot be loaded (SPEC §2, §8). */
  access: {
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
  },

  leaveProject: {
    header: 'Leave project',
    message: 'Are you sure you want to leave the project {{path}}? You will not have access to it anymore.',
    confirm: 'Leave project',
    failed: 'Failed to unsubscribe from project',
  },

  cloneProject: {
    header: 'Clone project',
    intro: 'Copies the latest files into a new project. The version history stays with the original.',
    nameLabel: 'Project name',
    workspaceLabel: 'Workspace',
    workspacePlaceholder: 'Select workspace',
    cancel: 'Cancel',
    submit: 'Clone project',
    failed: 'Failed to clone project',
    cloned: 'Project cloned as {{path}}',
  },

  settings: {
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
    deleteDescription:
      "All files and versions will be lost. A deleted project's name can be used again only after the retention period of {{days}} days.",
    deleteButton: 'Delete project',
    deleteConfirmHeader: 'Delete project',
    deleteConfirmMessage:
      'Are you sure to delete project {{name}}? All files will be lost. Type in the project name to confirm.',
    deleteConfirmRetention: 'A project with the same name can be created again only after {{days}} days.',
    deleteConfirmField: 'Project name',
    deleteConfirm: 'Delete',
    deleteFailed: 'Failed to remove project',
    deleted: 'Project {{name}} was deleted',
  },

  /** Renaming a project (Settings tab and admin panel; PATCH /v2/projects/{id}). */
  renameProject: {
    cardTitle: 'Project name',
    rowTitle: 'This project is named {{name}}',
    rowDescription:
      "Renaming changes the project's address. Devices that synchronise it find it under the new name by its id.",
    button: 'Rename',
    header: 'Rename project',
    nameLabel: 'New project name',
    cancel: 'Cancel',
    submit: 'Rename project',
    renamed: 'Project renamed',
    failed: 'Failed to rename project',
  },

  /* The Collaborators tab, the share dialog and the access request tables (SPEC §2, §8). */

  collaborators: {
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
    roleOf: 'Project permission of {{username}}',
    removeOf: 'Remove {{username}} from the project',
    removeHeader: 'Remove member',
    removeQuestion: 'Remove {{username}} from this project?',
    removeConfirm: 'Remove',
    cancel: 'Cancel',
  },

  /** SPEC §8 toasts of the collaborator calls. */
  collaboratorsToast: {
    getCollaborators: 'Failed to get project collaborators',
    updateAccess: 'Failed to update project access',
    updateCollaborator: 'Failed to update project collaborator',
    /** Confirmations of a change in the members table (the spec gives none). */
    roleChanged: 'Role of {{username}} changed to {{role}}',
    memberRemoved: '{{username}} was removed from the project',
  },

  shareDialog: {
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
  },

  accessRequestTable: {
    empty: 'No access requests found',
    columnUser: 'Requested by',
    columnProject: 'Project',
    columnExpire: 'Expires',
    columnPermission: 'Permission to give',
    accept: 'Accept',
    cancel: 'Cancel',
    expired: 'Expired',
    expiringIn: 'Expiring in {{remaining}}',
    permissionOf: 'Permission to give {{username}}',
    acceptOf: 'Accept the request of {{username}}',
    cancelOf: 'Cancel the request of {{username}}',
    tableLabel: 'Access requests',
    paginatorLabel: 'Access requests pages',
    workspaceTitle: 'Project access requests',
    workspaceSubtitle:
      'People waiting to join projects of {{workspace}}. Accepting gives them the chosen permission.',
    viewAll: 'View all',
  },

  /** SPEC §8 toasts of the access request tables. */
  accessRequestToast: {
    fetch: 'Failed to fetch project access requests',
    cancel: 'Failed to cancel access request',
    accept: 'Failed to accept access request',
  },
} as const;
