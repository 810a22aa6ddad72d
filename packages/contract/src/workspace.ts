import { z } from 'zod';
import { dbIdSchema } from './ids.ts';
import { workspaceRoleSchema } from './roles.ts';

/** One entry of GET /v1/workspaces and the answer of GET /v1/workspace/{id}. */
export const workspaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  storage: z.number(),
  disk_usage: z.number(),
  project_count: z.number().int(),
  role: workspaceRoleSchema,
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** Names of shared workspaces (created by the CLI); personal workspaces carry their owner's username. */
export const workspaceNameSchema = z
  .string()
  .trim()
  .min(1, 'Workspace name cannot be empty')
  .max(50, 'Workspace name must be at most 50 characters long')
  .regex(/^[\p{L}\p{N}_.-][\p{L}\p{N}_. -]*$/u, 'Workspace name contains invalid characters');

export const workspaceListSchema = z.array(workspaceSchema);

export const workspaceIdParamsSchema = z.object({ id: dbIdSchema });
