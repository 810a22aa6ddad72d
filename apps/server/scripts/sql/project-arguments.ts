import type { PlaceholderArguments } from './arguments.ts';
import { AT, PAGE, type Seeded } from './seed.ts';

/** The placeholder arguments of the repositories of projects, their members and access requests. */
export function projectArguments(
  seeded: Seeded,
): Pick<PlaceholderArguments, 'projects' | 'accessRequests' | 'collaborators'> {
  const { ownerId, otherId, workspaceId, projectId, emptyProjectId, files, accessRequestId } = seeded;
  const user = { kind: 'user', userId: ownerId, isAdmin: false, readsEveryWorkspace: false } as const;
  const filters = { includePublic: true, onlyPublic: false };
  return {
    projects: {
      findByPath: ['alice', 'survey'],
      currentFilePages: [projectId, 1],
      filePagesAt: [projectId, 1],
      totalsAt: [projectId, 1],
      currentConflictPaths: [projectId],
      countCurrentQgisProjects: [projectId],
      findByPaths: [[{ workspace: 'alice', name: 'survey' }]],
      findById: [projectId],
      findByIds: [[projectId]],
      findByName: [workspaceId, 'survey'],
      findByPathForCaller: { user: ['alice', 'survey', otherId], anonymous: ['alice', 'survey', null] },
      findByIdForCaller: { user: [projectId, otherId], anonymous: [projectId, null] },
      insertWithVersionZero: [
        { name: 'roads', workspaceId, creatorId: ownerId },
        { authorId: ownerId, userAgent: null },
      ],
      update: [projectId, { public: true }],
      templates: [],
      list: {
        'member or public': [user, filters, [{ field: 'updated', descending: true }], PAGE, undefined],
        'anonymous, public, by name': [
          { kind: 'anonymous' },
          { includePublic: true, onlyPublic: true, nameLike: 'sur' },
          [{ field: 'name', descending: false }],
          PAGE,
          undefined,
        ],
        'admin, one workspace, count known': [
          { ...user, isAdmin: true },
          { ...filters, workspaceName: 'alice', creatorId: ownerId, updatedSince: AT },
          [{ field: 'namespace', descending: false }],
          PAGE,
          1,
        ],
      },
      countVisibleByWorkspace: [user, [workspaceId]],
      membersOf: [[projectId]],
      memberRolesOf: [ownerId, [projectId]],
      accessRoles: [projectId, workspaceId, otherId],
      memberRole: [projectId, otherId],
      setMember: [projectId, otherId, 'writer'],
      removeMember: [projectId, otherId],
      removeMemberInWorkspace: [workspaceId, otherId],
      setMembers: [projectId, [{ userId: otherId, role: 'reader' }]],
      removeMembers: [projectId, [otherId]],
      findFileForCaller: {
        latest: ['alice', 'survey', otherId, { path: 'points.gpkg', version: undefined }],
        'at a version': ['alice', 'survey', null, { path: 'points.gpkg', version: 1 }],
      },
      versionExists: [projectId, 1],
      filesAtVersion: [projectId, 1],
      currentFiles: [projectId],
      currentFilesAt: [projectId, ['points.gpkg']],
      currentPaths: [[projectId]],
      insertFilesAsFirstVersion: [
        emptyProjectId,
        files,
        { authorId: ownerId, userAgent: null, projectSize: 0 },
      ],
      adminPage: [{ like: 'sur', removed: false, orderBy: 'name', descending: false, ...PAGE }],
      adminFind: [projectId],
      restore: [projectId],
      purgeRemovedById: [projectId],
      purgeById: [projectId],
      purgeRemovedBefore: [AT],
    },
    accessRequests: {
      findPending: [projectId, otherId],
      findPendingById: [accessRequestId],
      insert: [{ projectId, requestedBy: ownerId, expire: AT }],
      resolve: [accessRequestId, 'accepted', ownerId],
      listForUser: [otherId, { ...PAGE, sort: [{ field: 'expire', descending: false }], projectName: 'sur' }],
      listForWorkspace: [workspaceId, { ...PAGE, sort: [{ field: 'expire', descending: false }] }],
    },
    collaborators: {
      listOf: [projectId, workspaceId],
      findOne: [projectId, workspaceId, otherId],
      ownsProjectIn: [workspaceId, ownerId],
      lockProject: [projectId],
    },
  };
}
