import {
  MAX_PROJECTS_BATCH,
  MAX_PROJECTS_BY_UUIDS,
  PROJECT_TEXTS,
  PROJECT_V2_TEXTS,
  type ProjectBatchResponse,
  projectNameError,
  type ProjectsByUuidsResponse,
  type WorkspaceProjectsQuery,
  type WorkspaceProjectsResponse,
} from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import { conflict, forbidden, invalid, notFound } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { UUID_PATTERN } from '../lib/uuid.ts';
import { canManageProject, canReadProject } from '../policies/project.policy.ts';
import { type Actor, canViewWorkspace, effectiveWorkspaceRole } from '../policies/workspace.policy.ts';
import { presentProjectV2 } from '../presenters/sync.presenter.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { isUniqueViolation } from '../repositories/unique-violation.ts';
import { accessFactsOf, projectAccessFacts, projectAccessFactsMany, viewerOf } from './project-access.ts';
import type { ProjectService } from './project.service.ts';
import { emitWebhookEvent, webhookProject } from './webhook-events.ts';

/**
 * The project calls of the reference that the clients make by project id or by workspace id (issue 23): the
 * v1 soft delete by path, the v2 rename and immediate delete, the batch and by_uuids look-ups and the workspace's
 * project list. Who may act is the same as for the calls that already existed: managing (owners, workspace
 * admins, superusers) to rename or delete, reading to look up.
 */
