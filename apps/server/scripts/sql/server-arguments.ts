import type { PlaceholderArguments } from './arguments.ts';
import { AT, NEW_WEBHOOK_ID, REDELIVERY_ID, type Seeded, WEBHOOK_ID, webhookEvent } from './seed.ts';

/** The placeholder arguments of the repositories of the server's settings, usage and health, and of webhooks. */
export function serverArguments(
  seeded: Seeded,
): Pick<PlaceholderArguments, 'serverSettings' | 'usage' | 'usageSnapshots' | 'health' | 'webhooks'> {
  const { ownerId, workspaceId, projectId, delivery } = seeded;
  return {
    serverSettings: {
      get: ['maintenance'],
      setIfMissing: ['maintenance', false],
      set: ['maintenance', true, ownerId],
    },
    usage: {
      editorsCount: [],
      serverUsage: [AT],
    },
    usageSnapshots: {
      insert: [{ users: 2 }, AT],
      latestAt: [],
      page: { first: [AT, AT, 10, undefined], 'after one': [AT, AT, 10, 1] },
      figures: [AT],
    },
    health: {
      ping: [],
    },
    webhooks: {
      list: [workspaceId],
      countInWorkspace: [workspaceId],
      find: [workspaceId, WEBHOOK_ID],
      findById: [WEBHOOK_ID],
      insert: [
        {
          id: NEW_WEBHOOK_ID,
          workspaceId,
          url: 'https://example.com/other',
          secret: 'secret',
          events: ['version.created'],
          createdBy: ownerId,
        },
      ],
      update: [WEBHOOK_ID, { enabled: false, disabledReason: null }],
      delete: [WEBHOOK_ID],
      subscribed: {
        workspace: [{ workspaceId }, 'project.created'],
        project: [{ projectId }, 'project.created'],
      },
      enqueue: [workspaceId, webhookEvent(workspaceId, projectId)],
      claim: [delivery.id, AT, 60_000],
      recordOutcome: [
        delivery.id,
        {
          status: 'succeeded',
          nextAttemptAt: null,
          responseStatus: 200,
          responseTimeMs: 5,
          responseBody: '',
          lastError: null,
        },
      ],
      resetFailures: [WEBHOOK_ID],
      countFailure: [WEBHOOK_ID, 5],
      failPending: [WEBHOOK_ID, 'turned off'],
      due: [AT, 10],
      deliveries: [WEBHOOK_ID, 1, 20],
      findDelivery: [WEBHOOK_ID, delivery.id],
      insertRedelivery: [REDELIVERY_ID, delivery],
    },
  };
}
