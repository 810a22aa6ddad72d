import { WEBHOOK_LIMITS, type Webhook, type WebhookDelivery } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Paginator } from 'primereact/paginator';
import { Tag } from 'primereact/tag';
import { LoadingStatus } from '../../../ui/LoadingStatus.tsx';
import { ListLoadError } from '../../../ui/ListLoadError.tsx';
import { RelativeTime } from '../../../ui/RelativeTime.tsx';
import { tWebhooks } from '../../../i18n/webhooks.ts';
import { useWebhookDeliveries } from '../hooks/useWebhooks.ts';
import { eventLabel } from '../webhookForm.ts';

const STATUS_SEVERITY = { pending: 'info', succeeded: 'success', failed: 'danger' } as const;

interface DeliveryRowProps {
  delivery: WebhookDelivery;
  canRedeliver: boolean;
  isBusy: boolean;
  onRedeliver: (delivery: WebhookDelivery) => void;
}

function DeliveryRow({ delivery, canRedeliver, isBusy, onRedeliver }: DeliveryRowProps) {
  const answer =
    delivery.response_status === null
      ? tWebhooks('deliveries.noAnswer')
      : tWebhooks('deliveries.httpStatus', { status: delivery.response_status });
  return (
    <li className="delivery-row" data-testid="delivery-row" data-status={delivery.status}>
      <div className="delivery-row__head">
        <span className="delivery-row__event">{eventLabel(delivery.event)}</span>
        <Tag
          value={tWebhooks(`deliveries.${delivery.status}`)}
          severity={STATUS_SEVERITY[delivery.status]}
          className="webhook-tag"
          data-testid="delivery-status"
        />
        {delivery.redelivery && (
          <Tag value={tWebhooks('deliveries.redelivery')} className="webhook-tag webhook-tag--neutral" />
        )}
        <RelativeTime value={delivery.created} className="delivery-row__time" />
      </div>
      <div className="delivery-row__facts">
        <span data-testid="delivery-answer">{answer}</span>
        {delivery.response_time_ms !== null && (
          <span>{tWebhooks('deliveries.duration', { ms: delivery.response_time_ms })}</span>
        )}
        <span>{tWebhooks('deliveries.attempts', { count: delivery.attempts })}</span>
        {delivery.next_attempt && (
          <RelativeTime value={delivery.next_attempt} prefix={`${tWebhooks('deliveries.nextTry')} `} />
        )}
      </div>
      {delivery.last_error && (
        <p className="delivery-row__error" data-testid="delivery-error">
          {delivery.last_error}
        </p>
      )}
      <div className="delivery-row__actions">
        <Button
          label={tWebhooks('deliveries.redeliver')}
          icon="pi pi-replay"
          size="small"
          outlined
          disabled={!canRedeliver || isBusy}
          aria-label={tWebhooks('deliveries.redeliverOf', {
            event: eventLabel(delivery.event),
            time: new Date(delivery.created).toLocaleString(),
          })}
          onClick={() => onRedeliver(delivery)}
          data-testid="delivery-redeliver"
        />
      </div>
    </li>
  );
}

function DeliveryLog({ workspaceId, webhook }: { workspaceId: number; webhook: Webhook }) {
  const { query, page, setPage, redeliver } = useWebhookDeliveries(workspaceId, webhook);
  const items = query.data?.items ?? [];
  const count = query.data?.count ?? 0;
  if (query.isError && !query.data) {
    return (
      <ListLoadError
        title={tWebhooks('deliveries.loadError')}
        retryLabel={tWebhooks('page.retry')}
        onRetry={() => void query.refetch()}
        testId="deliveries-load-error"
      />
    );
  }
  if (!query.data) {
    return (
      <LoadingStatus
        label={tWebhooks('deliveries.loading')}
        className="delivery-log__loading"
        testId="deliveries-loading"
      />
    );
  }
  return (
    <>
      <div className="delivery-log__bar">
        <p className="delivery-log__subtitle">{tWebhooks('deliveries.subtitle')}</p>
        <Button
          label={tWebhooks('deliveries.refresh')}
          icon="pi pi-refresh"
          size="small"
          text
          loading={query.isFetching}
          onClick={() => void query.refetch()}
          data-testid="deliveries-refresh"
        />
      </div>
      {items.length === 0 ? (
        <p className="delivery-log__empty" data-testid="deliveries-empty">
          {tWebhooks('deliveries.empty')}
        </p>
      ) : (
        <ul
          className="delivery-log"
          aria-label={tWebhooks('deliveries.tableLabel')}
          data-testid="delivery-log"
        >
          {items.map((delivery) => (
            <DeliveryRow
              key={delivery.id}
              delivery={delivery}
              canRedeliver={webhook.enabled}
              isBusy={redeliver.isPending}
              onRedeliver={(item) => redeliver.mutate(item.id)}
            />
          ))}
        </ul>
      )}
      {count > WEBHOOK_LIMITS.deliveriesPerPage && (
        <Paginator
          first={(page - 1) * WEBHOOK_LIMITS.deliveriesPerPage}
          rows={WEBHOOK_LIMITS.deliveriesPerPage}
          totalRecords={count}
          onPageChange={(event) => setPage(event.page + 1)}
          aria-label={tWebhooks('deliveries.paginatorLabel')}
        />
      )}
    </>
  );
}

interface WebhookDeliveriesDialogProps {
  workspaceId: number;
  webhook: Webhook | null;
  onClose: () => void;
}

/** A webhook's delivery log: each delivery's state, answer, time and error, with 'Redeliver'. */
export function WebhookDeliveriesDialog({ workspaceId, webhook, onClose }: WebhookDeliveriesDialogProps) {
  return (
    <Dialog
      header={tWebhooks('deliveries.header')}
      visible={webhook !== null}
      onHide={onClose}
      modal
      draggable={false}
      resizable={false}
      className="app-dialog webhook-dialog webhook-dialog--log"
      footer={
        <Button
          label={tWebhooks('deliveries.close')}
          severity="secondary"
          outlined
          onClick={onClose}
          data-testid="deliveries-close"
        />
      }
      data-testid="deliveries-dialog"
    >
      {webhook && (
        <>
          <p className="delivery-log__url" title={webhook.url}>
            {webhook.url}
          </p>
          <DeliveryLog workspaceId={workspaceId} webhook={webhook} />
        </>
      )}
    </Dialog>
  );
}
