/** British English texts of the projects lists, the new-project dialog and the dashboard (SPEC §2, §8). */
export default {
  list: {
    myProjectsTitle: 'My projects',
    publicProjectsTitle: 'Public projects',
    sharedProjectsTitle: 'Shared with me',
    searchPlaceholder: 'Search projects by name',
    searchLabel: 'Search projects',
    sortLabel: 'Sort projects',
    createProject: 'Create project',
    namespaceNotFound: 'Namespace not found. Please check if address is written correctly',
    communityTitle: 'Community projects',
    communityText: 'See what others share publicly: field surveys, templates and ready-made QGIS projects.',
    communityButton: 'Browse community projects',
    columnName: 'Project name',
    columnVersions: 'Versions',
    columnSize: 'Size',
    publicBadge: 'Public',
    missingQgis: 'Failed to find a QGIS project file',
    conflict: 'Conflicting file in project',
    emptySearch: "We couldn't find any projects matching your search criteria.",
    emptyNone: "You don't have any projects yet.",
    /** Explore, and the shared list, when empty: 'You don't have any projects yet.' would be untrue there. */
    emptyPublic: 'There are no public projects yet.',
    emptyShared: 'No projects have been shared with you yet.',
    emptyCreateHint: 'Let’s start by creating a first one!',
    emptyCreateButton: 'Create new project',
    loadErrorTitle: 'Projects could not be loaded.',
    retry: 'Try again',
    paginatorLabel: 'Projects pages',
    /** The links between the lists a signed-in user has (workspace, created, shared, public). */
    scopeNavLabel: 'Project lists',
    scopeWorkspace: 'Workspace',
    scopeCreated: 'Created by me',
    scopeShared: 'Shared with me',
    scopePublic: 'Public',
    myProjectsSubtitle: 'Projects you created, in every workspace',
    sharedProjectsSubtitle: 'Projects other people gave you a role in',
  },

  /** Sort menu entries of the projects list (SPEC §2: name A-Z, name Z-A, last updated, files size). */
  projectSortLabels: {
    nameAsc: 'Sort by name A-Z',
    nameDesc: 'Sort by name Z-A',
    updatedDesc: 'Sort by last updated',
    sizeDesc: 'Sort by files size',
  },

  newProject: {
    header: 'New project',
    nameLabel: 'Project name',
    namePlaceholder: 'e.g. tree-survey-2025',
    cancel: 'Cancel',
    submit: 'Create project',
  },

  dashboardProject: {
    storageAlmostFull: 'Your storage is almost full ({{percent}}%).',
    storageSyncSoon: 'Soon you will not be able to sync your projects.',
    closeStorageWarning: 'Close storage warning',
    accessRequestsTitle: 'Project access requests',
    accessRequestsReview: 'Review',
    expired: 'Expired',
    viewAllProjects: 'View all projects',
    sharedWithMe: 'Shared with me',
    mobileAppTitle: 'Take your projects into the field',
    mobileAppText:
      'Capture data on your phone or tablet with the Mergin Maps mobile app and sync it straight into your projects.',
    appStore: 'Download on the App Store',
    googlePlay: 'Get it on Google Play',
    closeMobileApp: 'Close mobile app promotion',
  },

  /** Toasts of SPEC §8 raised by the projects lists, the dashboard and the new-project dialog. */
  toast: {
    loadProjects: 'Failed to load projects',
    fetchProjectsList: 'Failed to fetch list of projects',
    fetchAccessRequests: 'Failed to fetch project access requests',
    createProject: 'Failed to create project.',
  },
} as const;
