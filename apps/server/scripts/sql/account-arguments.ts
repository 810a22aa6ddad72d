import type { PlaceholderArguments } from './arguments.ts';
import { AT, INVITATION_ID, PAGE, type Seeded, SESSION_ID, SHA256 } from './seed.ts';

/** The placeholder arguments of the repositories of users and workspaces, their sign-in and their tokens. */
export function accountArguments(
  seeded: Seeded,
): Pick<
  PlaceholderArguments,
  | 'users'
  | 'workspaces'
  | 'invitations'
  | 'sessions'
  | 'loginAttempts'
  | 'mailLog'
  | 'accessTokens'
  | 'twoFactor'
  | 'identities'
> {
  const { ownerId, otherId, workspaceId, projectId } = seeded;
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
      adminPage: [{ like: 'ali', orderBy: 'username', descending: false, ...PAGE }],
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
      adminPage: [{ like: 'ali', orderBy: 'name', descending: false, ...PAGE }],
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
