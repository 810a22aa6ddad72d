import type { ProjectFileRow } from '../../src/repositories/project-rows.ts';
import type { Repositories } from '../../src/repositories/repositories.ts';
import type { WebhookDeliveryRow } from '../../src/repositories/webhook.repository.ts';
import type { WebhookEvent } from '@waymark/contract';

/**
 * The placeholder arguments each repository method is called with to record its SQL (`generate.ts`): one argument
 * list, or named cases where the arguments change the statement's shape. A method missing here is a type error.
 */
type ArgumentsOf<F> = F extends (...args: infer A) => Promise<unknown> | AsyncIterable<unknown> ? A : never;
type Entry<F> = ArgumentsOf<F> | { [label: string]: ArgumentsOf<F> };
export type PlaceholderArguments = {
  [R in Exclude<keyof Repositories, 'transaction'>]: {
    [M in keyof Repositories[R]]: Entry<Repositories[R][M]>;
  };
};

const SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const SHA1 = 'da39a3ee5e6b4b0d3255bfef95601890afd80709';
const AT = new Date('2026-01-01T00:00:00Z');
const UPLOAD_ID = '00000000-0000-4000-8000-000000000001';
const ARCHIVE_ID = '00000000-0000-4000-8000-000000000002';
const CHUNK_ID = '00000000-0000-4000-8000-000000000003';
const WORKER = '00000000-0000-4000-8000-000000000004';
const INVITATION_ID = '00000000-0000-4000-8000-000000000005';
const SESSION_ID = 'session-id';
const WEBHOOK_ID = '00000000-0000-4000-8000-000000000006';
const NEW_WEBHOOK_ID = '00000000-0000-4000-8000-000000000007';
const REDELIVERY_ID = '00000000-0000-4000-8000-000000000008';

/** A webhook event as the services record it. */
function webhookEvent(workspaceId: number, projectId: string): WebhookEvent {
  return {
    id: '00000000-0000-4000-8000-000000000009',
    created: AT.toISOString(),
    workspace: { id: workspaceId, name: 'alice' },
    actor: null,
    event: 'project.created',
    data: { project: { id: projectId, name: 'survey', namespace: 'alice' }, cloned_from: null },
  };
}

/** What `seed` wrote: the rows the placeholder arguments refer to. */
export type Seeded = {
  ownerId: number;
  otherId: number;
  workspaceId: number;
  projectId: string;
  /** A project with its version 0 only. */
  emptyProjectId: string;
  changeId: number;
  /** The project's current files (its version 1). */
  files: ProjectFileRow[];
  accessRequestId: number;
  /** A delivery of the seeded webhook. */
  delivery: WebhookDeliveryRow;
};

/**
 * A few rows for the methods to find, so that a method which reads before it writes reaches its writes: two users,
 * a workspace with both, a project with its version 0 only, one with a version 1 of one file (its changeset pending), an access request, an
 * upload, a chunk, an archive, an invitation and a session.
 */
export async function seed(repos: Repositories): Promise<Seeded> {
  const owner = await repos.users.insert({ username: 'alice', email: 'alice@example.com' });
  const other = await repos.users.insert({ username: 'bob', email: 'bob@example.com' });
  const workspace = await repos.workspaces.insert({ name: 'alice', storage: 1_000_000 });
  await repos.workspaces.upsertMember(workspace.id, owner.id, 'owner');
  await repos.workspaces.upsertMember(workspace.id, other.id, 'reader');
  const project = await repos.projects.insertWithVersionZero(
    { name: 'survey', workspaceId: workspace.id, creatorId: owner.id },
    { authorId: owner.id, userAgent: null },
  );
  const empty = await repos.projects.insertWithVersionZero(
    { name: 'empty', workspaceId: workspace.id, creatorId: owner.id },
    { authorId: owner.id, userAgent: null },
  );
  await repos.projects.setMember(project.id, other.id, 'editor');
  await repos.blobs.touch(SHA256, 10);
  await repos.versions.commit({
    projectId: project.id,
    number: 1,
    authorId: owner.id,
    userAgent: null,
    deviceId: null,
    changes: [
      {
        path: 'points.gpkg',
        change: 'create',
        size: 10,
        checksum: SHA1,
        blobSha256: SHA256,
        changeset: { status: 'pending' },
      },
    ],
  });
  await repos.projects.update(project.id, { latestVersion: 1 });
  const [change] = await repos.changesets.pendingOfVersion(project.id, 1);
  if (!change) throw new Error('the seeded version has no pending changeset');
  const accessRequest = await repos.accessRequests.insert({
    projectId: project.id,
    requestedBy: other.id,
    expire: AT,
  });
  await repos.uploads.insert({
    id: UPLOAD_ID,
    userId: owner.id,
    projectId: project.id,
    version: 1,
    changes: {},
  });
  await repos.quota.insertChunk({ id: CHUNK_ID, projectId: project.id, userId: owner.id, size: 10 });
  await repos.archives.insert({
    id: ARCHIVE_ID,
    projectId: project.id,
    version: 1,
    selection: 'all',
    paths: null,
    totalBytes: 10,
  });
  await repos.invitations.put({
    id: INVITATION_ID,
    workspaceId: workspace.id,
    email: 'carol@example.com',
    role: 'reader',
    invitedBy: owner.id,
    expiresAt: AT,
  });
  await repos.sessions.insert({ id: SESSION_ID, userId: owner.id, expiresAt: AT });
  await repos.webhooks.insert({
    id: WEBHOOK_ID,
    workspaceId: workspace.id,
    url: 'https://example.com/hook',
    secret: 'secret',
    events: ['project.created'],
    createdBy: owner.id,
  });
  const [deliveryId] = await repos.webhooks.enqueue(workspace.id, webhookEvent(workspace.id, project.id));
  const delivery = await repos.webhooks.findDelivery(WEBHOOK_ID, deliveryId ?? '');
  if (!delivery) throw new Error('the seeded webhook has no delivery');
  return {
    delivery,
    ownerId: owner.id,
    otherId: other.id,
    workspaceId: workspace.id,
    projectId: project.id,
    emptyProjectId: empty.id,
    changeId: change.id,
    files: await repos.projects.currentFiles(project.id),
    accessRequestId: accessRequest.id,
  };
}

