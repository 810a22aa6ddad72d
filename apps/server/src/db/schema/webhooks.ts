import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@waymark/contract';
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users, workspaces } from './accounts.ts';

/**
 * A workspace's webhooks (issue 29): where its events are POSTed, signed with `secret` (kept to sign, never sent
 * back). `failureCount` counts deliveries that failed in a row; at `WEBHOOK_DISABLE_AFTER` the webhook is turned
 * off (`disabledReason` 'failures') and the workspace's admins are mailed.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason').$type<'failures'>(),
    failureCount: integer('failure_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_workspace_idx').on(t.workspaceId)],
);

export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', ['pending', 'succeeded', 'failed']);

/**
 * One event to deliver to one webhook, written in the transaction that caused the event (so an event is never
 * sent for a change that rolled back, nor lost after one that committed) and tried by the `webhook-delivery` job
 * until it succeeds or its tries run out. `nextAttemptAt` is when a try is due: a try claims the row by moving it
 * past the try's time limit, so a try lost with its process is due again afterwards.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    event: text('event').$type<WebhookEventType>().notNull(),
    /** The JSON body sent (a `WebhookEvent`), as text: every try and redelivery sends the very same bytes. */
    payload: text('payload').notNull(),
    status: webhookDeliveryStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    responseStatus: integer('response_status'),
    responseTimeMs: integer('response_time_ms'),
    /** At most WEBHOOK_LIMITS.responseBodyBytes of the receiver's answer. */
    responseBody: text('response_body'),
    lastError: text('last_error'),
    redelivery: boolean('redelivery').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
