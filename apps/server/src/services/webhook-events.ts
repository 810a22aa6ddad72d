import { randomUUID } from 'node:crypto';
import type { WebhookEvent, WebhookEventType } from '@waymark/contract';
import type { Repositories } from '../repositories/repositories.ts';
import type { ProjectWithWorkspace } from '../repositories/project-rows.ts';

/** The data of an event of type T (what its cause describes; the delivery adds id, time, workspace and actor). */
export type WebhookEventDataOf<T extends WebhookEventType> = Extract<WebhookEvent, { event: T }>['data'];
type EventActor = { id: number; username: string } | null;

/** The project as events name it. */
export function webhookProject(row: ProjectWithWorkspace) {
  return { id: row.project.id, name: row.project.name, namespace: row.workspace.name };
}

async function enqueue<T extends WebhookEventType>(
  tx: Repositories,
  workspace: { id: number; name: string },
  actorId: number | null,
  type: T,
  describe: (actor: EventActor) => WebhookEventDataOf<T>,
): Promise<void> {
  const user = actorId === null ? undefined : await tx.users.findById(actorId);
  const actor = user ? { id: user.id, username: user.username } : null;
  const payload = {
    id: randomUUID(),
    event: type,
    created: new Date().toISOString(),
    workspace: { id: workspace.id, name: workspace.name },
    actor,
    data: describe(actor),
  } as WebhookEvent;
  await tx.webhooks.enqueue(workspace.id, payload);
}

/**
 * Records an event of a workspace for its webhooks, in the caller's transaction `tx`: one pending delivery per
 * enabled webhook subscribed to it. The deliveries are sent once the transaction has committed (the repositories'
 * `webhookDeliveriesQueued` hook), and never when it rolled back. One query when no webhook takes the event.
 */
export async function emitWebhookEvent<T extends WebhookEventType>(
  tx: Repositories,
  workspace: { id: number; name: string },
  actorId: number | null,
  type: T,
  describe: (actor: EventActor) => WebhookEventDataOf<T>,
): Promise<void> {
  if (!(await tx.webhooks.subscribed({ workspaceId: workspace.id }, type))) return;
  await enqueue(tx, workspace, actorId, type, describe);
}

/** `emitWebhookEvent` for an event of a project known by id: the project is read only when a webhook takes it. */
export async function emitProjectWebhookEvent<T extends WebhookEventType>(
  tx: Repositories,
  projectId: string,
  actorId: number | null,
  type: T,
  describe: (row: ProjectWithWorkspace, actor: EventActor) => WebhookEventDataOf<T>,
): Promise<void> {
  if (!(await tx.webhooks.subscribed({ projectId }, type))) return;
  const row = await tx.projects.findById(projectId);
  if (!row) return;
  await enqueue(tx, row.workspace, actorId, type, (actor) => describe(row, actor));
}

/** `emitWebhookEvent` for a workspace known by id: it is read only when a webhook takes the event. */
export async function emitWorkspaceWebhookEvent<T extends WebhookEventType>(
  tx: Repositories,
  workspaceId: number,
  actorId: number | null,
  type: T,
  describe: (actor: EventActor) => WebhookEventDataOf<T>,
): Promise<void> {
  if (!(await tx.webhooks.subscribed({ workspaceId }, type))) return;
  const workspace = await tx.workspaces.findById(workspaceId);
  if (!workspace) return;
  await enqueue(tx, workspace, actorId, type, describe);
}
