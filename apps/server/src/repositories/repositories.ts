import type { Db } from '../db/database.ts';
import { type AccessTokenRepository, createAccessTokenRepository } from './access-token.repository.ts';
import { type AccessRequestRepository, createAccessRequestRepository } from './access-request.repository.ts';
import { type ArchiveRepository, createArchiveRepository } from './archive.repository.ts';
import { type BlobRepository, createBlobRepository } from './blob.repository.ts';
import { type ChangesetRepository, createChangesetRepository } from './changeset.repository.ts';
import { type CollaboratorRepository, createCollaboratorRepository } from './collaborator.repository.ts';
import { createIdentityRepository, type IdentityRepository } from './identity.repository.ts';
import { createInvitationRepository, type InvitationRepository } from './invitation.repository.ts';
import { createHealthRepository, type HealthRepository } from './health.repository.ts';
import { createLoginAttemptRepository, type LoginAttemptRepository } from './login-attempt.repository.ts';
import { createMailLogRepository, type MailLogRepository } from './mail-log.repository.ts';
import { createProjectRepository, type ProjectRepository } from './project.repository.ts';
import { createQuotaRepository, type QuotaRepository } from './quota.repository.ts';
import { createServerSettingRepository, type ServerSettingRepository } from './server-setting.repository.ts';
import { createSessionRepository, type SessionRepository } from './session.repository.ts';
import { createUploadRepository, type UploadRepository } from './upload.repository.ts';
import {
  createUsageRepository,
  createUsageSnapshotRepository,
  type UsageRepository,
  type UsageSnapshotRepository,
} from './usage.repository.ts';
import { createTwoFactorRepository, type TwoFactorRepository } from './two-factor.repository.ts';
import { createUserRepository, type UserRepository } from './user.repository.ts';
import { createVersionRepository, type VersionRepository } from './version.repository.ts';
import { createWebhookRepository, type WebhookRepository } from './webhook.repository.ts';
import { createWorkspaceRepository, type WorkspaceRepository } from './workspace.repository.ts';

/**
 * Every repository bound to one connection, plus `transaction`, which runs a callback with the same set bound
 * to a transaction. Services receive this instead of the database, so they can be atomic without SQL.
 */
export type Repositories = {
  users: UserRepository;
  workspaces: WorkspaceRepository;
  invitations: InvitationRepository;
  sessions: SessionRepository;
  loginAttempts: LoginAttemptRepository;
  mailLog: MailLogRepository;
  projects: ProjectRepository;
  accessRequests: AccessRequestRepository;
  collaborators: CollaboratorRepository;
  blobs: BlobRepository;
  uploads: UploadRepository;
  quota: QuotaRepository;
  versions: VersionRepository;
  changesets: ChangesetRepository;
  serverSettings: ServerSettingRepository;
  usage: UsageRepository;
  usageSnapshots: UsageSnapshotRepository;
  archives: ArchiveRepository;
  health: HealthRepository;
  accessTokens: AccessTokenRepository;
  twoFactor: TwoFactorRepository;
  identities: IdentityRepository;
  webhooks: WebhookRepository;
  /** All or nothing: the callback's repositories write inside one transaction (a savepoint when nested). */
  transaction<T>(run: (tx: Repositories) => Promise<T>): Promise<T>;
};

/**
 * Told of the writes the per-process caches depend on (lib/ttl-cache.ts), once they are committed: a user's row
 * (any column), and what decides which projects a list shows (projects, their members, workspaces, their members).
 */
export type WriteHooks = {
  userWritten(id: number): void;
  projectsWritten(): void;
  /** Webhook deliveries were written (`webhooks.enqueue`, `insertRedelivery`): they may be sent now. */
  webhookDeliveriesQueued(ids: string[]): void;
};

const NO_HOOKS: WriteHooks = {
  userWritten: () => {},
  projectsWritten: () => {},
  webhookDeliveriesQueued: () => {},
};

