import { z } from 'zod';
import { dbIdSchema } from './ids.ts';
import { LOGIN_MAX_LENGTH, USER_SEARCH_LIMIT } from './limits.ts';
import { type ProjectRole, projectRoleSchema, workspaceRoleSchema } from './roles.ts';

/**
 * Collaborators of a project (reference: /v2/projects/{id}/collaborators, /app/project/{id}/access) and the user
 * search of the share dialog (/app/auth/user/search).
 */

/** One member of GET /v2/projects/{id}/collaborators: `role` is the effective project role. */
export const projectCollaboratorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  workspace_role: workspaceRoleSchema,
  /** The explicit project role; null for members who only hold a role through the workspace. */
  project_role: projectRoleSchema.nullable(),
  role: projectRoleSchema,
});
export type ProjectCollaborator = z.infer<typeof projectCollaboratorSchema>;

export const projectCollaboratorListSchema = z.array(projectCollaboratorSchema);

/** Body of POST /v2/projects/{id}/collaborators: the user by username or e-mail, and the role to give. */
export const addCollaboratorRequestSchema = z.object({
  user: z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, 'This field is required.')
    .max(LOGIN_MAX_LENGTH, `Must be at most ${LOGIN_MAX_LENGTH} characters long.`),
  role: projectRoleSchema,
});
export type AddCollaboratorRequest = z.infer<typeof addCollaboratorRequestSchema>;

/** Body of PATCH /v2/projects/{id}/collaborators/{user_id}. */
export const updateCollaboratorRequestSchema = z.object({ role: projectRoleSchema });
export type UpdateCollaboratorRequest = z.infer<typeof updateCollaboratorRequestSchema>;

export const collaboratorParamsSchema = z.object({
  id: z.uuid({ error: 'Invalid project id' }),
  user_id: dbIdSchema,
});

/** One entry of GET /app/project/{id}/access: who has access to the project, and how. */
export const projectAccessDetailSchema = projectCollaboratorSchema.extend({ type: z.literal('member') });
export type ProjectAccessDetail = z.infer<typeof projectAccessDetailSchema>;

export const projectAccessDetailListSchema = z.array(projectAccessDetailSchema);

const commaList = (what: string) =>
  z
    .string()
    .max(4096, `Too many ${what}`)
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    );

/**
 * Query of GET /app/auth/user/search (reference): users by `id` list, `names` list or a `like` text matching the
 * username or e-mail, at most USER_SEARCH_LIMIT. Waymark adds `project_id`: its members are left out, so the share
 * dialog only suggests users not yet on the project.
 */
export const userSearchQuerySchema = z.object({
  namespace: z.string({ error: 'This field is required.' }).min(1, 'This field is required.'),
  like: z.string().max(LOGIN_MAX_LENGTH, `Must be at most ${LOGIN_MAX_LENGTH} characters long.`).optional(),
  id: commaList('ids').optional(),
  names: commaList('names').optional(),
  project_id: z.uuid({ error: 'Invalid project id' }).optional(),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;

/** One user suggestion (SPEC §3): the reference's fields plus the profile names for the avatar initials. */
export const userSearchItemSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  profile: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() }),
});
export type UserSearchItem = z.infer<typeof userSearchItemSchema>;

export const userSearchResponseSchema = z.array(userSearchItemSchema).max(USER_SEARCH_LIMIT);

/** Errors of the collaborator and user search calls; the reference's texts where it has them. */
export const COLLABORATOR_TEXTS = {
  alreadyMember: 'User is already a project member',
  userNotFound: 'User not found',
  notMember: 'User is not a project member',
  ownRole: 'You cannot change your own project role',
  cannotSearch: 'You do not have permissions to search within workspace',
} as const;

/**
 * SPEC §6 / issue 11: editors collect features; QGIS project files are for writers and owners. Starts with the
 * reference's 403 text, which the Mergin clients match (python-api-client's `test_editor_push`).
 */
export const EDITOR_QGIS_FILE_TEXT = (path: string) =>
  `You do not have permissions for this project: editors may only change data and media files, not the QGIS project file '${path}'`;

/** The project role options of SPEC §3 (value, label, description), for role pickers and mails. */
export const PROJECT_ROLE_OPTIONS = [
  { value: 'reader', label: 'Reader', description: 'Can view project files' },
  { value: 'editor', label: 'Editor', description: 'Can collect features in project' },
  { value: 'writer', label: 'Writer', description: 'Can edit project files' },
  { value: 'owner', label: 'Owner', description: 'Can share and remove project' },
] as const satisfies ReadonlyArray<{ value: ProjectRole; label: string; description: string }>;
