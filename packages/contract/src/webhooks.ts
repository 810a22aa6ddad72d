import { z } from 'zod';
import { dbIdSchema } from './ids.ts';
import { workspaceRoleSchema } from './roles.ts';

/**
 * Signed webhooks of a workspace (issue 29): its admins register URLs that receive a JSON body for the events they
 * choose, signed with their secret (`Waymark-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`).
 */

/** The events a webhook may subscribe to. */
export const WEBHOOK_EVENTS = [
  'version.created',
  'project.created',
  'project.deleted',
  'project.renamed',
  'access_request.created',
  'member.added',
  'member.removed',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** The header carrying the signature, and the one naming the event. */
export const WEBHOOK_SIGNATURE_HEADER = 'Waymark-Signature';
export const WEBHOOK_EVENT_HEADER = 'Waymark-Event';
export const WEBHOOK_DELIVERY_HEADER = 'Waymark-Delivery';

/** Bounds of a webhook's settings and of what a delivery keeps. */
export const WEBHOOK_LIMITS = {
  urlMaxLength: 2000,
  secretMinLength: 16,
  secretMaxLength: 200,
  /** Webhooks per workspace. */
  perWorkspace: 20,
  /** A receiver's answer is given this long (connect, send, headers and body). */
  timeoutMs: 10_000,
  /** The part of a receiver's answer body kept in the delivery log (bytes). */
  responseBodyBytes: 1024,
  /** Deliveries per page of the log. */
  deliveriesPerPage: 50,
} as const;

/** What the server answers about webhooks (details of 4xx answers, reasons in the delivery log). */
export const WEBHOOK_TEXTS = {
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  tooMany: `A workspace has at most ${WEBHOOK_LIMITS.perWorkspace} webhooks`,
  urlScheme: 'The URL must start with http:// or https://',
  urlCredentials: 'The URL must not contain a user name or password',
  urlInvalid: 'The URL is not valid',
  urlUnresolved: "The URL's host name could not be resolved",
  urlPrivate:
    'The URL points to a private, loopback or link-local address; webhooks may only call public addresses',
  secretLength: `The secret must be ${WEBHOOK_LIMITS.secretMinLength} to ${WEBHOOK_LIMITS.secretMaxLength} characters long`,
  eventsRequired: 'Choose at least one event',
  disabled: 'The webhook is disabled: enable it before redelivering',
  // Reasons recorded in the delivery log.
  timeout: `No answer within ${WEBHOOK_LIMITS.timeoutMs / 1000} seconds`,
  redirect: 'The receiver answered with a redirect, which is not followed',
  status: (status: number) => `The receiver answered HTTP ${status}`,
  webhookDisabled: 'Not sent: the webhook was disabled',
} as const;

const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, WEBHOOK_TEXTS.urlInvalid)
  .max(WEBHOOK_LIMITS.urlMaxLength, WEBHOOK_TEXTS.urlInvalid);
const webhookSecretSchema = z
  .string()
  .min(WEBHOOK_LIMITS.secretMinLength, WEBHOOK_TEXTS.secretLength)
  .max(WEBHOOK_LIMITS.secretMaxLength, WEBHOOK_TEXTS.secretLength);
const webhookEventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, WEBHOOK_TEXTS.eventsRequired)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

