import type { Webhook } from '@waymark/contract';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LoadingStatus } from '../../../ui/LoadingStatus.tsx';
import { ListLoadError } from '../../../ui/ListLoadError.tsx';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { tWebhooks } from '../../../i18n/webhooks.ts';
import { useWebhooks } from '../hooks/useWebhooks.ts';
import { WebhookDeliveriesDialog } from './WebhookDeliveriesDialog.tsx';
import { WebhookFormDialog } from './WebhookFormDialog.tsx';
import { WebhookList } from './WebhookList.tsx';
import '../webhooks.css';

type FormState = { isOpen: false } | { isOpen: true; webhook: Webhook | null };

/** A workspace's webhooks: the list, Add, Edit, Delete and each one's delivery log. */
export function WebhooksCard({ workspaceId }: { workspaceId: number }) {
  const webhooks = useWebhooks(workspaceId);
  const isReadOnly = useIsMaintenance();
  const [form, setForm] = useState<FormState>({ isOpen: false });
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const { query } = webhooks;
  const list = query.data ?? [];
  // The log follows the list (a webhook enabled again may redeliver).
  const logWebhook = logOf ? (list.find((row) => row.id === logOf.id) ?? logOf) : null;

  const addButton = (
    <Button
      label={tWebhooks('page.add')}
      icon="pi pi-plus"
      disabled={isReadOnly}
      onClick={() => setForm({ isOpen: true, webhook: null })}
      data-testid="webhook-add"
    />
  );

  let body;
  if (query.isError && !query.data) {
    body = (
      <ListLoadError
        title={tWebhooks('page.loadError')}
        retryLabel={tWebhooks('page.retry')}
        onRetry={() => void query.refetch()}
        testId="webhooks-load-error"
      />
    );
  } else if (!query.data) {
    body = (
      <LoadingStatus
        label={tWebhooks('page.loading')}
        className="webhooks-card__loading"
        testId="webhooks-loading"
      />
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState
        title={tWebhooks('page.emptyTitle')}
        text={tWebhooks('page.emptyText')}
        testId="webhooks-empty"
      >
        {addButton}
      </EmptyState>
    );
  } else {
    body = (
      <WebhookList
        webhooks={list}
        isReadOnly={isReadOnly}
        onDeliveries={setLogOf}
        onEdit={(webhook) => setForm({ isOpen: true, webhook })}
        onDelete={setDeleting}
      />
    );
  }

  return (
    <section className="card webhooks-card" aria-labelledby="webhooks-title" data-testid="webhooks-card">
      <header className="card__header webhooks-card__header">
        <h2 id="webhooks-title" className="card__title">
          {tWebhooks('page.listLabel')}
        </h2>
        {list.length > 0 && addButton}
      </header>
      {body}
      <WebhookFormDialog
        isOpen={form.isOpen}
        webhook={form.isOpen ? form.webhook : null}
        webhooks={webhooks}
        onClose={() => setForm({ isOpen: false })}
      />
      <WebhookDeliveriesDialog
        workspaceId={workspaceId}
        webhook={logWebhook}
        onClose={() => setLogOf(null)}
      />
      <ConfirmDialog
        isVisible={deleting !== null}
        header={tWebhooks('remove.header')}
        message={tWebhooks('remove.message', { url: deleting?.url ?? '' })}
        confirmLabel={tWebhooks('remove.confirm')}
        cancelLabel={tWebhooks('remove.cancel')}
        isDanger
        isBusy={webhooks.remove.isPending}
        testId="webhook-delete-confirm"
        onConfirm={() => deleting && webhooks.remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
        onHide={() => setDeleting(null)}
      />
    </section>
  );
}
