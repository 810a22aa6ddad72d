import {
  CHANGESET_API_TEXTS,
  FILE_TEXTS,
  isGeoPackagePath,
  MAP_CHANGES_MAX_BYTES,
  MAP_CHANGES_MAX_FEATURES,
  MAP_TEXTS,
  type MapChangesQuery,
  type MapFeature,
  type MapFile,
  type MapLayerQuery,
  type MapLayers,
  type MapLayersQuery,
  versionName,
  versionNameSchema,
} from '@waymark/contract';
import { EngineError, type ChangesetEngine } from '../changesets/engine.ts';
import { broken, conflict, invalid, notFound, unprocessable } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { MapCache } from '../map/map-cache.ts';
import { isQgisProjectPath, type QgisLayerStyle } from '../map/qgis-styles.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { ProjectService } from './project.service.ts';
import { createTtlCache, type TtlCache } from '../lib/ttl-cache.ts';

/** QGIS project files of a version whose colours the map reads at most (projects rarely hold more than one). */
const MAX_QGIS_PROJECT_FILES = 8;

/** The stored GeoPackage a caller may read at a named version (what `MapAccess` keeps). */
export type MapFileAt = { projectId: string; number: number; path: string; sha256: string; size: number };
/** Callers' named-version files, kept a few seconds (context.ts: `CACHE_SECONDS`, forgotten on this process's writes). */
export type MapAccess = TtlCache<string, MapFileAt>;

/** A cached answer: its strong ETag (known before any work), and how to get its bytes. */
export type MapAnswer = {
  etag: string;
  /** True when the request named its version: the answer then never changes. */
  immutable: boolean;
  load(): Promise<Buffer>;
};

/**
 * The map of a project's GeoPackages (issue 27): the layer list, vector tiles and features of any version. Reading
 * needs the rights of downloading the file; the engine's worker threads do the reading (time-limited, projects
 * taking turns), and every answer is cached by the blob's SHA-256 (map/map-cache.ts).
 */
