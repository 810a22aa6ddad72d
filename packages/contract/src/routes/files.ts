import {
  projectArchiveQuerySchema,
  projectArchiveRequestSchema,
  projectArchiveStateSchema,
} from '../downloads.ts';
import { errorResponseSchema } from '../errors.ts';
import {
  changesetDetailParamsSchema,
  changesetDetailQuerySchema,
  changesetDetailSchema,
  projectInfoQuerySchema,
  projectVersionDetailSchema,
  projectVersionParamsSchema,
  projectVersionsPageSchema,
  projectVersionsQuerySchema,
  rawFileQuerySchema,
  resourceHistoryQuerySchema,
  resourceHistorySchema,
} from '../files.ts';
import { fileStreamResponseSchema, noContentResponseSchema } from '../ids.ts';
import {
  mapChangesQuerySchema,
  mapChangesSchema,
  mapFeatureParamsSchema,
  mapFeatureSchema,
  mapLayerQuerySchema,
  mapLayersQuerySchema,
  mapLayersSchema,
  mapTileParamsSchema,
} from '../map.ts';
import { projectDetailSchema, projectIdParamsSchema, projectPathParamsSchema } from '../project.ts';
import type { RouteTable } from './route.ts';
import { fileBytesResponses, projectByPath } from './shared.ts';

/** Reads of project files and versions: project info, version list and detail, file history, raw file bytes. */
export const fileRoutes = {
  projectInfo: {
    method: 'GET',
    ...projectByPath,
    query: projectInfoQuerySchema,
    responses: { 200: projectDetailSchema },
  },
  versions: {
    method: 'GET',
    path: '/v1/project/versions/paginated/:namespace/:name',
    params: projectPathParamsSchema,
    query: projectVersionsQuerySchema,
    responses: { 200: projectVersionsPageSchema },
  },
  version: {
    method: 'GET',
    path: '/v1/project/version/:id/:version',
    params: projectVersionParamsSchema,
    responses: { 200: projectVersionDetailSchema },
  },
  history: {
    method: 'GET',
    path: '/v1/resource/history/:namespace/:name',
    params: projectPathParamsSchema,
    query: resourceHistoryQuerySchema,
    responses: { 200: resourceHistorySchema },
  },
  // HEAD declared by the route rather than made by Fastify, which would read the bytes to throw them away.
  raw: {
    method: ['GET', 'HEAD'],
    path: '/v1/project/raw/:namespace/:name',
    params: projectPathParamsSchema,
    query: rawFileQuerySchema,
    responses: { ...fileBytesResponses, 416: errorResponseSchema },
  },
} as const satisfies RouteTable;

/** The path of a project's zips, with its parameters and query. */
const archive = {
  path: '/app/projects/:id/download',
  params: projectIdParamsSchema,
  query: projectArchiveQuerySchema,
} as const;

/**
 * Zips of a version's files prepared as a job: POST asks for one (201 started, 204 ready or being prepared;
 * `Location` names where to fetch it), GET answers it once ready (200), its progress before (202).
 */
export const archiveRoutes = {
  request: {
    method: 'POST',
    ...archive,
    body: projectArchiveRequestSchema,
    responses: { 201: projectArchiveStateSchema, 204: noContentResponseSchema },
  },
  fetch: {
    method: 'GET',
    ...archive,
    responses: { 200: fileStreamResponseSchema, 202: projectArchiveStateSchema },
  },
} as const satisfies RouteTable;

/** GeoPackage changesets: the changed rows of a file in a version (streamed; the schema documents its shape). */
export const changesetRoutes = {
  detail: {
    method: 'GET',
    path: '/v1/resource/changesets/:namespace/:name/:version',
    params: changesetDetailParamsSchema,
    query: changesetDetailQuerySchema,
    responses: { 200: changesetDetailSchema },
  },
} as const satisfies RouteTable;

/** The map of a project's GeoPackages: layer list, Mapbox vector tiles and one feature. */
export const mapRoutes = {
  layers: {
    method: 'GET',
    path: '/v1/project/map/:namespace/:name/layers',
    params: projectPathParamsSchema,
    query: mapLayersQuerySchema,
    responses: { 200: mapLayersSchema },
  },
  tile: {
    method: 'GET',
    path: '/v1/project/map/:namespace/:name/tiles/:z/:x/:y.pbf',
    params: mapTileParamsSchema,
    query: mapLayerQuerySchema,
    responses: { 200: fileStreamResponseSchema, 304: fileStreamResponseSchema },
  },
  feature: {
    method: 'GET',
    path: '/v1/project/map/:namespace/:name/features/:fid',
    params: mapFeatureParamsSchema,
    query: mapLayerQuerySchema,
    responses: { 200: mapFeatureSchema },
  },
  changes: {
    method: 'GET',
    path: '/v1/project/map/:namespace/:name/changes',
    params: projectPathParamsSchema,
    query: mapChangesQuerySchema,
    // Sent as the engine wrote it (not serialised by the route); the schema documents its shape.
    responses: { 200: mapChangesSchema, 304: fileStreamResponseSchema },
  },
} as const satisfies RouteTable;
