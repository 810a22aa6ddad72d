import { WEBHOOK_EVENTS, WEBHOOK_LIMITS, type WebhookEventType } from '@waymark/contract';
import { z } from 'zod';
import { readErrorDetail } from '../../lib/api/apiErrors.ts';
import type { ServerFormError } from '../../lib/forms/serverFormErrors.ts';
import { tWebhooks } from '../../i18n/webhooks.ts';

const { secretMinLength: min, secretMaxLength: max } = WEBHOOK_LIMITS;

/**
 * The add and edit form of a webhook. Editing leaves the secret empty to keep it; adding needs one. The server
 * judges the address itself (public addresses only, unless allowed) and its message shows under the field.
 */
export function webhookFormSchema(isEdit: boolean) {
  const secretLength = tWebhooks('form.secretLength', { min, max });
  return z.object({
    url: z
      .string()
      .trim()
      .min(1, tWebhooks('form.urlRequired'))
      .regex(/^https?:\/\/\S+$/i, tWebhooks('form.urlInvalid')),
    secret: isEdit
      ? z
          .string()
          .refine((value) => value === '' || (value.length >= min && value.length <= max), secretLength)
      : z.string().min(min, secretLength).max(max, secretLength),
    events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, tWebhooks('form.eventsRequired')),
    enabled: z.boolean(),
  });
}
export type WebhookFormValues = z.infer<ReturnType<typeof webhookFormSchema>>;
export const WEBHOOK_FORM_FIELDS = ['url', 'secret', 'events'] as const;

/** A random secret of 32 bytes as 64 hex digits (the browser's cryptographic random numbers). */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The label of an event type in the catalogue. */
export function eventLabel(event: WebhookEventType): string {
  return tWebhooks(`events.${event}`);
}

/** A refused save: the server's reason under the field it is about, else for the whole form. */
export function resolveWebhookFormError(error: unknown, fallback: string): ServerFormError {
  const detail = readErrorDetail(error);
  if (!detail) return { kind: 'message', message: fallback };
  if (/^the url/i.test(detail)) return { kind: 'fields', fields: { url: detail } };
  if (/secret/i.test(detail)) return { kind: 'fields', fields: { secret: detail } };
  if (/event/i.test(detail)) return { kind: 'fields', fields: { events: detail } };
  return { kind: 'message', message: detail };
}
