import {
  ACCESS_REQUEST_LIFETIME_MS,
  ACCESS_REQUEST_TEXTS,
  type AcceptAccessRequest,
  type AccessRequestListQuery,
  type AccessRequestListResponse,
  PERMISSION_ROLE,
  PROJECT_TEXTS,
  type ProjectRole,
} from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import { isUniqueViolation } from '../repositories/unique-violation.ts';
import { invalid, conflict, forbidden, notFound } from '../lib/errors.ts';
import type { MailContent, Mailer } from '../mail/mailer.ts';
import { accessGrantedMail } from '../mail/templates/access-granted.mail.ts';
import { accessRequestMail } from '../mail/templates/access-request.mail.ts';
import { canManageProject } from '../policies/project.policy.ts';
import { type Actor, canListAccessRequests } from '../policies/workspace.policy.ts';
import { isoSeconds } from '../presenters/timestamps.ts';
import type { AccessRequestListRow, AccessRequestRow } from '../repositories/access-request.repository.ts';
import type { ProjectWithWorkspace } from '../repositories/project.repository.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { MailThrottle } from './mail-throttle.service.ts';
import { projectAccessFacts, workspaceRoleOf } from './project-access.ts';
import { emitWebhookEvent, webhookProject } from './webhook-events.ts';

type Logger = { warn(obj: object, msg: string): void };

function pageOf(query: AccessRequestListQuery) {
  return {
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
    sort: query.order_params,
    projectName: query.project_name,
  };
}

function present(rows: AccessRequestListRow[], count: number): AccessRequestListResponse {
  return {
    items: rows.map((row) => ({
      id: row.request.id,
      project_id: row.request.projectId,
      requested_by: row.username,
      project_name: row.projectName,
      namespace: row.namespace,
      expire: isoSeconds(row.request.expire),
    })),
    count,
  };
}

