import {
  ACCESS_TOKEN_MAX_DAYS,
  ACCESS_TOKEN_NAME_MAX_LENGTH,
  ACCESS_TOKEN_SCOPES,
  type AccessTokenScope,
  type CreatedAccessToken,
} from '@waymark/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { RadioButton } from 'primereact/radiobutton';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../lib/api/apiErrors.ts';
import { notify } from '../../../lib/notifications.ts';
import { TextField } from '../../../ui/form/TextField.tsx';
import { tSecurity } from '../../../i18n/security.ts';
import { useCreateAccessToken } from '../hooks/useSecurity.ts';

const EXPIRY_DAYS = [7, 30, 90, ACCESS_TOKEN_MAX_DAYS] as const;

const expiryLabel = (days: number) =>
  days === ACCESS_TOKEN_MAX_DAYS ? tSecurity('tokens.year') : tSecurity('tokens.days', { count: days });

/** The new token, shown this once, with a copy button. */
function CreatedToken({ created, onClose }: { created: CreatedAccessToken; onClose: () => void }) {
  const copy = async () => {
    await navigator.clipboard.writeText(created.token);
    notify.success(tSecurity('tokens.copied'));
  };
  return (
    <div data-testid="created-token">
      <p className="security-dialog__text">{tSecurity('tokens.createdHint')}</p>
      <p className="security-setup__secret-label">{tSecurity('tokens.tokenLabel')}</p>
      <code className="security-token__value" data-testid="created-token-value">
        {created.token}
      </code>
      <div className="dialog-actions">
        <Button
          type="button"
          label={tSecurity('tokens.copy')}
          icon="pi pi-copy"
          severity="secondary"
          outlined
          onClick={() => void copy()}
          data-testid="created-token-copy"
        />
        <Button
          type="button"
          label={tSecurity('tokens.close')}
          onClick={onClose}
          data-testid="created-token-done"
        />
      </div>
    </div>
  );
}

function CreateTokenForm({
  onCreated,
  onCancel,
}: {
  onCreated: (token: CreatedAccessToken) => void;
  onCancel: () => void;
}) {
  const create = useCreateAccessToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<AccessTokenScope>('read');
  const [days, setDays] = useState<number>(30);
  const error = create.error ? getErrorMessage(create.error, tSecurity('tokens.createFailed')) : undefined;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: name.trim(), scope, expires_in_days: days }, { onSuccess: onCreated });
  };
  return (
    <form onSubmit={handleSubmit} noValidate data-testid="create-token-form">
      <TextField
        id="token-name"
        label={tSecurity('tokens.nameLabel')}
        placeholder={tSecurity('tokens.namePlaceholder')}
        value={name}
        maxLength={ACCESS_TOKEN_NAME_MAX_LENGTH}
        onChange={(event) => setName(event.target.value)}
        autoFocus
        error={error}
        data-testid="token-name"
      />
      <fieldset className="security-scopes">
        <legend className="security-scopes__legend">{tSecurity('tokens.scopeLabel')}</legend>
        {ACCESS_TOKEN_SCOPES.map((option) => (
          <label key={option} className="security-scopes__option" htmlFor={`token-scope-${option}`}>
            <RadioButton
              inputId={`token-scope-${option}`}
              name="token-scope"
              value={option}
              checked={scope === option}
              onChange={() => setScope(option)}
              data-testid={`token-scope-${option}`}
            />
            <span>
              <span className="security-scopes__name">{tSecurity(`tokens.scopes.${option}`)}</span>
              <span className="security-scopes__hint">{tSecurity(`tokens.scopeHints.${option}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="form-field">
        <label className="form-field__label" htmlFor="token-expiry">
          {tSecurity('tokens.expiryLabel')}
        </label>
        <Dropdown
          inputId="token-expiry"
          // Names the trigger icon; the input is named by its label.
          ariaLabel={tSecurity('tokens.expiryLabel')}
          value={days}
          options={EXPIRY_DAYS.map((value) => ({ value, label: expiryLabel(value) }))}
          onChange={(event) => setDays(Number(event.value))}
          className="security-expiry"
          data-testid="token-expiry"
        />
      </div>
      <div className="dialog-actions">
        <Button
          type="button"
          label={tSecurity('twoFactor.cancel')}
          severity="secondary"
          outlined
          onClick={onCancel}
          disabled={create.isPending}
          data-testid="create-token-cancel"
        />
        <Button
          type="submit"
          label={tSecurity('tokens.createSubmit')}
          disabled={name.trim() === '' || create.isPending}
          loading={create.isPending}
          data-testid="create-token-submit"
        />
      </div>
    </form>
  );
}

/** Creating a token: name, scope and lifetime, then the token shown once. */
export function CreateTokenDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedAccessToken>();
  const close = () => {
    setCreated(undefined);
    onClose();
  };
  return (
    <Dialog
      header={created ? tSecurity('tokens.createdTitle') : tSecurity('tokens.createTitle')}
      visible={isOpen}
      onHide={close}
      modal
      closable={false}
      closeOnEscape={false}
      draggable={false}
      resizable={false}
      className="security-dialog"
      data-testid="create-token-dialog"
    >
      {created ? (
        <CreatedToken created={created} onClose={close} />
      ) : (
        isOpen && <CreateTokenForm onCreated={setCreated} onCancel={close} />
      )}
    </Dialog>
  );
}
