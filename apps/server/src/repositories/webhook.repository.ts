import type { WebhookEvent, WebhookEventType } from '@waymark/contract';
import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { projects, webhookDeliveries, webhooks } from '../db/schema.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
/** What one try left in the log. */
export type DeliveryOutcome = {
  status: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: Date | null;
  responseStatus: number | null;
  responseTimeMs: number | null;
  responseBody: string | null;
  lastError: string | null;
};

/**
 * Webhooks and their deliveries (`webhooks`, `webhook_deliveries`). Every change of a delivery's state is one
 * conditional statement, so two job runs (a retry and the sweep, two processes) never send one try twice.
 */
export function createWebhookRepository(db: Db) {
  return {
    async list(workspaceId: number): Promise<WebhookRow[]> {
      return db
        .select()
        .from(webhooks)
        .where(eq(webhooks.workspaceId, workspaceId))
        .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
    },

    async countInWorkspace(workspaceId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(webhooks)
        .where(eq(webhooks.workspaceId, workspaceId));
      return row?.n ?? 0;
    },

    async find(workspaceId: number, id: string): Promise<WebhookRow | undefined> {
      const [row] = await db
        .select()
        .from(webhooks)
        .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.id, id)));
      return row;
    },

    async findById(id: string): Promise<WebhookRow | undefined> {
      const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
      return row;
    },

    async insert(row: typeof webhooks.$inferInsert): Promise<WebhookRow> {
      const [inserted] = await db.insert(webhooks).values(row).returning();
      if (!inserted) throw new Error('webhook not inserted');
      return inserted;
    },

    async update(
      id: string,
      patch: Partial<
        Pick<WebhookRow, 'url' | 'secret' | 'events' | 'enabled' | 'disabledReason' | 'failureCount'>
      >,
    ): Promise<WebhookRow | undefined> {
      const [row] = await db
        .update(webhooks)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(webhooks.id, id))
        .returning();
      return row;
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
      return rows.length > 0;
    },

    /** Whether an enabled webhook of the workspace (or of the project's workspace) takes the event. */
    async subscribed(where: { workspaceId: number } | { projectId: string }, event: WebhookEventType) {
      const workspace =
        'workspaceId' in where
          ? sql`${where.workspaceId}`
          : sql`(SELECT workspace_id FROM ${projects} WHERE id = ${where.projectId})`;
      const result = (await db.execute(sql`
        SELECT 1 FROM ${webhooks} w
        WHERE w.workspace_id = ${workspace} AND w.enabled AND ${event} = ANY(w.events) LIMIT 1`)) as unknown as {
        rows: unknown[];
      };
      return result.rows.length > 0;
    },

    /**
     * One pending delivery of the event for every enabled webhook of the workspace subscribed to it, due now. Call
     * it in the transaction that makes the event happen. Answers the new deliveries' ids.
     */
    async enqueue(workspaceId: number, event: WebhookEvent): Promise<string[]> {
      const result = (await db.execute(sql`
        INSERT INTO ${webhookDeliveries} (id, webhook_id, event_id, event, payload, next_attempt_at)
        SELECT gen_random_uuid(), w.id, ${event.id}::uuid, ${event.event}, ${JSON.stringify(event)}, now()
        FROM ${webhooks} w
        WHERE w.workspace_id = ${workspaceId} AND w.enabled AND ${event.event} = ANY(w.events)
        RETURNING id`)) as unknown as { rows: Array<{ id: string }> };
      return result.rows.map((row) => row.id);
    },

    /**
     * Claims a pending delivery whose try is due: one more attempt, and due again only after `leaseMs` (a try lost
     * with its process is retried then). Undefined when it is not due, done, or claimed by another run.
     */
    async claim(id: string, now: Date, leaseMs: number): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          lastAttemptAt: now,
          nextAttemptAt: new Date(now.getTime() + leaseMs),
        })
        .where(
          and(
            eq(webhookDeliveries.id, id),
            eq(webhookDeliveries.status, 'pending'),
            lte(webhookDeliveries.nextAttemptAt, now),
          ),
        )
        .returning();
      return row;
    },

    async recordOutcome(id: string, outcome: DeliveryOutcome): Promise<void> {
      await db.update(webhookDeliveries).set(outcome).where(eq(webhookDeliveries.id, id));
    },

    /** A success: the webhook's count of failed deliveries starts again. */
    async resetFailures(webhookId: string): Promise<void> {
      await db
        .update(webhooks)
        .set({ failureCount: 0 })
        .where(and(eq(webhooks.id, webhookId), sql`${webhooks.failureCount} <> 0`));
    },

    /**
     * A delivery failed for good: counts it, and turns the webhook off when `disableAfter` failed in a row. Answers
     * the webhook when this call turned it off (once, however many runs fail at the same time).
     */
    async countFailure(webhookId: string, disableAfter: number): Promise<WebhookRow | undefined> {
      const [counted] = await db
        .update(webhooks)
        .set({ failureCount: sql`${webhooks.failureCount} + 1` })
        .where(eq(webhooks.id, webhookId))
        .returning({ failureCount: webhooks.failureCount });
      if (!counted || counted.failureCount < disableAfter) return undefined;
      const [disabled] = await db
        .update(webhooks)
        .set({ enabled: false, disabledReason: 'failures', updatedAt: sql`now()` })
        .where(and(eq(webhooks.id, webhookId), eq(webhooks.enabled, true)))
        .returning();
      return disabled;
    },

    /** The pending deliveries of a webhook turned off fail with `reason`. */
    async failPending(webhookId: string, reason: string): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', nextAttemptAt: null, lastError: reason })
        .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, 'pending')));
    },

    /** Ids of pending deliveries due by `now` (for the sweep), oldest first. */
    async due(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** A page of a webhook's deliveries, newest first, and how many it has. */
    async deliveries(
      webhookId: string,
      page: number,
      perPage: number,
    ): Promise<{ rows: WebhookDeliveryRow[]; count: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.webhookId, webhookId))
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    async findDelivery(webhookId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, id)));
      return row;
    },

    /** The same event (id and body) to the same webhook again, due now. */
    async insertRedelivery(id: string, of: WebhookDeliveryRow): Promise<WebhookDeliveryRow> {
      const [row] = await db
        .insert(webhookDeliveries)
        .values({
          id,
          webhookId: of.webhookId,
          eventId: of.eventId,
          event: of.event,
          payload: of.payload,
          redelivery: true,
          nextAttemptAt: sql`now()`,
        })
        .returning();
      if (!row) throw new Error('redelivery not inserted');
      return row;
    },
  };
}

export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
