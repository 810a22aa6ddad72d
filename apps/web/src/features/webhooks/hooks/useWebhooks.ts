import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookRequest, UpdateWebhookRequest, Webhook } from '@waymark/contract';
import { useState } from 'react';
import { readFormLevelMessage } from '../../../lib/forms/serverFormErrors.ts';
import { notify } from '../../../lib/notifications.ts';
import { resolveWebhookFormError } from '../webhookForm.ts';
import { tWebhooks } from '../../../i18n/webhooks.ts';
import {
  createWebhook,
  deleteWebhook,
  fetchWebhookDeliveries,
  fetchWebhooks,
  redeliverWebhook,
  updateWebhook,
} from '../api/webhooksApi.ts';

const webhooksKey = (workspaceId: number) => ['webhooks', workspaceId] as const;
const deliveriesKey = (workspaceId: number, webhookId: string) =>
  [...webhooksKey(workspaceId), 'deliveries', webhookId] as const;

/** How often an open delivery log looks again while a delivery is pending (ms). */
const PENDING_POLL_MS = 2000;

/** A workspace's webhooks, and adding, changing and deleting them. */
export function useWebhooks(workspaceId: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: webhooksKey(workspaceId),
    queryFn: () => fetchWebhooks(workspaceId),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksKey(workspaceId) });

  const create = useMutation({
    mutationFn: (body: CreateWebhookRequest) => createWebhook(workspaceId, body),
    onSuccess: refresh,
    meta: {
      readErrorMessage: readFormLevelMessage((error) =>
        resolveWebhookFormError(error, tWebhooks('form.createFailed')),
      ),
    },
  });
  const update = useMutation({
    mutationFn: ({ webhook, body }: { webhook: Webhook; body: UpdateWebhookRequest }) =>
      updateWebhook(workspaceId, webhook.id, body),
    onSuccess: refresh,
    meta: {
      readErrorMessage: readFormLevelMessage((error) =>
        resolveWebhookFormError(error, tWebhooks('form.saveFailed')),
      ),
    },
  });
  const remove = useMutation({
    mutationFn: (webhook: Webhook) => deleteWebhook(workspaceId, webhook.id),
    onSuccess: refresh,
    meta: { errorMessage: tWebhooks('remove.failed') },
  });
  return { query, create, update, remove };
}

export type WebhooksState = ReturnType<typeof useWebhooks>;

/** One webhook's delivery log (pages newest first, polled while a delivery waits) and 'redeliver'. */
export function useWebhookDeliveries(workspaceId: number, webhook: Webhook) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const key = deliveriesKey(workspaceId, webhook.id);
  const query = useQuery({
    queryKey: [...key, page],
    queryFn: () => fetchWebhookDeliveries(workspaceId, webhook.id, page),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.items.some((item) => item.status === 'pending') ? PENDING_POLL_MS : false,
    meta: { errorMessage: tWebhooks('deliveries.loadError') },
  });
  const redeliver = useMutation({
    mutationFn: (deliveryId: string) => redeliverWebhook(workspaceId, webhook.id, deliveryId),
    onSuccess: async () => {
      notify.success(tWebhooks('deliveries.redelivered'));
      setPage(1);
      await queryClient.invalidateQueries({ queryKey: key });
    },
    meta: { errorMessage: tWebhooks('deliveries.redeliverFailed') },
  });
  return { query, page, setPage, redeliver };
}