/** Body of POST /app/workspaces/{id}/webhooks. */
export const createWebhookRequestSchema = z.object({
  url: webhookUrlSchema,
  secret: webhookSecretSchema,
  events: webhookEventsSchema,
  enabled: z.boolean().optional().default(true),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

/** Body of PATCH /app/workspaces/{id}/webhooks/{webhook_id}: what is given changes (the secret only when given). */
export const updateWebhookRequestSchema = z.object({
  url: webhookUrlSchema.optional(),
  secret: webhookSecretSchema.optional(),
  events: webhookEventsSchema.optional(),
  /** Enabling again starts the count of failed deliveries afresh. */
  enabled: z.boolean().optional(),
});
export type UpdateWebhookRequest = z.infer<typeof updateWebhookRequestSchema>;

/** A webhook as its workspace's admins see it; the secret is never sent back. */
export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why it is off: `failures` when the server turned it off after failed deliveries in a row; else null. */
  disabled_reason: z.enum(['failures']).nullable(),
  /** Deliveries that failed in a row since the last success. */
  failure_count: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookDeliveryStatusSchema = z.enum(['pending', 'succeeded', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/** One delivery of one event to one webhook, with the outcome of its latest try. */
export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  /** The event's id: the body's `id`, the same in a redelivery. */
  event_id: z.uuid(),
  event: webhookEventTypeSchema,
  status: webhookDeliveryStatusSchema,
  /** Tries made so far. */
  attempts: z.number().int(),
  /** When the next try is due (pending deliveries). */
  next_attempt: z.string().nullable(),
  /** The latest try: when, the receiver's HTTP status, how long it took, the start of its answer, the error. */
  last_attempt: z.string().nullable(),
  response_status: z.number().int().nullable(),
  response_time_ms: z.number().int().nullable(),
  response_body: z.string().nullable(),
  last_error: z.string().nullable(),
  /** Sent again by an admin ('redeliver'). */
  redelivery: z.boolean(),
  created: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({
  items: z.array(webhookDeliverySchema),
  count: z.number().int(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const webhookParamsSchema = z.object({ id: dbIdSchema, webhook_id: z.uuid() });
export const webhookDeliveryParamsSchema = webhookParamsSchema.extend({ delivery_id: z.uuid() });
export const webhookDeliveryQuerySchema = z.object({
  page: z.coerce.number().int().positive().max(100_000).optional().default(1),
});

// The body every delivery POSTs (its schema is stable: fields are added, never renamed or removed).

const webhookProjectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  namespace: z.string(),
});
const webhookUserSchema = z.object({ id: z.number().int(), username: z.string() });

const eventBase = {
  /** The event's id (a redelivery sends the same): receivers use it to ignore repeats. */
  id: z.uuid(),
  /** When the event happened (ISO 8601, UTC). */
  created: z.string(),
  workspace: z.object({ id: z.number().int(), name: z.string() }),
  /** Who caused it; null when the server did (e.g. the CLI). */
  actor: webhookUserSchema.nullable(),
};

export const webhookEventSchema = z
  .discriminatedUnion('event', [
    z.object({
      ...eventBase,
      event: z.literal('version.created'),
      data: z.object({
        project: webhookProjectSchema,
        version: z.object({
          name: z.string(),
          created: z.string(),
          changes: z.object({
            added: z.number().int(),
            updated: z.number().int(),
            removed: z.number().int(),
          }),
        }),
      }),
    }),
    z.object({
      ...eventBase,
      event: z.literal('project.created'),
      data: z.object({ project: webhookProjectSchema, cloned_from: webhookProjectSchema.nullable() }),
    }),
    z.object({
      ...eventBase,
      event: z.literal('project.deleted'),
      /** `scheduled`: hidden and restorable until the retention ends; `purged`: gone at once. */
      data: z.object({ project: webhookProjectSchema, mode: z.enum(['scheduled', 'purged']) }),
    }),
    z.object({
      ...eventBase,
      event: z.literal('project.renamed'),
      data: z.object({ project: webhookProjectSchema, previous_name: z.string() }),
    }),
    z.object({
      ...eventBase,
      event: z.literal('access_request.created'),
      data: z.object({ project: webhookProjectSchema, requester: webhookUserSchema }),
    }),
    z.object({
      ...eventBase,
      event: z.literal('member.added'),
      data: z.object({ member: webhookUserSchema, role: workspaceRoleSchema }),
    }),
    z.object({
      ...eventBase,
      event: z.literal('member.removed'),
      data: z.object({ member: webhookUserSchema }),
    }),
  ])
  .describe(
    'The JSON body POSTed to a webhook, signed in the Waymark-Signature header: t=<unix seconds>,v1=<hex HMAC-SHA256 with the secret of "<t>.<body>">',
  );
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
/** What an event carries besides the fields every delivery adds (id, created, workspace). */
export type WebhookEventInput = WebhookEvent extends infer E
  ? E extends WebhookEvent
    ? Omit<E, 'id' | 'created' | 'workspace'>
    : never
  : never;
