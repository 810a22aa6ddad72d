import type {
  CreateWebhookRequest,
  UpdateWebhookRequest,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
} from '@waymark/contract';
import { api } from '../../../lib/api/api.ts';

/** GET /app/workspaces/{id}/webhooks */
export function fetchWebhooks(workspaceId: number): Promise<Webhook[]> {
  return api.webhooks.list({ params: { id: workspaceId } });
}

/** POST /app/workspaces/{id}/webhooks */
export function createWebhook(workspaceId: number, body: CreateWebhookRequest): Promise<Webhook> {
  return api.webhooks.create({ params: { id: workspaceId }, body });
}

/** PATCH /app/workspaces/{id}/webhooks/{webhook_id} */
export function updateWebhook(
  workspaceId: number,
  webhookId: string,
  body: UpdateWebhookRequest,
): Promise<Webhook> {
  return api.webhooks.update({ params: { id: workspaceId, webhook_id: webhookId }, body });
}

/** DELETE /app/workspaces/{id}/webhooks/{webhook_id} */
export async function deleteWebhook(workspaceId: number, webhookId: string): Promise<void> {
  await api.webhooks.remove({ params: { id: workspaceId, webhook_id: webhookId } });
}

/** GET /app/workspaces/{id}/webhooks/{webhook_id}/deliveries: one page, newest first. */
export function fetchWebhookDeliveries(
  workspaceId: number,
  webhookId: string,
  page: number,
): Promise<WebhookDeliveryList> {
  return api.webhooks.deliveries({ params: { id: workspaceId, webhook_id: webhookId }, query: { page } });
}

/** POST …/deliveries/{delivery_id}/redeliver: the same event again, as a new delivery. */
export function redeliverWebhook(
  workspaceId: number,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  return api.webhooks.redeliver({
    params: { id: workspaceId, webhook_id: webhookId, delivery_id: deliveryId },
  });
}
