import { zodResolver } from '@hookform/resolvers/zod';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS, type Webhook } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Controller, useForm } from 'react-hook-form';
import { setServerFormError } from '../../../lib/forms/serverFormErrors.ts';
import { BoundTextField } from '../../../ui/form/BoundTextField.tsx';
import { FormActions } from '../../../ui/form/FormActions.tsx';
import { tWebhooks } from '../../../i18n/webhooks.ts';
import type { WebhooksState } from '../hooks/useWebhooks.ts';
import {
  eventLabel,
  generateSecret,
  resolveWebhookFormError,
  WEBHOOK_FORM_FIELDS,
  type WebhookFormValues,
  webhookFormSchema,
} from '../webhookForm.ts';

interface WebhookFormProps {
  /** The webhook to edit; none to add one. */
  webhook: Webhook | null;
  webhooks: WebhooksState;
  onClose: () => void;
}

function WebhookForm({ webhook, webhooks, onClose }: WebhookFormProps) {
  const isEdit = webhook !== null;
  const mutation = isEdit ? webhooks.update : webhooks.create;
  const form = useForm<WebhookFormValues>({
    resolver: zodResolver(webhookFormSchema(isEdit)),
    defaultValues: {
      url: webhook?.url ?? '',
      secret: '',
      events: webhook?.events ?? [...WEBHOOK_EVENTS],
      enabled: webhook?.enabled ?? true,
    },
    reValidateMode: 'onSubmit',
  });
  const fallback = tWebhooks(isEdit ? 'form.saveFailed' : 'form.createFailed');
  const onError = (error: unknown) =>
    setServerFormError(form.setError, resolveWebhookFormError(error, fallback), WEBHOOK_FORM_FIELDS);

  const handleSubmit = form.handleSubmit((values) => {
    const options = { onSuccess: onClose, onError };
    if (webhook) {
      webhooks.update.mutate(
        {
          webhook,
          body: {
            url: values.url,
            events: values.events,
            enabled: values.enabled,
            ...(values.secret ? { secret: values.secret } : {}),
          },
        },
        options,
      );
    } else {
      webhooks.create.mutate(
        { url: values.url, secret: values.secret, events: values.events, enabled: values.enabled },
        options,
      );
    }
  });

  return (
    <form className="webhook-form" onSubmit={handleSubmit} noValidate data-testid="webhook-form">
      <BoundTextField
        control={form.control}
        name="url"
        onValueChange={() => form.clearErrors('url')}
        id="webhook-url"
        label={tWebhooks('form.urlLabel')}
        placeholder={tWebhooks('form.urlPlaceholder')}
        errorTestId="webhook-url-error"
        autoComplete="off"
        inputMode="url"
        autoFocus
        data-testid="webhook-url"
      />
      <div className="webhook-form__secret">
        <BoundTextField
          control={form.control}
          name="secret"
          onValueChange={() => form.clearErrors('secret')}
          id="webhook-secret"
          label={tWebhooks('form.secretLabel')}
          errorTestId="webhook-secret-error"
          autoComplete="off"
          spellCheck={false}
          data-testid="webhook-secret"
        />
        <Button
          type="button"
          label={tWebhooks('form.generate')}
          icon="pi pi-refresh"
          outlined
          severity="secondary"
          aria-label={tWebhooks('form.generateLabel')}
          onClick={() => {
            form.setValue('secret', generateSecret());
            form.clearErrors('secret');
          }}
          className="webhook-form__generate"
          data-testid="webhook-secret-generate"
        />
      </div>
      <p className="webhook-form__hint" id="webhook-secret-help">
        {isEdit
          ? tWebhooks('form.secretEditHelp')
          : tWebhooks('form.secretHelp', { min: WEBHOOK_LIMITS.secretMinLength })}
      </p>
      <Controller
        control={form.control}
        name="events"
        render={({ field, fieldState }) => (
          <fieldset className="webhook-form__events" aria-describedby="webhook-events-error">
            <legend className="form-field__label">{tWebhooks('form.eventsLegend')}</legend>
            <div className="webhook-form__event-grid">
              {WEBHOOK_EVENTS.map((event) => {
                const id = `webhook-event-${event.replace(/[._]/g, '-')}`;
                return (
                  <label key={event} htmlFor={id} className="webhook-form__event">
                    <Checkbox
                      inputId={id}
                      checked={field.value.includes(event)}
                      onChange={(change) => {
                        form.clearErrors('events');
                        field.onChange(
                          change.checked
                            ? WEBHOOK_EVENTS.filter((item) => item === event || field.value.includes(item))
                            : field.value.filter((item) => item !== event),
                        );
                      }}
                      data-testid={id}
                    />
                    <span>{eventLabel(event)}</span>
                  </label>
                );
              })}
            </div>
            <small id="webhook-events-error" className="form-field__error" data-testid="webhook-events-error">
              {fieldState.error?.message ?? ''}
            </small>
          </fieldset>
        )}
      />
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <label htmlFor="webhook-enabled" className="webhook-form__event webhook-form__enabled">
            <Checkbox
              inputId="webhook-enabled"
              checked={field.value}
              onChange={(change) => field.onChange(change.checked === true)}
              data-testid="webhook-enabled"
            />
            <span>{tWebhooks('form.enabledLabel')}</span>
          </label>
        )}
      />
      <FormActions
        cancelLabel={tWebhooks('form.cancel')}
        submitLabel={tWebhooks(isEdit ? 'form.save' : 'form.create')}
        isPending={mutation.isPending}
        isSubmitDisabled={false}
        onCancel={onClose}
        testId="webhook-form"
      />
    </form>
  );
}

interface WebhookFormDialogProps extends WebhookFormProps {
  isOpen: boolean;
}

/** Add or edit a webhook: address, secret (generated on request), events and whether it is active. */
export function WebhookFormDialog({ isOpen, webhook, webhooks, onClose }: WebhookFormDialogProps) {
  return (
    <Dialog
      header={tWebhooks(webhook ? 'form.editHeader' : 'form.addHeader')}
      visible={isOpen}
      onHide={onClose}
      modal
      closable={false}
      closeOnEscape={false}
      dismissableMask={false}
      draggable={false}
      resizable={false}
      className="app-dialog webhook-dialog"
      data-testid="webhook-dialog"
    >
      {isOpen && <WebhookForm webhook={webhook} webhooks={webhooks} onClose={onClose} />}
    </Dialog>
  );
}
