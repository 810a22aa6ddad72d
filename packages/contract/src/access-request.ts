import { z } from 'zod';
import { dbIdSchema } from './ids.ts';
import { ACCESS_REQUESTS_PAGE_SIZE } from './limits.ts';
import { type OrderTerm, orderParamsSchema } from './order-params.ts';
import type { ProjectRole } from './roles.ts';

/** How long a project access request can be accepted (reference: PROJECT_ACCESS_REQUEST = 7 days). */
export const ACCESS_REQUEST_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export const accessRequestSchema = z.object({
  id: z.number().int(),
  project_id: z.string(),
  requested_by: z.string(),
  project_name: z.string(),
  namespace: z.string(),
  expire: z.string(),
});
export type AccessRequest = z.infer<typeof accessRequestSchema>;

export const accessRequestListResponseSchema = z.object({
  items: z.array(accessRequestSchema),
  count: z.number().int(),
});
export type AccessRequestListResponse = z.infer<typeof accessRequestListResponseSchema>;

/** Fields the access request lists sort by (order_params). */
export const ACCESS_REQUEST_SORT_FIELDS = [
  'expire',
  'requested_at',
  'requested_by',
  'project_name',
  'namespace',
] as const;
export type AccessRequestSortField = (typeof ACCESS_REQUEST_SORT_FIELDS)[number];
export type AccessRequestSort = OrderTerm<AccessRequestSortField>[];

export const accessRequestListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(ACCESS_REQUESTS_PAGE_SIZE),
  /** Soonest to expire first unless asked otherwise. */
  order_params: orderParamsSchema<AccessRequestSortField>({
    fields: ACCESS_REQUEST_SORT_FIELDS,
    fallback: [{ field: 'expire', descending: false }],
  }),
  project_name: z.string().optional(),
});
export type AccessRequestListQuery = z.infer<typeof accessRequestListQuerySchema>;

/** The permission names of the accept call and the project role each grants. */
export const ACCESS_PERMISSIONS = ['read', 'edit', 'write', 'owner'] as const;
export const PERMISSION_ROLE: Record<(typeof ACCESS_PERMISSIONS)[number], ProjectRole> = {
  read: 'reader',
  edit: 'editor',
  write: 'writer',
  owner: 'owner',
};

export const acceptAccessRequestSchema = z.object({
  permissions: z.enum(ACCESS_PERMISSIONS, { error: 'Not a valid choice.' }).default('read'),
});
export type AcceptAccessRequest = z.infer<typeof acceptAccessRequestSchema>;

/** The id of an access request in accept and remove paths. */
export const accessRequestIdParamsSchema = z.object({ id: dbIdSchema });

export const ACCESS_REQUEST_TEXTS = {
  alreadyHasAccess: 'You already have access to project',
  alreadyExists: 'Project access request already exists',
  cannotList: "You don't have permissions to list project access requests",
  cannotAccept: "You don't have permissions to accept project access request",
  cannotRemove: "You don't have permissions to remove project access request",
  expired: 'Project access request has expired',
  notFound: 'Access request not found',
} as const;
