import type { Webhook } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { tWebhooks } from '../../../i18n/webhooks.ts';
import { eventLabel } from '../webhookForm.ts';

interface WebhookListProps {
  webhooks: Webhook[];
  isReadOnly: boolean;
  onDeliveries: (webhook: Webhook) => void;
  onEdit: (webhook: Webhook) => void;
  onDelete: (webhook: Webhook) => void;
}

function WebhookStatus({ webhook }: { webhook: Webhook }) {
  if (webhook.enabled) {
    return <Tag value={tWebhooks('status.enabled')} severity="success" className="webhook-tag" />;
  }
  if (webhook.disabled_reason === 'failures') {
    return <Tag value={tWebhooks('status.failures')} severity="danger" className="webhook-tag" />;
  }
  return <Tag value={tWebhooks('status.disabled')} className="webhook-tag webhook-tag--neutral" />;
}

/** The workspace's webhooks, one row each: address, state, events and the actions on it. */
export function WebhookList({ webhooks, isReadOnly, onDeliveries, onEdit, onDelete }: WebhookListProps) {
  return (
    <ul className="webhook-list" aria-label={tWebhooks('page.listLabel')} data-testid="webhook-list">
      {webhooks.map((webhook) => (
        <li key={webhook.id} className="webhook-row" data-testid="webhook-row">
          <div className="webhook-row__main">
            <div className="webhook-row__title">
              <i className="pi pi-send webhook-row__icon" aria-hidden="true" />
              <span className="webhook-row__url" title={webhook.url} data-testid="webhook-url-text">
                {webhook.url}
              </span>
              <WebhookStatus webhook={webhook} />
            </div>
            <ul
              className="webhook-row__events"
              aria-label={tWebhooks('row.events', { count: webhook.events.length })}
            >
              {webhook.events.map((event) => (
                <li key={event} className="webhook-chip">
                  {eventLabel(event)}
                </li>
              ))}
            </ul>
            {webhook.disabled_reason === 'failures' && !webhook.enabled && (
              <p className="webhook-row__warning" data-testid="webhook-failures-hint">
                <i className="pi pi-exclamation-triangle" aria-hidden="true" />
                {tWebhooks('status.failuresHint', { count: webhook.failure_count })}
              </p>
            )}
          </div>
          <div className="webhook-row__actions">
            <Button
              label={tWebhooks('row.deliveries')}
              icon="pi pi-history"
              size="small"
              outlined
              aria-label={tWebhooks('row.deliveriesOf', { url: webhook.url })}
              onClick={() => onDeliveries(webhook)}
              data-testid="webhook-deliveries"
            />
            <Button
              label={tWebhooks('row.edit')}
              icon="pi pi-pencil"
              size="small"
              outlined
              severity="secondary"
              disabled={isReadOnly}
              aria-label={tWebhooks('row.editOf', { url: webhook.url })}
              onClick={() => onEdit(webhook)}
              data-testid="webhook-edit"
            />
            <Button
              icon="pi pi-trash"
              size="small"
              text
              severity="danger"
              disabled={isReadOnly}
              aria-label={tWebhooks('row.deleteOf', { url: webhook.url })}
              tooltip={tWebhooks('row.delete')}
              tooltipOptions={{ position: 'top' }}
              onClick={() => onDelete(webhook)}
              data-testid="webhook-delete"
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
