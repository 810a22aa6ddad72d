import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@waymark/contract';
import type { CallContext, MatrixRow } from './authorization-matrix.rows.ts';

/** A public address literal: saving it needs no DNS, and nothing is ever sent there (the matrix runs no jobs). */
const PUBLIC_URL = 'http://93.184.215.14/hook';

/** A webhook of the matrix's workspace of the call's own, written below the services. */
async function webhookOfItsOwn({ world }: CallContext): Promise<string> {
  const row = await world.server.repos.webhooks.insert({
    id: randomUUID(),
    workspaceId: world.workspaceId,
    url: PUBLIC_URL,
    secret: 'matrix-secret-0123456789',
    events: ['member.added'],
  });
  return row.id;
}

/** A webhook and one delivery of it. */
async function deliveryOfItsOwn(ctx: CallContext): Promise<{ webhook: string; delivery: string }> {
  const webhook = await webhookOfItsOwn(ctx);
  const payload = {
    id: randomUUID(),
    event: 'member.added',
    created: new Date().toISOString(),
    workspace: { id: ctx.world.workspaceId, name: 'matrix' },
    actor: null,
    data: { member: { id: 1, username: 'someone' }, role: 'reader' },
  } satisfies WebhookEvent;
  // Every webhook of the workspace taking the event gets one (other rows' too): this webhook's is the one.
  await ctx.world.server.repos.webhooks.enqueue(ctx.world.workspaceId, payload);
  const { rows } = await ctx.world.server.repos.webhooks.deliveries(webhook, 1, 1);
  return { webhook, delivery: rows[0]?.id ?? '' };
}

/** Workspace admins and superusers only. */
const ADMINS_ONLY = (ok: number) => [401, 403, 403, 403, 403, 403, ok, 403, ok] as const;

/**
 * Rows of the webhook routes (issue 29): a workspace's admins and superusers only. Same columns as
 * authorization-matrix.rows.ts: anonymous, stranger, reader, editor, writer, owner, wsAdmin, wsGuest, superuser.
 */
export const WEBHOOK_ROWS: MatrixRow[] = [
  {
    route: 'GET /app/workspaces/{id}/webhooks',
    target: 'none',
    expect: { any: ADMINS_ONLY(200) },
    call: ({ client, world }) => client.get(`/app/workspaces/${world.workspaceId}/webhooks`),
  },
  {
    route: 'POST /app/workspaces/{id}/webhooks',
    target: 'none',
    expect: { any: ADMINS_ONLY(201) },
    call: ({ client, world }) =>
      client.post(`/app/workspaces/${world.workspaceId}/webhooks`, {
        url: PUBLIC_URL,
        secret: 'matrix-secret-0123456789',
        events: ['project.created'],
        enabled: false,
      }),
  },
  {
    route: 'PATCH /app/workspaces/{id}/webhooks/{webhook_id}',
    target: 'none',
    expect: { any: ADMINS_ONLY(200) },
    call: async (ctx) =>
      ctx.client.request(
        'PATCH',
        `/app/workspaces/${ctx.world.workspaceId}/webhooks/${await webhookOfItsOwn(ctx)}`,
        { events: ['project.deleted'] },
      ),
  },
  {
    route: 'DELETE /app/workspaces/{id}/webhooks/{webhook_id}',
    target: 'none',
    expect: { any: ADMINS_ONLY(204) },
    call: async (ctx) =>
      ctx.client.request(
        'DELETE',
        `/app/workspaces/${ctx.world.workspaceId}/webhooks/${await webhookOfItsOwn(ctx)}`,
      ),
  },
  {
    route: 'GET /app/workspaces/{id}/webhooks/{webhook_id}/deliveries',
    target: 'none',
    expect: { any: ADMINS_ONLY(200) },
    call: async (ctx) =>
      ctx.client.get(
        `/app/workspaces/${ctx.world.workspaceId}/webhooks/${await webhookOfItsOwn(ctx)}/deliveries`,
      ),
  },
  {
    route: 'POST /app/workspaces/{id}/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver',
    target: 'none',
    expect: { any: ADMINS_ONLY(201) },
    call: async (ctx) => {
      const { webhook, delivery } = await deliveryOfItsOwn(ctx);
      return ctx.client.post(
        `/app/workspaces/${ctx.world.workspaceId}/webhooks/${webhook}/deliveries/${delivery}/redeliver`,
      );
    },
  },
];
