import { emptyResponseSchema, fileStreamResponseSchema, noContentResponseSchema } from '../ids.ts';
import { projectIdParamsSchema, projectPathParamsSchema } from '../project.ts';

/** A success without a body (204). */
export const noContentResponses = { 204: noContentResponseSchema } as const;

/** A success answered with an empty JSON object (200 `{}`), as the reference does. */
export const emptyResponses = { 200: emptyResponseSchema } as const;

/** The bytes of a file: all of them (200) or the range asked for (206). */
export const fileBytesResponses = { 200: fileStreamResponseSchema, 206: fileStreamResponseSchema } as const;

/** A project by workspace and name (the Mergin v1 calls): its path with its parameters, spread into a route. */
export const projectByPath = {
  path: '/v1/project/:namespace/:name',
  params: projectPathParamsSchema,
} as const;

/** A project by id (the v2 calls): its path with its parameters, spread into a route. */
export const projectById = { path: '/v2/projects/:id', params: projectIdParamsSchema } as const;
