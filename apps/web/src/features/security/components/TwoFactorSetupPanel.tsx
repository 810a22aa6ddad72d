import { type RecoveryCodes } from '@waymark/contract';
import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../lib/api/apiErrors.ts';
import { TextField } from '../../../ui/form/TextField.tsx';
import { tSecurity } from '../../../i18n/security.ts';
import { useEnableTwoFactor, useTwoFactorSetup } from '../hooks/useSecurity.ts';

interface TwoFactorSetupPanelProps {
  /** Two-factor is on: the recovery codes to show next. */
  onEnabled: (codes: RecoveryCodes) => void;
  onCancel?: () => void;
}

/** Enrolment: the QR code and key of a new secret, and the code that confirms the app has it. */
export function TwoFactorSetupPanel({ onEnabled, onCancel }: TwoFactorSetupPanelProps) {
  const setup = useTwoFactorSetup(true);
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const error = enable.error ? getErrorMessage(enable.error, tSecurity('twoFactor.failed')) : undefined;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code.trim(), { onSuccess: onEnabled });
  };
  if (!setup.data) {
    return (
      <p className="security-dialog__text" role="status">
        {setup.isError
          ? getErrorMessage(setup.error, tSecurity('twoFactor.failed'))
          : tSecurity('twoFactor.loading')}
      </p>
    );
  }
  return (
    <form className="security-setup" onSubmit={handleSubmit} noValidate data-testid="two-factor-setup">
      <p className="security-dialog__text">{tSecurity('twoFactor.scanStep')}</p>
      <div className="security-setup__qr">
        <img src={setup.data.qr_code} alt={tSecurity('twoFactor.qrAlt')} width={176} height={176} />
      </div>
      <p className="security-setup__secret-label">{tSecurity('twoFactor.secretLabel')}</p>
      <code className="security-setup__secret" data-testid="two-factor-secret">
        {setup.data.secret.replace(/(.{4})(?=.)/g, '$1 ')}
      </code>
      <p className="security-dialog__text">{tSecurity('twoFactor.codeStep')}</p>
      <TextField
        id="two-factor-code"
        label={tSecurity('twoFactor.codeLabel')}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          enable.reset();
        }}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        error={error}
        errorTestId="two-factor-code-error"
        data-testid="two-factor-code"
      />
      <div className="dialog-actions">
        {onCancel && (
          <Button
            type="button"
            label={tSecurity('twoFactor.cancel')}
            severity="secondary"
            outlined
            onClick={onCancel}
            disabled={enable.isPending}
            data-testid="two-factor-setup-cancel"
          />
        )}
        <Button
          type="submit"
          label={tSecurity('twoFactor.confirm')}
          disabled={!/^\d{6}$/.test(code.trim()) || enable.isPending}
          loading={enable.isPending}
          data-testid="two-factor-setup-submit"
        />
      </div>
    </form>
  );
}