/** Every repository method's placeholder arguments, over the seeded rows. */
export function placeholderArguments(seeded: Seeded): PlaceholderArguments {
  const {
    ownerId,
    otherId,
    workspaceId,
    projectId,
    emptyProjectId,
    changeId,
    files,
    accessRequestId,
    delivery,
  } = seeded;
  const user = { kind: 'user', userId: ownerId, isAdmin: false, readsEveryWorkspace: false } as const;
  const filters = { includePublic: true, onlyPublic: false };
  const page = { offset: 0, limit: 25 };
  const summary = [{ table: 'points', insert: 1, update: 0, delete: 0 }];
  return {
    users: {
      findById: [ownerId],
      findByLogin: { username: ['alice'], email: ['alice@example.com'] },
      findByUsername: ['alice'],
      findIdsByUsernames: [['alice', 'bob']],
      findByIds: [[ownerId, otherId]],
      search: {
        'by text': [{ like: 'ali', excludeProjectId: projectId, limit: 10 }],
        'by ids': [{ ids: [ownerId], limit: 10 }],
        'by names': [{ names: ['alice'], limit: 10 }],
      },
      findByEmail: ['alice@example.com'],
      adminPage: [{ like: 'ali', orderBy: 'username', descending: false, ...page }],
      hasProject: [ownerId],
      lockOtherActiveAdmins: [ownerId],
      count: [],
      insert: [{ username: 'carol', email: 'carol@example.com' }],
      update: {
        name: [ownerId, { firstName: 'Alice' }],
        'password (ends credentials)': [ownerId, { passwordHash: 'hash' }],
      },
      markEmailVerified: [ownerId, 'alice@example.com'],
      bumpTokenEpoch: [ownerId],
      close: [otherId],
    },
    workspaces: {
      findById: [workspaceId],
      findByName: ['alice'],
      existingNames: [['alice', 'bob']],
      insert: [{ name: 'field-team', storage: 1_000_000 }],
      setStorage: [workspaceId, 2_000_000],
      adminPage: [{ like: 'ali', orderBy: 'name', descending: false, ...page }],
      adminFind: [workspaceId],
      members: [workspaceId],
      lock: [workspaceId],
      removeMember: [workspaceId, otherId],
      upsertMember: [workspaceId, otherId, 'writer'],
      findMemberRole: [workspaceId, ownerId],
      memberRolesOf: [ownerId, [workspaceId]],
      memberIdsWithRoles: [workspaceId, ['owner', 'admin']],
      listForUser: [ownerId],
      usage: [[workspaceId]],
      soleOwnedBy: [ownerId],
      lockMembershipsOf: [ownerId],
      deleteMany: [[workspaceId]],
    },
    invitations: {
      put: [
        {
          id: INVITATION_ID,
          workspaceId,
          email: 'carol@example.com',
          role: 'writer',
          invitedBy: ownerId,
          expiresAt: AT,
        },
      ],
      findById: [INVITATION_ID],
      pendingFor: ['carol@example.com', AT],
      delete: [INVITATION_ID],
    },
    sessions: {
      insert: [{ id: 'another-session', userId: ownerId, expiresAt: AT }],
      findActive: [SESSION_ID, AT],
      delete: [SESSION_ID],
      deleteForUser: { all: [ownerId, undefined], 'all but one': [ownerId, SESSION_ID] },
      setTokenEpoch: [SESSION_ID, ownerId, 1],
      deleteExpired: [AT],
    },
    loginAttempts: {
      reserve: [
        { accountKey: 'alice', ip: '192.0.2.1', userId: ownerId, userAgent: null },
        { since: AT, perAccount: 10, perIp: 50 },
      ],
      deleteBefore: [AT],
      markSucceeded: [1],
    },
    mailLog: {
      record: [{ kind: 'password-reset', key: 'alice@example.com', ip: '192.0.2.1' }],
      remove: [1],
      countForKey: ['password-reset', 'alice@example.com', 3_600_000],
      countForIp: ['password-reset', '192.0.2.1', 3_600_000],
      purgeBefore: [AT],
    },
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
        'member or public': [user, filters, [{ field: 'updated', descending: true }], page, undefined],
        'anonymous, public, by name': [
          { kind: 'anonymous' },
          { includePublic: true, onlyPublic: true, nameLike: 'sur' },
          [{ field: 'name', descending: false }],
          page,
          undefined,
        ],
        'admin, one workspace, count known': [
          { ...user, isAdmin: true },
          { ...filters, workspaceName: 'alice', creatorId: ownerId, updatedSince: AT },
          [{ field: 'namespace', descending: false }],
          page,
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
      adminPage: [{ like: 'sur', removed: false, orderBy: 'name', descending: false, ...page }],
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
      listForUser: [otherId, { ...page, sort: [{ field: 'expire', descending: false }], projectName: 'sur' }],
      listForWorkspace: [workspaceId, { ...page, sort: [{ field: 'expire', descending: false }] }],
    },
    collaborators: {
      listOf: [projectId, workspaceId],
      findOne: [projectId, workspaceId, otherId],
      ownsProjectIn: [workspaceId, ownerId],
      lockProject: [projectId],
    },
    blobs: {
      touch: [SHA256, 10],
      touchMany: [[{ sha256: SHA256, size: 10, sha1: SHA1 }]],
      findBySha1: [[{ sha1: SHA1, size: 10 }]],
      deleteUnreferenced: [AT, 100],
    },
    uploads: {
      findById: [UPLOAD_ID],
      findByProjectForUpdate: [projectId],
      lockById: [UPLOAD_ID],
      insert: [{ id: ARCHIVE_ID, userId: ownerId, projectId: emptyProjectId, version: 0, changes: {} }],
      touch: { alive: [UPLOAD_ID], 'giving bytes back': [UPLOAD_ID, 10] },
      delete: [UPLOAD_ID],
      deleteIdleBefore: [AT],
      existingIds: [[UPLOAD_ID]],
      countOpen: [],
      isIdleSince: [UPLOAD_ID, 60],
    },
    quota: {
      lockWorkspaceOf: [projectId],
      committedUsage: [workspaceId],
      pendingBytes: { all: [workspaceId, undefined], 'but one project': [workspaceId, projectId] },
      takeChunkBytes: [{ uploadId: UPLOAD_ID, projectId, userId: ownerId, want: 10, credit: 0 }],
      giveBackBytes: [UPLOAD_ID, 10],
      insertChunk: [{ id: ARCHIVE_ID, projectId, userId: ownerId, size: 10 }],
      chunksOwnedBy: [[CHUNK_ID], { userId: ownerId, projectId }],
      reserveChunk: [
        {
          id: ARCHIVE_ID,
          projectId,
          userId: ownerId,
          size: 10,
          workspaceId,
          storage: 1000,
          projectSize: 0,
          maxChunks: 100,
        },
      ],
      setChunkSize: [CHUNK_ID, 20],
      deleteChunks: [[CHUNK_ID]],
      deleteChunksBefore: [AT],
    },
    versions: {
      lockProject: [projectId],
      commit: [
        {
          projectId,
          number: 2,
          authorId: ownerId,
          userAgent: null,
          deviceId: null,
          changes: [
            {
              path: 'points.gpkg',
              change: 'update',
              size: 10,
              checksum: SHA1,
              blobSha256: SHA256,
              changeset: { status: 'pending' },
            },
            { path: 'notes.txt', change: 'create', size: 10, checksum: SHA1, blobSha256: SHA256 },
          ],
        },
      ],
      list: [projectId, { ...page, descending: true }],
      find: [projectId, 1],
      changesOf: [changeId],
      filesAt: [projectId, 1],
      changeAt: [projectId, 'points.gpkg', 1],
      changesBetween: [projectId, 0, 1],
      findByDiffPath: [projectId, 'points.gpkg-diff-1'],
      existingDiffPaths: [projectId, ['points.gpkg-diff-1']],
      historyOf: [projectId, ['points.gpkg'], 0, 1],
    },
    changesets: {
      pendingOfVersion: [projectId, 1],
      pendingVersions: [],
      markReady: [changeId, { summary, size: 10, blobSha256: SHA256 }],
      markReadyAsDiff: [
        changeId,
        { summary, size: 10, blobSha256: SHA256 },
        { path: 'points.gpkg-diff-1', checksum: SHA1 },
      ],
      markError: [changeId, 'the changeset could not be computed'],
    },
    serverSettings: {
      get: ['maintenance'],
      setIfMissing: ['maintenance', false],
      set: ['maintenance', true, ownerId],
    },
    usage: {
      editorsCount: [],
      serverUsage: [AT],
    },
    usageSnapshots: {
      insert: [{ users: 2 }, AT],
      latestAt: [],
      page: { first: [AT, AT, 10, undefined], 'after one': [AT, AT, 10, 1] },
      figures: [AT],
    },
    archives: {
      find: [{ projectId, version: 1, selection: 'all' }],
      findById: [ARCHIVE_ID],
      insert: [
        { id: UPLOAD_ID, projectId, version: 1, selection: 'some', paths: ['points.gpkg'], totalBytes: 10 },
      ],
      restart: [ARCHIVE_ID, AT, false],
      touch: [ARCHIVE_ID],
      claim: [ARCHIVE_ID, WORKER, AT],
      progress: [ARCHIVE_ID, WORKER, 5],
      finish: {
        ready: [ARCHIVE_ID, WORKER, { status: 'ready', size: 10 }],
        failed: [ARCHIVE_ID, WORKER, { status: 'failed', error: 'disk full' }],
      },
      listUnusedSince: [AT, 10],
      delete: [[ARCHIVE_ID]],
      listAbandoned: [AT, 10],
      existing: [[ARCHIVE_ID]],
    },
    health: {
      ping: [],
    },
    webhooks: {
      list: [workspaceId],
      countInWorkspace: [workspaceId],
      find: [workspaceId, WEBHOOK_ID],
      findById: [WEBHOOK_ID],
      insert: [
        {
          id: NEW_WEBHOOK_ID,
          workspaceId,
          url: 'https://example.com/other',
          secret: 'secret',
          events: ['version.created'],
          createdBy: ownerId,
        },
      ],
      update: [WEBHOOK_ID, { enabled: false, disabledReason: null }],
      delete: [WEBHOOK_ID],
      subscribed: {
        workspace: [{ workspaceId }, 'project.created'],
        project: [{ projectId }, 'project.created'],
      },
      enqueue: [workspaceId, webhookEvent(workspaceId, projectId)],
      claim: [delivery.id, AT, 60_000],
      recordOutcome: [
        delivery.id,
        {
          status: 'succeeded',
          nextAttemptAt: null,
          responseStatus: 200,
          responseTimeMs: 5,
          responseBody: '',
          lastError: null,
        },
      ],
      resetFailures: [WEBHOOK_ID],
      countFailure: [WEBHOOK_ID, 5],
      failPending: [WEBHOOK_ID, 'turned off'],
      due: [AT, 10],
      deliveries: [WEBHOOK_ID, 1, 20],
      findDelivery: [WEBHOOK_ID, delivery.id],
      insertRedelivery: [REDELIVERY_ID, delivery],
    },
    accessTokens: {
      insert: [
        { userId: ownerId, name: 'sync', scope: 'write', tokenHash: SHA256, tokenEpoch: 0, expiresAt: AT },
      ],
      findByHash: [SHA256],
      listLive: [ownerId, AT],
      listAllLive: [AT],
      countLive: [ownerId, AT],
      delete: { own: [1, ownerId], any: [1] },
      touch: [1, AT],
      deleteEnded: [AT],
    },
    twoFactor: {
      find: [ownerId],
      savePending: [ownerId, 'JBSWY3DPEHPK3PXP'],
      acceptStep: { confirm: [ownerId, 1, AT], 'sign-in': [ownerId, 2] },
      remove: [ownerId],
      replaceRecoveryCodes: [ownerId, [SHA256]],
      useRecoveryCode: [ownerId, SHA256, AT],
      recoveryCodesLeft: [ownerId],
      enabledAmong: [[ownerId, otherId]],
      requiringWorkspaces: [ownerId],
      setRequired: [workspaceId, true],
    },
    identities: {
      find: ['https://id.example.org', 'subject-1'],
      insert: [
        { userId: ownerId, issuer: 'https://id.example.org', subject: 'subject-1', email: 'a@example.org' },
      ],
      listForUser: [ownerId],
      touch: [1, AT],
      delete: [1, ownerId],
      countLinkedUsers: [],
      insertState: [
        {
          state: 'state-1',
          nonce: 'nonce-1',
          codeVerifier: 'verifier-1',
          returnTo: '/',
          linkUserId: null,
          expiresAt: AT,
        },
      ],
      consumeState: ['state-1'],
      deleteExpiredStates: [AT],
    },
  };
}
