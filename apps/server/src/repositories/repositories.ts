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

/** The repositories of a database or transaction handle. */
export function createRepositories(db: Db): Repositories {
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
    transaction: (run) => db.transaction((tx) => run(createRepositories(tx))),
  };
}
