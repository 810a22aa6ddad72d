import { createHmac } from 'node:crypto';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_LIMITS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TEXTS,
} from '@waymark/contract';
import { z } from 'zod';
import type { AppConfig } from '../config.ts';
import { WEBHOOK_DELIVERY_JOB } from '../jobs/job-names.ts';
import type { JobSender } from '../jobs/queue.ts';
import { APP_VERSION } from '../lib/app-version.ts';
import type { Logger } from '../lib/logger.ts';
import { postWebhook, WebhookRequestError, type WebhookResponse } from '../lib/webhook-request.ts';
import type { Mailer } from '../mail/mailer.ts';
import { webhookDisabledMail } from '../mail/templates/webhook-disabled.mail.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { WebhookDeliveryRow, WebhookRow } from '../repositories/webhook.repository.ts';

const jobDataSchema = z.object({ deliveryId: z.uuid() });

/** How long a claimed try keeps others off its delivery: its time limit and a margin. */
const CLAIM_LEASE_MS = WEBHOOK_LIMITS.timeoutMs + 50_000;
/** Due deliveries the sweep sends at most per run (the rest at its next run). */
const SWEEP_BATCH = 500;

/** `Waymark-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>` (as Stripe signs). */
export function webhookSignature(secret: string, body: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * Sends webhook deliveries, one try per `webhook-delivery` job: a 2xx answer is a success; anything else is
 * tried again after WEBHOOK_RETRY_DELAY_SECONDS, doubling, WEBHOOK_RETRY_LIMIT times; a delivery whose tries all
 * failed counts against its webhook, which is turned off after WEBHOOK_DISABLE_AFTER such deliveries in a row
 * (the workspace's admins get a mail). Deliveries live in the database: the sweep sends the job again for every
 * delivery due, so none is lost with a job or a process.
 */
export function createWebhookDeliveryService(deps: {
  config: AppConfig;
  log: Logger;
  repos: Repositories;
  jobs: JobSender;
  mailer: Mailer;
}) {
  const { config, log, repos, jobs, mailer } = deps;
  const settings = config.webhooks;
  const userAgent = `Waymark-Webhook/${APP_VERSION}`;

  async function schedule(ids: string[], delayMs?: number): Promise<void> {
    for (const id of ids) {
      try {
        await jobs.send(WEBHOOK_DELIVERY_JOB, { deliveryId: id } satisfies z.infer<typeof jobDataSchema>, {
          singletonKey: id,
          ...(delayMs !== undefined ? { startAfterSeconds: Math.max(1, Math.ceil(delayMs / 1000)) } : {}),
        });
      } catch (error) {
        log.warn({ err: error, deliveryId: id }, 'webhook job not sent; the sweep sends it');
      }
    }
  }

  async function attempt(
    webhook: WebhookRow,
    delivery: WebhookDeliveryRow,
  ): Promise<{ response?: WebhookResponse; error?: string }> {
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const response = await postWebhook({
        url: webhook.url,
        body: delivery.payload,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': userAgent,
          [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(webhook.secret, delivery.payload, timestamp),
          [WEBHOOK_EVENT_HEADER]: delivery.event,
          [WEBHOOK_DELIVERY_HEADER]: delivery.id,
        },
        allowPrivate: settings.allowPrivateAddresses,
        timeoutMs: WEBHOOK_LIMITS.timeoutMs,
        maxBodyBytes: WEBHOOK_LIMITS.responseBodyBytes,
        texts: { refusedAddress: WEBHOOK_TEXTS.urlPrivate, timeout: WEBHOOK_TEXTS.timeout },
      });
      if (response.status >= 200 && response.status < 300) return { response };
      const error =
        response.status >= 300 && response.status < 400
          ? WEBHOOK_TEXTS.redirect
          : WEBHOOK_TEXTS.status(response.status);
      return { response, error };
    } catch (error) {
      if (error instanceof WebhookRequestError) return { error: error.message };
      throw error;
    }
  }

  /** The webhook was turned off after failures: its pending deliveries fail, its workspace's admins hear of it. */
  async function disabled(webhook: WebhookRow, lastError: string | null): Promise<void> {
    await repos.webhooks.failPending(webhook.id, WEBHOOK_TEXTS.webhookDisabled);
    const workspace = await repos.workspaces.findById(webhook.workspaceId);
    const admins = (await repos.workspaces.members(webhook.workspaceId)).filter(
      (member) => member.role === 'admin' || member.role === 'owner',
    );
    log.warn(
      { webhookId: webhook.id, workspaceId: webhook.workspaceId, failures: webhook.failureCount },
      'webhook turned off after failed deliveries',
    );
    for (const admin of admins) {
      await mailer.send({
        to: admin.email,
        ...webhookDisabledMail({
          recipient: admin.username,
          workspace: workspace?.name ?? String(webhook.workspaceId),
          url: webhook.url,
          failures: webhook.failureCount,
          lastError,
          link: `${config.publicUrl}/workspace/webhooks`,
        }),
      });
    }
  }

  return {
    /** Deliveries just committed: sent now (the write hook of the repositories calls this). */
    queued(ids: string[]): void {
      void schedule(ids);
    },

    /** One try of one delivery (the `webhook-delivery` job); nothing when it is not due or already claimed. */
    async deliver(data: unknown): Promise<void> {
      const parsed = jobDataSchema.safeParse(data);
      if (!parsed.success) {
        log.error({ issues: parsed.error.issues }, 'webhook job without a delivery id; dropped');
        return;
      }
      const now = new Date();
      const delivery = await repos.webhooks.claim(parsed.data.deliveryId, now, CLAIM_LEASE_MS);
      if (!delivery) return;
      const webhook = await repos.webhooks.findById(delivery.webhookId);
      if (!webhook) return;
      if (!webhook.enabled) {
        await repos.webhooks.recordOutcome(delivery.id, {
          status: 'failed',
          nextAttemptAt: null,
          responseStatus: null,
          responseTimeMs: null,
          responseBody: null,
          lastError: WEBHOOK_TEXTS.webhookDisabled,
        });
        return;
      }
      const { response, error } = await attempt(webhook, delivery);
      const answer = {
        responseStatus: response?.status ?? null,
        responseTimeMs: response?.timeMs ?? null,
        responseBody: response?.body ?? null,
      };
      if (error === undefined) {
        await repos.webhooks.recordOutcome(delivery.id, {
          status: 'succeeded',
          nextAttemptAt: null,
          ...answer,
          lastError: null,
        });
        await repos.webhooks.resetFailures(webhook.id);
        return;
      }
      // `attempts` counts this try: the first retry waits the delay, each next one twice as long.
      if (delivery.attempts <= settings.retryLimit) {
        const delayMs = settings.retryDelayMs * 2 ** (delivery.attempts - 1);
        await repos.webhooks.recordOutcome(delivery.id, {
          status: 'pending',
          nextAttemptAt: new Date(Date.now() + delayMs),
          ...answer,
          lastError: error,
        });
        await schedule([delivery.id], delayMs);
        return;
      }
      await repos.webhooks.recordOutcome(delivery.id, {
        status: 'failed',
        nextAttemptAt: null,
        ...answer,
        lastError: error,
      });
      const turnedOff = await repos.webhooks.countFailure(webhook.id, settings.disableAfter);
      if (turnedOff) await disabled(turnedOff, error);
    },

    /** Sends the job again for every delivery due (lost jobs, a crash during a try); every minute and at start. */
    async sweep(now = new Date()): Promise<number> {
      const ids = await repos.webhooks.due(now, SWEEP_BATCH);
      await schedule(ids);
      return ids.length;
    },
  };
}

export type WebhookDeliveryService = ReturnType<typeof createWebhookDeliveryService>;