/** `write`, then `written` with the same arguments (also when it failed: forgetting too much costs one read). */
function then<A extends unknown[], R>(
  write: (...args: A) => Promise<R>,
  written: (...args: A) => void,
): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await write(...args);
    } finally {
      written(...args);
    }
  };
}

/**
 * The repositories of a database or transaction handle; `hooks` hear of their writes to users, projects,
 * workspaces and their members. Outside a transaction a statement has committed when it returns; inside one the
 * writes are told when `transaction` has committed (never when it rolled back).
 */
export function createRepositories(db: Db, hooks: WriteHooks = NO_HOOKS): Repositories {
  const users = createUserRepository(db);
  const workspaces = createWorkspaceRepository(db);
  const projects = createProjectRepository(db);
  const user = (id: number) => hooks.userWritten(id);
  const listed = () => hooks.projectsWritten();
  const webhooks = createWebhookRepository(db);
  return {
    users: {
      ...users,
      update: then(users.update, user),
      markEmailVerified: then(users.markEmailVerified, user),
      bumpTokenEpoch: then(users.bumpTokenEpoch, user),
      close: then(users.close, (id) => {
        user(id);
        listed();
      }),
    },
    workspaces: {
      ...workspaces,
      insert: then(workspaces.insert, listed),
      removeMember: then(workspaces.removeMember, listed),
      upsertMember: then(workspaces.upsertMember, listed),
      deleteMany: then(workspaces.deleteMany, listed),
    },
    invitations: createInvitationRepository(db),
    sessions: createSessionRepository(db),
    loginAttempts: createLoginAttemptRepository(db),
    mailLog: createMailLogRepository(db),
    projects: {
      ...projects,
      setMember: then(projects.setMember, listed),
      removeMember: then(projects.removeMember, listed),
      setMembers: then(projects.setMembers, listed),
      removeMembers: then(projects.removeMembers, listed),
      insertWithVersionZero: then(projects.insertWithVersionZero, listed),
      update: then(projects.update, listed),
      restore: then(projects.restore, listed),
      purgeRemovedById: then(projects.purgeRemovedById, listed),
      purgeById: then(projects.purgeById, listed),
      removeMemberInWorkspace: then(projects.removeMemberInWorkspace, listed),
      purgeRemovedBefore: then(projects.purgeRemovedBefore, listed),
    },
    accessRequests: createAccessRequestRepository(db),
    collaborators: createCollaboratorRepository(db),
    blobs: createBlobRepository(db),
    uploads: createUploadRepository(db),
    quota: createQuotaRepository(db),
    versions: createVersionRepository(db),
    changesets: createChangesetRepository(db),
    serverSettings: createServerSettingRepository(db),
    usage: createUsageRepository(db),
    usageSnapshots: createUsageSnapshotRepository(db),
    archives: createArchiveRepository(db),
    health: createHealthRepository(db),
    accessTokens: createAccessTokenRepository(db),
    twoFactor: createTwoFactorRepository(db),
    identities: createIdentityRepository(db),
    webhooks: {
      ...webhooks,
      enqueue: async (...args) => {
        const ids = await webhooks.enqueue(...args);
        if (ids.length > 0) hooks.webhookDeliveriesQueued(ids);
        return ids;
      },
      insertRedelivery: async (...args) => {
        const row = await webhooks.insertRedelivery(...args);
        hooks.webhookDeliveriesQueued([row.id]);
        return row;
      },
    },
    transaction: async (run) => {
      const usersWritten = new Set<number>();
      let projectsWritten = false;
      const deliveries: string[] = [];
      const result = await db.transaction((tx) =>
        run(
          createRepositories(tx, {
            userWritten: (id) => void usersWritten.add(id),
            projectsWritten: () => void (projectsWritten = true),
            webhookDeliveriesQueued: (ids) => void deliveries.push(...ids),
          }),
        ),
      );
      usersWritten.forEach(user);
      if (projectsWritten) listed();
      if (deliveries.length > 0) hooks.webhookDeliveriesQueued(deliveries);
      return result;
    },
  };
}
