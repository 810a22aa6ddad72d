import path from 'node:path';
import type { AppConfig } from './config.ts';
import type { Db } from './db/database.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './mail/mailer.ts';
import { createBlobRepository } from './repositories/blob.repository.ts';
import { createAccessRequestRepository } from './repositories/access-request.repository.ts';
import { createLoginAttemptRepository } from './repositories/login-attempt.repository.ts';
import { createProjectRepository } from './repositories/project.repository.ts';
import { createSessionRepository } from './repositories/session.repository.ts';
import { createUserRepository } from './repositories/user.repository.ts';
import { createWorkspaceRepository } from './repositories/workspace.repository.ts';
import { createAccessRequestService } from './services/access-request.service.ts';
import { createAuthService } from './services/auth.service.ts';
import { createMaintenanceService } from './services/maintenance.service.ts';
import { createPasswordResetService } from './services/password-reset.service.ts';
import { createProjectService } from './services/project.service.ts';
import { createProjectMembersService } from './services/project-members.service.ts';
import { createUserService } from './services/user.service.ts';
import { createWorkspaceService } from './services/workspace.service.ts';
import { createLocalBlobStore } from './storage/blob-store.ts';

/** Wires repositories into services once; routes and the CLI use the same services. */
export function createContext(deps: { config: AppConfig; db: Db; mailer: Mailer; log: Logger }) {
  const { config, db, mailer, log } = deps;
  const users = createUserRepository(db);
  const workspaces = createWorkspaceRepository(db);
  const sessions = createSessionRepository(db);
  const projectRepository = createProjectRepository(db);
  const blobs = createLocalBlobStore(path.join(config.dataDir, 'blobs'));
  const projects = createProjectService({
    db,
    config,
    blobs,
    log,
    projects: projectRepository,
    workspaces,
    users,
  });
  return {
    config,
    db,
    mailer,
    log,
    blobs,
    repositories: { users, workspaces, projects: projectRepository, blobs: createBlobRepository(db) },
    auth: createAuthService({ config, users, sessions, loginAttempts: createLoginAttemptRepository(db) }),
    passwordReset: createPasswordResetService({ config, users, sessions, mailer }),
    users: createUserService({ db, config, mailer }),
    workspaces: createWorkspaceService({ config, workspaces, users, projects: projectRepository }),
    maintenance: createMaintenanceService(config),
    projects,
    accessRequests: createAccessRequestService({
      db,
      config,
      mailer,
      log,
      accessRequests: createAccessRequestRepository(db),
      projects: projectRepository,
      workspaces,
      users,
    }),
    projectMembers: createProjectMembersService({
      db,
      projects: projectRepository,
      users,
      projectService: projects,
    }),
  };
}

export type AppContext = ReturnType<typeof createContext>;
