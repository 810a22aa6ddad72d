import type { Webhook, WebhookDelivery } from '@waymark/contract';
import type { WebhookDeliveryRow, WebhookRow } from '../repositories/webhook.repository.ts';

/** A webhook for its workspace's admins: everything but the secret. */
export function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabledReason ?? null,
    failure_count: row.failureCount,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

/** A delivery of the log; `next_attempt` only while it is pending. */
export function presentWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.eventId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    next_attempt: row.status === 'pending' && row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
    last_attempt: row.lastAttemptAt?.toISOString() ?? null,
    response_status: row.responseStatus,
    response_time_ms: row.responseTimeMs,
    response_body: row.responseBody,
    last_error: row.lastError,
    redelivery: row.redelivery,
    created: row.createdAt.toISOString(),
  };
}