/** Requests to join private projects: create (mailing owners and workspace admins), list, accept, remove. */
export function createAccessRequestService(deps: {
  config: AppConfig;
  mailer: Mailer;
  log: Logger;
  repos: Repositories;
  mailThrottle: MailThrottle;
}) {
  const { config, mailer, log, repos, mailThrottle } = deps;
  const { accessRequests, projects, workspaces, users } = repos;
  const accessDeps = { config, projects, workspaces };

  /** The web app's address of a project page (BASE_URL, or the local address without it). */
  const projectLink = (namespace: string, name: string, tab = '') =>
    `${config.publicUrl}/projects/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}${tab}`;

  /** Sends one notification; the action it reports stands even when the mail cannot be delivered. */
  async function deliver(to: string, content: MailContent) {
    await mailer
      .send({ to, ...content })
      .catch((error: unknown) => log.warn({ err: error, to }, 'access request mail failed'));
  }

  /**
   * Mails the project's owners and the workspace's admins, at most once a day per requester and project (the
   * mail limit), so withdrawing and repeating a request does not mail them again.
   */
  async function notifyOwners(
    projectId: string,
    workspaceId: number,
    namespace: string,
    name: string,
    requesterId: number,
  ) {
    if (!(await mailThrottle.allow('accessRequest', `${projectId}:${requesterId}`))) return;
    const requester = (await users.findById(requesterId))?.username ?? 'A user';
    const ownerIds = (await projects.membersOf([projectId]))
      .filter((m) => m.role === 'owner')
      .map((m) => m.userId);
    const adminIds = await workspaces.memberIdsWithRoles(workspaceId, ['admin', 'owner']);
    const link = projectLink(namespace, name, '/collaborators');
    const ids = [...new Set([...ownerIds, ...adminIds])];
    const byId = new Map((await users.findByIds(ids)).map((user) => [user.id, user]));
    for (const id of ids) {
      const user = byId.get(id);
      if (!user?.active || !user.receiveNotifications) continue;
      await deliver(
        user.email,
        accessRequestMail({ recipient: user.username, requester, namespace, name, link }),
      );
    }
  }

  /** Tells the requester that an owner let them in, unless they turned notifications off. */
  async function notifyRequester(request: AccessRequestRow, found: ProjectWithWorkspace, role: ProjectRole) {
    const user = await users.findById(request.requestedBy);
    if (!user?.active || !user.receiveNotifications) return;
    const { name } = found.project;
    const namespace = found.workspace.name;
    const link = projectLink(namespace, name);
    await deliver(user.email, accessGrantedMail({ recipient: user.username, namespace, name, role, link }));
  }

  /** A pending request of a live project, and whether the caller manages that project. */
  async function requirePending(actor: NonNullable<Actor>, id: number) {
    const request = await accessRequests.findPendingById(id);
    const found = request && (await projects.findById(request.projectId));
    if (!request || !found) throw notFound(ACCESS_REQUEST_TEXTS.notFound);
    const isOwner = canManageProject(await projectAccessFacts(accessDeps, actor, found));
    return { request, found, isOwner };
  }

  return {
    async create(actor: NonNullable<Actor>, namespace: string, name: string): Promise<void> {
      const found = await projects.findByPath(namespace, name);
      if (!found || found.project.removedAt) throw notFound(PROJECT_TEXTS.notFound);
      if (await projects.memberRole(found.project.id, actor.id))
        throw conflict(ACCESS_REQUEST_TEXTS.alreadyHasAccess);
      const pending = await accessRequests.findPending(found.project.id, actor.id);
      if (pending) throw conflict(ACCESS_REQUEST_TEXTS.alreadyExists);
      try {
        await repos.transaction(async (tx) => {
          await tx.accessRequests.insert({
            projectId: found.project.id,
            requestedBy: actor.id,
            expire: new Date(Date.now() + ACCESS_REQUEST_LIFETIME_MS),
          });
          await emitWebhookEvent(tx, found.workspace, actor.id, 'access_request.created', (requester) => ({
            project: webhookProject(found),
            requester: requester ?? { id: actor.id, username: '' },
          }));
        });
      } catch (error) {
        // Two requests at once: the partial unique index lets only one through.
        if (isUniqueViolation(error)) throw conflict(ACCESS_REQUEST_TEXTS.alreadyExists);
        throw error;
      }
      await notifyOwners(
        found.project.id,
        found.workspace.id,
        found.workspace.name,
        found.project.name,
        actor.id,
      );
    },

    async listOwn(
      actor: NonNullable<Actor>,
      query: AccessRequestListQuery,
    ): Promise<AccessRequestListResponse> {
      const { rows, count } = await accessRequests.listForUser(actor.id, pageOf(query));
      return present(rows, count);
    },

    /**
     * Pending requests to projects of a workspace, for its admins; with `project_name`, also for those who manage
     * that project (its owners), so the project's Collaborators tab can list them.
     */
    async listForWorkspace(
      actor: NonNullable<Actor>,
      namespace: string,
      query: AccessRequestListQuery,
    ): Promise<AccessRequestListResponse> {
      const workspace = await workspaces.findByName(namespace);
      if (!workspace) throw forbidden(ACCESS_REQUEST_TEXTS.cannotList);
      if (!canListAccessRequests(await workspaceRoleOf(accessDeps, actor, workspace.id))) {
        const found = query.project_name
          ? await projects.findByPath(namespace, query.project_name)
          : undefined;
        const managed =
          found &&
          !found.project.removedAt &&
          canManageProject(await projectAccessFacts(accessDeps, actor, found));
        if (!managed) throw forbidden(ACCESS_REQUEST_TEXTS.cannotList);
      }
      const { rows, count } = await accessRequests.listForWorkspace(workspace.id, pageOf(query));
      return present(rows, count);
    },

    /** Project owners (and workspace admins) grant the requested access while the request has not expired. */
    async accept(actor: NonNullable<Actor>, id: number, body: AcceptAccessRequest): Promise<void> {
      const { request, found, isOwner } = await requirePending(actor, id);
      if (!isOwner) throw forbidden(ACCESS_REQUEST_TEXTS.cannotAccept);
      if (request.expire.getTime() <= Date.now()) throw invalid(ACCESS_REQUEST_TEXTS.expired);
      const role = PERMISSION_ROLE[body.permissions];
      await repos.transaction(async (tx) => {
        // Resolved first: of an accept and a cancel racing, only one changes the request.
        if (!(await tx.accessRequests.resolve(request.id, 'accepted', actor.id))) {
          throw notFound(ACCESS_REQUEST_TEXTS.notFound);
        }
        await tx.projects.setMember(request.projectId, request.requestedBy, role);
      });
      await notifyRequester(request, found, role);
    },

    /** Declines (owners) or withdraws (the requester) a pending request. */
    async remove(actor: NonNullable<Actor>, id: number): Promise<void> {
      const { request, isOwner } = await requirePending(actor, id);
      if (!isOwner && request.requestedBy !== actor.id) throw forbidden(ACCESS_REQUEST_TEXTS.cannotRemove);
      await accessRequests.resolve(request.id, 'declined', actor.id);
    },
  };
}

export type AccessRequestService = ReturnType<typeof createAccessRequestService>;