export function createProjectByIdService(deps: {
  config: AppConfig;
  log: Logger;
  repos: Repositories;
  projectService: ProjectService;
}) {
  const { config, log, repos, projectService } = deps;
  const { projects, workspaces } = repos;
  const accessDeps = { config, projects, workspaces };

  return {
    /** DELETE /v1/project/{namespace}/{name}: scheduled for deletion, as the web app's delete and scheduleDelete. */
    async scheduleDeleteAt(actor: NonNullable<Actor>, namespace: string, name: string): Promise<void> {
      const { row } = await projectService.requireProjectAt(actor, namespace, name, canManageProject);
      await repos.transaction(async (tx) => {
        await tx.projects.update(row.project.id, { removedAt: new Date(), removedBy: actor.id });
        await emitWebhookEvent(tx, row.workspace, actor.id, 'project.deleted', () => ({
          project: webhookProject(row),
          mode: 'scheduled',
        }));
      });
      log.info({ by: actor.id, projectId: row.project.id }, 'project scheduled for deletion');
    },

    /**
     * DELETE /v2/projects/{id}: the project's rows go at once, also of a project already scheduled for deletion
     * (the reference finds those too); housekeeping's blob collection takes the bytes later.
     */
    async deleteNow(actor: NonNullable<Actor>, id: string): Promise<void> {
      const found = await projects.findById(id);
      if (!found) throw notFound(PROJECT_TEXTS.notFound);
      if (!canManageProject(await projectAccessFacts(accessDeps, actor, found))) {
        throw forbidden(PROJECT_TEXTS.noPermission);
      }
      await repos.transaction(async (tx) => {
        if (!(await tx.projects.purgeById(id))) throw notFound(PROJECT_TEXTS.notFound);
        await emitWebhookEvent(tx, found.workspace, actor.id, 'project.deleted', () => ({
          project: webhookProject(found),
          mode: 'purged',
        }));
      });
      log.info({ by: actor.id, projectId: id }, 'project deleted now');
    },

    /**
     * PATCH /v2/projects/{id}: a new name within the same workspace, by the project name rules (400
     * `InvalidProjectName`); a name another project holds, live or awaiting its purge, is taken (409).
     */
    async rename(actor: NonNullable<Actor>, id: string, rawName: string): Promise<void> {
      const { row } = await projectService.requireProject(
        actor,
        await projects.findById(id),
        canManageProject,
      );
      const name = rawName.trim();
      const nameError = projectNameError(name);
      if (nameError) throw invalid(nameError, { code: PROJECT_V2_TEXTS.invalidNameCode });
      const holder = await projects.findByName(row.workspace.id, name);
      if (holder && holder.id !== row.project.id) throw conflict(PROJECT_V2_TEXTS.nameTaken);
      if (name === row.project.name) return;
      try {
        await repos.transaction(async (tx) => {
          await tx.projects.update(row.project.id, { name });
          await emitWebhookEvent(tx, row.workspace, actor.id, 'project.renamed', () => ({
            project: webhookProject({ ...row, project: { ...row.project, name } }),
            previous_name: row.project.name,
          }));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(PROJECT_V2_TEXTS.nameTaken);
        throw error;
      }
      log.info({ by: actor.id, projectId: id, from: row.project.name, to: name }, 'project renamed');
    },

    /**
     * POST /v2/projects/batch: each id answered in order (duplicates once) by its v2 project or `{id, error}`:
     * 404 when missing or removed, and for a private project to an anonymous caller; 403 to a signed-in one.
     */
    async batch(actor: Actor, rawIds: string[]): Promise<ProjectBatchResponse> {
      const ids = [...new Set(rawIds)];
      if (ids.length > MAX_PROJECTS_BATCH) {
        throw invalid(PROJECT_V2_TEXTS.batchLimit.detail, { code: PROJECT_V2_TEXTS.batchLimit.code });
      }
      const rows = (await projects.findByIds(ids)).filter((row) => !row.project.removedAt);
      const byId = new Map(
        (await projectAccessFactsMany(accessDeps, actor, rows)).map((entry) => [entry.row.project.id, entry]),
      );
      return {
        projects: ids.map((id) => {
          const entry = byId.get(id);
          if (!entry) return { id, error: 404 };
          if (!canReadProject(entry.facts)) return { id, error: actor ? 403 : 404 };
          return presentProjectV2(entry.row, entry.facts);
        }),
      };
    },

    /** GET /v1/project/by_uuids: the readable live projects among at most 10 ids, as list items by id. */
    async byUuids(actor: Actor, text: string): Promise<ProjectsByUuidsResponse> {
      const ids = [...new Set(text.split(',').filter((id) => UUID_PATTERN.test(id)))];
      if (ids.length > MAX_PROJECTS_BY_UUIDS) throw invalid(PROJECT_V2_TEXTS.tooManyProjects);
      const rows = (await projects.findByIds(ids)).filter((row) => !row.project.removedAt);
      const readable = (await projectAccessFactsMany(accessDeps, actor, rows)).filter(({ facts }) =>
        canReadProject(facts),
      );
      const items = await projectService.listItems(actor, readable);
      return Object.fromEntries(items.map(({ row, item }) => [row.project.id, item]));
    },

    /**
     * GET /v2/workspaces/{id}/projects: the workspace's live projects the caller reads through a role of their own
     * (members reading every project see all; guests the projects shared with them; public ones are not listed for
     * being public), filtered by name, one page.
     */
    async workspaceProjects(
      actor: NonNullable<Actor>,
      workspaceId: number,
      query: WorkspaceProjectsQuery,
    ): Promise<WorkspaceProjectsResponse> {
      const workspace = await workspaces.findById(workspaceId);
      if (!workspace) throw notFound(PROJECT_V2_TEXTS.workspaceNotFound);
      const memberRole = await workspaces.findMemberRole(workspaceId, actor.id);
      const role = effectiveWorkspaceRole(actor, memberRole, config);
      if (!canViewWorkspace(role, memberRole !== undefined)) {
        throw forbidden(PROJECT_V2_TEXTS.noWorkspacePermission);
      }
      const { rows, count } = await projects.list(
        viewerOf(actor, config),
        {
          includePublic: false,
          onlyPublic: false,
          workspaceName: workspace.name,
          nameLike: query.q?.trim() || undefined,
        },
        query.order_params,
        { offset: (query.page - 1) * query.per_page, limit: query.per_page },
      );
      return {
        projects: rows.map((row) =>
          presentProjectV2(
            { project: row.project, workspace: row.workspace },
            accessFactsOf(config, actor, row.project, row.roles),
          ),
        ),
        count,
        page: query.page,
        per_page: query.per_page,
      };
    },
  };
}

export type ProjectByIdService = ReturnType<typeof createProjectByIdService>;
