import { getTableName, type Table } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type AccessRequestRepository, createAccessRequestRepository } from './access-request.repository.ts';
import { type BlobRepository, createBlobRepository } from './blob.repository.ts';
import { type ChangesetRepository, createChangesetRepository } from './changeset.repository.ts';
import { type CollaboratorRepository, createCollaboratorRepository } from './collaborator.repository.ts';
import { createJobRepository, type JobRepository } from './job.repository.ts';
import { createHealthRepository, type HealthRepository } from './health.repository.ts';
import { createLoginAttemptRepository, type LoginAttemptRepository } from './login-attempt.repository.ts';
import { createMailLogRepository, type MailLogRepository } from './mail-log.repository.ts';
import { createProjectRepository, type ProjectRepository } from './project.repository.ts';
import { createServerSettingRepository, type ServerSettingRepository } from './server-setting.repository.ts';
import { createSessionRepository, type SessionRepository } from './session.repository.ts';
import { createUploadRepository, type UploadRepository } from './upload.repository.ts';
import { createUsageRepository, type UsageRepository } from './usage.repository.ts';
import { createUserRepository, type UserRepository } from './user.repository.ts';
import { createVersionRepository, type VersionRepository } from './version.repository.ts';
import { createWorkspaceRepository, type WorkspaceRepository } from './workspace.repository.ts';

/**
 * Every repository bound to one connection, plus `transaction`, which runs a callback with the same set bound
 * to a transaction. Services receive this instead of the database, so they can be atomic without SQL.
 */
export type Repositories = {
  users: UserRepository;
  workspaces: WorkspaceRepository;
  sessions: SessionRepository;
  loginAttempts: LoginAttemptRepository;
  mailLog: MailLogRepository;
  projects: ProjectRepository;
  accessRequests: AccessRequestRepository;
  collaborators: CollaboratorRepository;
  blobs: BlobRepository;
  uploads: UploadRepository;
  versions: VersionRepository;
  changesets: ChangesetRepository;
  serverSettings: ServerSettingRepository;
  usage: UsageRepository;
  jobs: JobRepository;
  health: HealthRepository;
  /** All or nothing: the callback's repositories write inside one transaction (a savepoint when nested). */
  transaction<T>(run: (tx: Repositories) => Promise<T>): Promise<T>;
};

/** Told the name of each table written through the repositories (`ChangeFeed.changed`). */
export type OnWrite = (table: string) => void;

const WRITES = new Set(['insert', 'update', 'delete']);

/**
 * `db` telling `onWrite` the table of every insert, update and delete as it is built, and, for the writes of a
 * transaction, once more when the transaction has ended (committed or not): a cache cleared only before the
 * write could have kept a value read while it was uncommitted.
 */
function announcingWrites(db: Db, onWrite: OnWrite): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property === 'string' && WRITES.has(property) && typeof value === 'function') {
        return (table: Table, ...rest: unknown[]) => {
          onWrite(getTableName(table));
          return (value as (...args: unknown[]) => unknown).call(target, table, ...rest);
        };
      }
      if (property === 'transaction' && typeof value === 'function') {
        return async (run: (tx: Db) => Promise<unknown>, ...rest: unknown[]) => {
          const written = new Set<string>();
          try {
            return await (value as (...args: unknown[]) => Promise<unknown>).call(
              target,
              (tx: Db) =>
                run(
                  announcingWrites(tx, (table) => {
                    written.add(table);
                    onWrite(table);
                  }),
                ),
              ...rest,
            );
          } finally {
            for (const table of written) onWrite(table);
          }
        };
      }
      return value;
    },
  });
}

/** The repositories of a database or transaction handle; `onWrite` hears of every table they write. */
export function createRepositories(handle: Db, onWrite?: OnWrite): Repositories {
  const db = onWrite ? announcingWrites(handle, onWrite) : handle;
  return {
    users: createUserRepository(db),
    workspaces: createWorkspaceRepository(db),
    sessions: createSessionRepository(db),
    loginAttempts: createLoginAttemptRepository(db),
    mailLog: createMailLogRepository(db),
    projects: createProjectRepository(db),
    accessRequests: createAccessRequestRepository(db),
    collaborators: createCollaboratorRepository(db),
    blobs: createBlobRepository(db),
    uploads: createUploadRepository(db),
    versions: createVersionRepository(db),
    changesets: createChangesetRepository(db),
    serverSettings: createServerSettingRepository(db),
    usage: createUsageRepository(db),
    jobs: createJobRepository(db),
    health: createHealthRepository(db),
    // The transaction handle is already announcing (see `announcingWrites`).
    transaction: (run) => db.transaction((tx) => run(createRepositories(tx))),
  };
}
