import {
  ERROR_TEXTS,
  FILE_TEXTS,
  isVersionedFile,
  type ProjectInfoQuery,
  type ProjectVersionDetail,
  type ProjectVersionsPage,
  type ProjectVersionsQuery,
  type RawFileQuery,
  type ResourceHistory,
  versionName,
  versionNameSchema,
} from '@waymark/contract';
import { broken, invalid, notFound } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import { mapPages } from '../lib/json-stream.ts';
import { presentListedFile, presentProjectDetailHead } from '../presenters/project.presenter.ts';
import {
  presentHistoryItem,
  presentStoredFile,
  presentVersionDetail,
  presentVersionListItem,
} from '../presenters/version.presenter.ts';
import type { ProjectWithWorkspace } from '../repositories/project.repository.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { HistoryRow } from '../repositories/version.repository.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { ProjectService, StreamedProjectDetail } from './project.service.ts';
import { UUID_PATTERN } from '../lib/uuid.ts';

/** A version name from a query, or 400 with the reference's wording. */
function parseVersion(name: string): number {
  const parsed = versionNameSchema.safeParse(name);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Invalid version');
  return parsed.data;
}

/**
 * Newest-first changes of each path, cut after the change that created (or deleted) the file, as the reference's
 * `FileHistory.changes` does: a history never reaches into an earlier life of the same path.
 */
function historyByPath(rows: HistoryRow[]): Map<string, HistoryRow[]> {
  const out = new Map<string, HistoryRow[]>();
  for (const row of rows) {
    const list = out.get(row.path) ?? [];
    const last = list[list.length - 1];
    if (last && (last.change === 'create' || last.change === 'delete')) continue;
    list.push(row);
    out.set(row.path, list);
  }
  return out;
}

const historyMap = (rows: HistoryRow[] | undefined) =>
  Object.fromEntries((rows ?? []).map((row) => [versionName(row.versionNumber), presentHistoryItem(row)]));

