import { z } from 'zod';
import { noContentResponseSchema } from '../ids.ts';
import {
  createWebhookRequestSchema,
  updateWebhookRequestSchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookParamsSchema,
  webhookSchema,
} from '../webhooks.ts';
import { workspaceIdParamsSchema } from '../workspace.ts';
import type { RouteTable } from './route.ts';

/** A workspace's webhooks and their delivery log, for its admins (issue 29). */
export const webhookRoutes = {
  list: {
    method: 'GET',
    path: '/app/workspaces/:id/webhooks',
    params: workspaceIdParamsSchema,
    responses: { 200: z.array(webhookSchema) },
  },
  create: {
    method: 'POST',
    path: '/app/workspaces/:id/webhooks',
    params: workspaceIdParamsSchema,
    body: createWebhookRequestSchema,
    responses: { 201: webhookSchema },
  },
  update: {
    method: 'PATCH',
    path: '/app/workspaces/:id/webhooks/:webhook_id',
    params: webhookParamsSchema,
    body: updateWebhookRequestSchema,
    responses: { 200: webhookSchema },
  },
  remove: {
    method: 'DELETE',
    path: '/app/workspaces/:id/webhooks/:webhook_id',
    params: webhookParamsSchema,
    responses: { 204: noContentResponseSchema },
  },
  deliveries: {
    method: 'GET',
    path: '/app/workspaces/:id/webhooks/:webhook_id/deliveries',
    params: webhookParamsSchema,
    query: webhookDeliveryQuerySchema,
    responses: { 200: webhookDeliveryListSchema },
  },
  redeliver: {
    method: 'POST',
    path: '/app/workspaces/:id/webhooks/:webhook_id/deliveries/:delivery_id/redeliver',
    params: webhookDeliveryParamsSchema,
    responses: { 201: webhookDeliverySchema },
  },
} as const satisfies RouteTable;
