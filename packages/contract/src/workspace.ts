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

export const workspaceListSchema = z.array(workspaceSchema);

export const workspaceIdParamsSchema = z.object({ id: dbIdSchema });