/** Reads of files and versions: project info at a version or with history, version lists, raw files. */
export function createVersionService(deps: {
  blobs: BlobStore;
  log: Logger;
  repos: Repositories;
  projectService: ProjectService;
}) {
  const { blobs, log, repos, projectService } = deps;
  const { projects, versions } = repos;

  const requireReadable = (actor: Actor, namespace: string, name: string) =>
    projectService.requireProjectAt(actor, namespace, name);

  /** The project as it was at version N (reference: ProjectSchemaForVersion, in the detail's shape), streamed. */
  async function detailAtVersion(
    row: ProjectWithWorkspace,
    facts: Awaited<ReturnType<typeof requireReadable>>['facts'],
    number: number,
  ): Promise<StreamedProjectDetail> {
    const version = await versions.find(row.project.id, number);
    if (!version) throw notFound(FILE_TEXTS.versionNotFound);
    const [members, totals] = await Promise.all([
      projects.membersOf([row.project.id]),
      projects.totalsAt(row.project.id, number),
    ]);
    return {
      head: presentProjectDetailHead(row, facts, members, totals.conflictPaths, {
        number,
        createdAt: version.createdAt,
        size: totals.size,
        qgisProjects: totals.qgisProjects,
      }),
      key: 'files',
      pages: mapPages(projects.filePagesAt(row.project.id, number), (page) => page.map(presentListedFile)),
    };
  }

  return {
    /**
     * GET /v1/project/{ns}/{name}: latest files, or `?version=vN`, or with each GeoPackage's history `?since=vN`;
     * the files streamed page by page.
     */
    async projectInfo(
      actor: Actor,
      namespace: string,
      name: string,
      query: ProjectInfoQuery,
    ): Promise<StreamedProjectDetail> {
      const { row, facts } = await requireReadable(actor, namespace, name);
      if (query.since !== undefined && query.version !== undefined) throw invalid(FILE_TEXTS.sinceAndVersion);
      if (query.version !== undefined) {
        return detailAtVersion(row, facts, parseVersion(query.version));
      }
      const detail = await projectService.detail(actor, row, facts);
      if (query.since === undefined) return detail;
      const since = parseVersion(query.since);
      const latest = row.project.latestVersion;
      return {
        ...detail,
        // Each page's GeoPackages with their changes since then (one query a page).
        pages: mapPages(detail.pages, async (page) => {
          const versioned = page.filter((file) => isVersionedFile(file.path)).map((file) => file.path);
          const history = historyByPath(await versions.historyOf(row.project.id, versioned, since, latest));
          return page.map((file) => ({
            ...file,
            history: isVersionedFile(file.path) ? historyMap(history.get(file.path)) : {},
          }));
        }),
      };
    },

    /** GET /v1/project/versions/paginated/{ns}/{name} */
    async list(
      actor: Actor,
      namespace: string,
      name: string,
      query: ProjectVersionsQuery,
    ): Promise<ProjectVersionsPage> {
      const { row } = await requireReadable(actor, namespace, name);
      const { rows, count } = await versions.list(row.project.id, {
        offset: (query.page - 1) * query.per_page,
        limit: query.per_page,
        descending: query.descending,
      });
      return { versions: rows.map((version) => presentVersionListItem(version, row)), count };
    },

    /** GET /v1/project/version/{project id}/{version} */
    async detail(actor: Actor, projectId: string, version: string): Promise<ProjectVersionDetail> {
      if (!UUID_PATTERN.test(projectId)) throw notFound(ERROR_TEXTS.urlNotFound);
      const { row } = await projectService.requireProject(actor, await projects.findById(projectId));
      const found = await versions.find(row.project.id, parseVersion(version));
      if (!found) throw notFound(FILE_TEXTS.versionNotFound);
      return presentVersionDetail(found, row, await versions.changesOf(found.id));
    },

    /** GET /v1/resource/history/{ns}/{name}?path= */
    async resourceHistory(
      actor: Actor,
      namespace: string,
      name: string,
      path: string,
    ): Promise<ResourceHistory> {
      const { row } = await requireReadable(actor, namespace, name);
      const all = await versions.historyOf(row.project.id, [path], 1, row.project.latestVersion);
      const lastStored = all.find((change) => change.change !== 'delete');
      if (!lastStored) throw notFound(FILE_TEXTS.fileNotFound(path));
      return {
        ...presentStoredFile(lastStored),
        history: historyMap(historyByPath(all).get(path)),
      };
    },

    /** Which stored bytes GET /v1/project/raw answers: the file (or its changeset) at a version. */
    async rawFile(actor: Actor, namespace: string, name: string, query: RawFileQuery) {
      const wantsDiff = query.diff === true;
      if (isVersionedFile(query.file) && wantsDiff && query.version === undefined) {
        throw invalid(FILE_TEXTS.diffNeedsVersion);
      }
      if (!isVersionedFile(query.file) && wantsDiff) throw notFound(FILE_TEXTS.noDiffInFile(query.file));
      // A bad version name answers 400 only after the project's 404 or 403, as every other check here.
      const version = query.version === undefined ? undefined : versionNameSchema.safeParse(query.version);
      const found = await projects.findFileForCaller(namespace, name, actor?.id ?? null, {
        path: query.file,
        version: version?.success ? version.data : undefined,
      });
      const { row } = projectService.requireLoadedProject(actor, found);
      if (query.version !== undefined) parseVersion(query.version);
      const change = found?.change;
      if (!change || change.change === 'delete') throw notFound(FILE_TEXTS.fileNotFound(query.file));
      // The changeset of the change: the uploaded diff of a diff update, or the one the server computed.
      const changeset = change.changesetStatus === 'ready' ? change.changesetBlobSha256 : null;
      if (wantsDiff && !changeset) throw notFound(FILE_TEXTS.noDiffInVersion(query.file));
      const sha256 = wantsDiff ? changeset : change.blobSha256;
      const size = wantsDiff ? (change.changesetSize ?? 0) : change.size;
      const path = wantsDiff
        ? (change.diffPath ?? `${query.file}-diff-${versionName(change.versionNumber)}`)
        : query.file;
      if (!sha256 || !(await blobs.has(sha256))) {
        log.error({ project: row.project.id, path }, 'project file missing from the blob store');
        throw broken(`File ${path} is missing on the server`);
      }
      return { path, size, sha256, created: new Date(change.versionCreatedAt) };
    },
  };
}

export type VersionService = ReturnType<typeof createVersionService>;
