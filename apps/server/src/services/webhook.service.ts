import { randomUUID } from 'node:crypto';
import {
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  WEBHOOK_LIMITS,
  WEBHOOK_TEXTS,
  WORKSPACE_MEMBER_TEXTS,
} from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import { conflict, forbidden, invalid, notFound } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { isPublicAddress, resolveAll } from '../lib/public-address.ts';
import { canManageWebhooks } from '../policies/webhook.policy.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import { presentWebhook, presentWebhookDelivery } from '../presenters/webhook.presenter.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { WebhookRow } from '../repositories/webhook.repository.ts';
import { workspaceRoleOf } from './project-access.ts';

/**
 * A workspace's webhooks, for its admins: list, add, change, remove, the delivery log and 'redeliver'. A URL is
 * checked when saved (http or https, no credentials, a host resolving to public addresses only unless
 * WEBHOOK_ALLOW_PRIVATE_ADDRESSES) and again at every delivery (the address may have changed since).
 */
export function createWebhookService(deps: { config: AppConfig; log: Logger; repos: Repositories }) {
  const { config, log, repos } = deps;

  async function requireAdmin(actor: NonNullable<Actor>, workspaceId: number): Promise<void> {
    const workspace = await repos.workspaces.findById(workspaceId);
    if (!workspace) throw notFound(WORKSPACE_MEMBER_TEXTS.workspaceNotFound);
    const role = await workspaceRoleOf({ config, workspaces: repos.workspaces }, actor, workspaceId);
    if (!canManageWebhooks(role)) throw forbidden(WORKSPACE_MEMBER_TEXTS.noAdmin);
  }

  async function requireWebhook(
    actor: NonNullable<Actor>,
    workspaceId: number,
    id: string,
  ): Promise<WebhookRow> {
    await requireAdmin(actor, workspaceId);
    const webhook = await repos.webhooks.find(workspaceId, id);
    if (!webhook) throw notFound(WEBHOOK_TEXTS.notFound);
    return webhook;
  }

  /** The URL as stored, after the checks of a saved URL (400 with the reason otherwise). */
  async function checkedUrl(raw: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw invalid(WEBHOOK_TEXTS.urlInvalid);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(WEBHOOK_TEXTS.urlScheme);
    if (url.username || url.password) throw invalid(WEBHOOK_TEXTS.urlCredentials);
    let addresses: string[];
    try {
      addresses = await resolveAll(url.hostname);
    } catch {
      throw invalid(WEBHOOK_TEXTS.urlUnresolved);
    }
    if (addresses.length === 0) throw invalid(WEBHOOK_TEXTS.urlUnresolved);
    if (!config.webhooks.allowPrivateAddresses && !addresses.every(isPublicAddress)) {
      throw invalid(WEBHOOK_TEXTS.urlPrivate);
    }
    return url.toString();
  }

  return {
    async list(actor: NonNullable<Actor>, workspaceId: number): Promise<Webhook[]> {
      await requireAdmin(actor, workspaceId);
      return (await repos.webhooks.list(workspaceId)).map(presentWebhook);
    },

    async create(
      actor: NonNullable<Actor>,
      workspaceId: number,
      request: CreateWebhookRequest,
    ): Promise<Webhook> {
      await requireAdmin(actor, workspaceId);
      if ((await repos.webhooks.countInWorkspace(workspaceId)) >= WEBHOOK_LIMITS.perWorkspace) {
        throw conflict(WEBHOOK_TEXTS.tooMany);
      }
      const url = await checkedUrl(request.url);
      const row = await repos.webhooks.insert({
        id: randomUUID(),
        workspaceId,
        url,
        secret: request.secret,
        events: request.events,
        enabled: request.enabled,
        createdBy: actor.id,
      });
      log.info({ by: actor.id, workspaceId, webhookId: row.id }, 'webhook added');
      return presentWebhook(row);
    },

    async update(
      actor: NonNullable<Actor>,
      workspaceId: number,
      id: string,
      request: UpdateWebhookRequest,
    ): Promise<Webhook> {
      const current = await requireWebhook(actor, workspaceId, id);
      const url = request.url === undefined ? undefined : await checkedUrl(request.url);
      const enabling = request.enabled === true && !current.enabled;
      const row = await repos.webhooks.update(id, {
        ...(url !== undefined ? { url } : {}),
        ...(request.secret !== undefined ? { secret: request.secret } : {}),
        ...(request.events !== undefined ? { events: request.events } : {}),
        ...(request.enabled !== undefined ? { enabled: request.enabled } : {}),
        ...(request.enabled !== undefined ? { disabledReason: null } : {}),
        ...(enabling ? { failureCount: 0 } : {}),
      });
      if (!row) throw notFound(WEBHOOK_TEXTS.notFound);
      if (request.enabled === false) await repos.webhooks.failPending(id, WEBHOOK_TEXTS.webhookDisabled);
      log.info({ by: actor.id, workspaceId, webhookId: id }, 'webhook changed');
      return presentWebhook(row);
    },

    async remove(actor: NonNullable<Actor>, workspaceId: number, id: string): Promise<void> {
      await requireWebhook(actor, workspaceId, id);
      await repos.webhooks.delete(id);
      log.info({ by: actor.id, workspaceId, webhookId: id }, 'webhook removed');
    },

    async deliveries(
      actor: NonNullable<Actor>,
      workspaceId: number,
      id: string,
      page: number,
    ): Promise<WebhookDeliveryList> {
      await requireWebhook(actor, workspaceId, id);
      const { rows, count } = await repos.webhooks.deliveries(id, page, WEBHOOK_LIMITS.deliveriesPerPage);
      return { items: rows.map(presentWebhookDelivery), count };
    },

    /** The delivery's event again (same id and body) as a new delivery, sent at once; refused while disabled. */
    async redeliver(
      actor: NonNullable<Actor>,
      workspaceId: number,
      id: string,
      deliveryId: string,
    ): Promise<WebhookDelivery> {
      const webhook = await requireWebhook(actor, workspaceId, id);
      const delivery = await repos.webhooks.findDelivery(id, deliveryId);
      if (!delivery) throw notFound(WEBHOOK_TEXTS.deliveryNotFound);
      if (!webhook.enabled) throw conflict(WEBHOOK_TEXTS.disabled);
      const row = await repos.webhooks.insertRedelivery(randomUUID(), delivery);
      log.info({ by: actor.id, workspaceId, webhookId: id, deliveryId: row.id }, 'webhook redelivery');
      return presentWebhookDelivery(row);
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