export function createMapService(deps: {
  blobs: BlobStore;
  engine: ChangesetEngine;
  cache: MapCache;
  /** Bytes the disk cache holds after `pruneCache` (MAP_CACHE_MAX_BYTES). */
  cacheMaxBytes: number;
  log: Logger;
  repos: Repositories;
  projectService: ProjectService;
  /**
   * Who may read which file of a named version, kept for a few seconds: a map screen asks for dozens of tiles a
   * second, each of which would otherwise look up the project, the caller's rights and the file in the database
   * (three queries: most of a cached tile's time). None kept when not given.
   */
  access?: MapAccess;
}) {
  const { blobs, engine, cache, cacheMaxBytes, log, repos, projectService } = deps;
  const access = deps.access ?? createTtlCache<string, MapFileAt>({ max: 1, ttlMs: 0 });

  /** The project (readable by the caller) and the version number asked for (the latest when none). */
  async function projectAt(actor: Actor, namespace: string, name: string, version: string | undefined) {
    const { row } = await projectService.requireProjectAt(actor, namespace, name);
    if (version === undefined) return { projectId: row.project.id, number: row.project.latestVersion };
    const parsed = versionNameSchema.safeParse(version);
    if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Invalid version');
    if (!(await repos.versions.find(row.project.id, parsed.data))) throw notFound(FILE_TEXTS.versionNotFound);
    return { projectId: row.project.id, number: parsed.data };
  }

  /** The stored GeoPackage at `path` in that version. */
  async function fileAt(projectId: string, path: string, number: number) {
    const change = await repos.versions.changeAt(projectId, path, number);
    if (!change || change.change === 'delete' || !change.blobSha256)
      throw notFound(MAP_TEXTS.fileNotFound(path));
    if (!isGeoPackagePath(path)) throw invalid(MAP_TEXTS.notGeoPackageFile(path));
    return { path, sha256: change.blobSha256, size: change.size };
  }

  /**
   * The GeoPackage at `path` the caller may read at `version` (the latest when none): a named version's is kept
   * in `access` (a revoked right or a removed project takes effect at once on this process, within
   * `CACHE_SECONDS` on others); the latest's is looked up each time.
   */
  async function readableFile(
    actor: Actor,
    namespace: string,
    name: string,
    version: string | undefined,
    path: string,
  ): Promise<MapFileAt> {
    const lookUp = async () => {
      const { projectId, number } = await projectAt(actor, namespace, name, version);
      return { projectId, number, ...(await fileAt(projectId, path, number)) };
    };
    if (version === undefined) return lookUp();
    const caller = actor ? `${actor.id}:${actor.isAdmin ? 'admin' : 'user'}` : 'anonymous';
    return (await access.through([caller, namespace, name, version, path].join('\0'), lookUp))!;
  }

  /** Runs `work` on the blob as a local file; a blob missing from the store is the server's fault (500). */
  async function withBlob<T>(sha256: string, path: string, work: (file: string) => Promise<T>): Promise<T> {
    if (!(await blobs.has(sha256))) {
      log.error({ path, blob: sha256 }, 'GeoPackage missing from the blob store');
      throw broken(`File ${path} is missing on the server`);
    }
    const local = await blobs.localFile(sha256);
    try {
      return await work(local.path);
    } finally {
      await local.release();
    }
  }

  /** The text an engine refusal shows (the file's fault); unexpected failures are logged and not shown. */
  function reasonOf(error: EngineError, path: string): string {
    if (error.kind === 'internal') {
      log.error({ err: error, path }, 'map reading failed');
      return MAP_TEXTS.notGeoPackage;
    }
    return error.kind === 'invalid' || error.kind === 'format' ? MAP_TEXTS.notGeoPackage : error.reason;
  }

  /** The answer under `key`: from the cache, or computed once and kept. */
  async function cached(key: string, compute: () => Promise<Uint8Array>): Promise<Buffer> {
    const held = await cache.get(key);
    if (held) return held;
    const value = await compute();
    await cache.set(key, value);
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }

  async function layersOf(
    projectId: string,
    file: { path: string; sha256: string; size: number },
  ): Promise<MapFile> {
    try {
      const body = await cached(cache.keyOf(file.sha256, 'layers'), async () =>
        Buffer.from(
          JSON.stringify(
            await withBlob(file.sha256, file.path, (local) =>
              engine.mapLayers(local, { project: projectId }),
            ),
          ),
        ),
      );
      return { path: file.path, size: file.size, layers: JSON.parse(body.toString('utf8')) };
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      return { path: file.path, size: file.size, layers: [], error: reasonOf(error, file.path) };
    }
  }

  /**
   * The colours a QGIS project file gives its GeoPackage layers, read once per content and path (sources are
   * relative to it). A file QGIS could not open either (broken XML, too large) has none: the map's own colours.
   */
  async function stylesOf(
    projectId: string,
    file: { path: string; sha256: string },
  ): Promise<QgisLayerStyle[]> {
    const body = await cached(cache.keyOf(file.sha256, 'qgis-styles', file.path), async () => {
      let styles: QgisLayerStyle[] = [];
      try {
        styles = await withBlob(file.sha256, file.path, (local) =>
          engine.mapStyles(local, file.path, { project: projectId }),
        );
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
        // A stopped read may pass on a quieter machine: it is not kept.
        if (error.kind === 'timeout') throw error;
        log.info({ path: file.path, reason: error.reason }, 'QGIS project file without map colours');
      }
      return Buffer.from(JSON.stringify(styles));
    }).catch((error: unknown) => {
      if (!(error instanceof EngineError)) throw error;
      return undefined;
    });
    return body ? (JSON.parse(body.toString('utf8')) as QgisLayerStyle[]) : [];
  }

  /** The layers of `files` with the colours of the first project file (root ones first) that draws each. */
  function withStyles(files: MapFile[], projects: { path: string; styles: QgisLayerStyle[] }[]): MapFile[] {
    return files.map((file) => ({
      ...file,
      layers: file.layers.map((layer) => {
        for (const project of projects) {
          const found = project.styles.find(
            (style) => style.file === file.path && style.table === layer.table,
          );
          if (found) return { ...layer, style: found.style, style_source: project.path };
        }
        return layer;
      }),
    }));
  }

  /** Turns the engine's refusals of a layer, a tile or a feature into answers. */
  async function asAnswer<T>(path: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      if (error.kind === 'not-found') throw notFound(error.reason);
      throw unprocessable(reasonOf(error, path));
    }
  }

  return {
    /** Housekeeping: the disk cache's least recently used files go until it holds at most MAP_CACHE_MAX_BYTES. */
    pruneCache: (now?: Date) => cache.prune(cacheMaxBytes, now),
    /** GET /v1/project/map/{ns}/{name}/layers: the layers of every GeoPackage of the version (or of `file`). */
    async layers(actor: Actor, namespace: string, name: string, query: MapLayersQuery): Promise<MapLayers> {
      const { projectId, number } = await projectAt(actor, namespace, name, query.version);
      if (query.file !== undefined) {
        const file = await fileAt(projectId, query.file, number);
        return { version: versionName(number), files: [await layersOf(projectId, file)] };
      }
      const all = number === 0 ? [] : await repos.versions.filesAt(projectId, number);
      const stored = (test: (path: string) => boolean) =>
        all
          .filter((file) => test(file.path) && file.blobSha256)
          .map((file) => ({ path: file.path, sha256: file.blobSha256!, size: file.size }));
      const files = stored(isGeoPackagePath).sort((a, b) => a.path.localeCompare(b.path));
      // Project files at the root first (where QGIS and the Mergin Maps apps look for one), then by path.
      const depth = (path: string) => path.split('/').length;
      const projects = stored(isQgisProjectPath)
        .sort((a, b) => depth(a.path) - depth(b.path) || a.path.localeCompare(b.path))
        .slice(0, MAX_QGIS_PROJECT_FILES);
      const [layers, styles] = await Promise.all([
        Promise.all(files.map((file) => layersOf(projectId, file))),
        Promise.all(
          projects.map(async (project) => ({
            path: project.path,
            styles: await stylesOf(projectId, project),
          })),
        ),
      ]);
      return { version: versionName(number), files: withStyles(layers, styles) };
    },
    /** GET …/tiles/{z}/{x}/{y}.pbf: a Mapbox vector tile of one layer (empty body when no feature meets it). */
    async tile(
      actor: Actor,
      namespace: string,
      name: string,
      query: MapLayerQuery,
      tile: { z: number; x: number; y: number },
    ): Promise<MapAnswer> {
      const file = await readableFile(actor, namespace, name, query.version, query.file);
      const projectId = file.projectId;
      const key = cache.keyOf(file.sha256, 'tile', query.layer, tile.z, tile.x, tile.y);
      return {
        etag: `"${key}"`,
        immutable: query.version !== undefined,
        load: () =>
          asAnswer(file.path, () =>
            cached(key, () =>
              withBlob(file.sha256, file.path, (local) =>
                engine.mapTile(local, query.layer, tile, { project: projectId }),
              ),
            ),
          ),
      };
    },

    /** GET …/features/{fid}: every field of one feature, its geometry as GeoJSON in EPSG:4326. */
    async feature(
      actor: Actor,
      namespace: string,
      name: string,
      query: MapLayerQuery,
      fid: number,
    ): Promise<MapFeature> {
      const file = await readableFile(actor, namespace, name, query.version, query.file);
      const projectId = file.projectId;
      const body = await asAnswer(file.path, () =>
        cached(cache.keyOf(file.sha256, 'feature', query.layer, fid), async () =>
          Buffer.from(
            JSON.stringify(
              await withBlob(file.sha256, file.path, (local) =>
                engine.mapFeature(local, query.layer, fid, { project: projectId }),
              ),
            ),
          ),
        ),
      );
      return JSON.parse(body.toString('utf8')) as MapFeature;
    },

    /**
     * GET …/changes?file=&version=: the rows the version inserted, updated and deleted in the GeoPackage, as GeoJSON
     * in EPSG:4326 (contract `mapChangesSchema`), read from the stored changeset; refused past its size limits.
     */
    async changes(actor: Actor, namespace: string, name: string, query: MapChangesQuery): Promise<MapAnswer> {
      const { projectId, number } = await projectAt(actor, namespace, name, query.version);
      const version = versionName(number);
      const change = await repos.versions.changeAt(projectId, query.file, number);
      if (!change || change.change === 'delete' || !change.blobSha256) {
        throw notFound(MAP_TEXTS.fileNotFound(query.file));
      }
      if (!isGeoPackagePath(query.file)) throw invalid(MAP_TEXTS.notGeoPackageFile(query.file));
      if (change.versionNumber !== number) throw notFound(MAP_TEXTS.noChangeset(query.file, version));
      if (change.changesetStatus === 'pending') throw conflict(MAP_TEXTS.changesetPending);
      if (change.changesetStatus === 'error') {
        throw unprocessable(CHANGESET_API_TEXTS.notCalculated(change.changesetError ?? ''));
      }
      const changesetSha256 = change.changesetBlobSha256;
      if (change.changesetStatus !== 'ready' || !changesetSha256) {
        throw notFound(MAP_TEXTS.noChangeset(query.file, version));
      }
      const rows = (change.changesetSummary ?? []).reduce(
        (sum, table) => sum + table.insert + table.update + table.delete,
        0,
      );
      if (rows > MAP_CHANGES_MAX_FEATURES) {
        throw unprocessable(MAP_TEXTS.tooManyChanges(query.file, version, rows, MAP_CHANGES_MAX_FEATURES));
      }
      const fileSha256 = change.blobSha256;
      const key = cache.keyOf(
        changesetSha256,
        'changes',
        fileSha256,
        query.file,
        version,
        MAP_CHANGES_MAX_BYTES,
      );
      return {
        etag: `"${key}"`,
        immutable: true,
        load: () =>
          asAnswer(query.file, () =>
            cached(key, () =>
              withBlob(changesetSha256, query.file, (changeset) =>
                withBlob(fileSha256, query.file, (file) =>
                  engine.mapChanges(
                    changeset,
                    file,
                    { path: query.file, version, maxBytes: MAP_CHANGES_MAX_BYTES },
                    { project: projectId },
                  ),
                ),
              ),
            ),
          ),
      };
    },
  };
}

export type MapService = ReturnType<typeof createMapService>;
