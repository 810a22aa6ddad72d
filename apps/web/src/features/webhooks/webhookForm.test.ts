import { WEBHOOK_EVENTS, WEBHOOK_TEXTS } from '@waymark/contract';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { tWebhooks } from '../../i18n/webhooks.ts';
import { eventLabel, generateSecret, resolveWebhookFormError, webhookFormSchema } from './webhookForm.ts';

function refusal(status: number, detail: string): AxiosError {
  const response = {
    status,
    data: { detail },
    headers: new AxiosHeaders(),
    statusText: '',
    config: {},
  } as AxiosResponse;
  return new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, response);
}

const valid = {
  url: 'https://hooks.example.org/in',
  secret: 'a'.repeat(16),
  events: ['member.added'],
  enabled: true,
};

describe('the webhook form', () => {
  it('needs an http(s) address, a secret of 16 to 200 characters when adding, and an event', () => {
    const adding = webhookFormSchema(false);
    expect(adding.safeParse(valid).success).toBe(true);
    const issue = (values: object) => adding.safeParse({ ...valid, ...values }).error?.issues[0]?.message;
    expect(issue({ url: ' ' })).toBe(tWebhooks('form.urlRequired'));
    expect(issue({ url: 'ftp://example.org' })).toBe(tWebhooks('form.urlInvalid'));
    expect(issue({ secret: 'short' })).toBe(tWebhooks('form.secretLength', { min: 16, max: 200 }));
    expect(issue({ events: [] })).toBe(tWebhooks('form.eventsRequired'));
  });

  it('keeps the secret when editing with the field left empty', () => {
    const editing = webhookFormSchema(true);
    expect(editing.safeParse({ ...valid, secret: '' }).success).toBe(true);
    expect(editing.safeParse({ ...valid, secret: 'short' }).success).toBe(false);
  });

  it('puts the server’s reason under the field it is about', () => {
    expect(resolveWebhookFormError(refusal(400, WEBHOOK_TEXTS.urlPrivate), 'fallback')).toEqual({
      kind: 'fields',
      fields: { url: WEBHOOK_TEXTS.urlPrivate },
    });
    expect(resolveWebhookFormError(refusal(400, WEBHOOK_TEXTS.secretLength), 'fallback')).toEqual({
      kind: 'fields',
      fields: { secret: WEBHOOK_TEXTS.secretLength },
    });
    expect(resolveWebhookFormError(refusal(409, WEBHOOK_TEXTS.tooMany), 'fallback')).toEqual({
      kind: 'message',
      message: WEBHOOK_TEXTS.tooMany,
    });
    expect(resolveWebhookFormError(new Error('offline'), 'fallback')).toEqual({
      kind: 'message',
      message: 'fallback',
    });
  });

  it('generates 64 hex digits, different each time, and names every event', () => {
    const first = generateSecret();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(generateSecret()).not.toBe(first);
    for (const event of WEBHOOK_EVENTS) expect(eventLabel(event)).not.toContain('events.');
  });
});
