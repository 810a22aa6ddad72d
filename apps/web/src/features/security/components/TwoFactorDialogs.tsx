import { type RecoveryCodes } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../lib/api/apiErrors.ts';
import { notify } from '../../../lib/notifications.ts';
import { PasswordField } from '../../../ui/form/PasswordField.tsx';
import { tSecurity } from '../../../i18n/security.ts';
import { RecoveryCodesPanel } from './RecoveryCodesPanel.tsx';
import { TwoFactorSetupPanel } from './TwoFactorSetupPanel.tsx';

const DIALOG_PROPS = {
  modal: true,
  closeOnEscape: false,
  dismissableMask: false,
  draggable: false,
  resizable: false,
  className: 'security-dialog',
} as const;

/** Turning two-factor on: the set-up, then the recovery codes (the dialog cannot close by accident meanwhile). */
export function EnrolDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [codes, setCodes] = useState<RecoveryCodes>();
  const close = () => {
    setCodes(undefined);
    onClose();
  };
  return (
    <Dialog
      {...DIALOG_PROPS}
      header={codes ? tSecurity('twoFactor.codesTitle') : tSecurity('twoFactor.enrolTitle')}
      visible={isOpen}
      onHide={close}
      closable={false}
      data-testid="two-factor-dialog"
    >
      {codes ? (
        <RecoveryCodesPanel codes={codes.recovery_codes} onDone={close} />
      ) : (
        isOpen && (
          <TwoFactorSetupPanel
            onCancel={close}
            onEnabled={(answer) => {
              notify.success(tSecurity('twoFactor.turnedOn'));
              setCodes(answer);
            }}
          />
        )
      )}
    </Dialog>
  );
}

interface PasswordDialogProps {
  isOpen: boolean;
  header: string;
  message: string;
  confirmLabel: string;
  isDanger?: boolean;
  testId: string;
  /** Runs the call with the password; a refusal is shown under the field. */
  onConfirm: (password: string) => Promise<void>;
  onClose: () => void;
}

/** Asks for the password again before a change of two-factor sign-in. */
export function PasswordDialog(props: PasswordDialogProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const close = () => {
    setPassword('');
    setError(undefined);
    props.onClose();
  };
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    try {
      await props.onConfirm(password);
      setPassword('');
      setError(undefined);
    } catch (failure) {
      setError(getErrorMessage(failure, tSecurity('twoFactor.failed')));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Dialog
      {...DIALOG_PROPS}
      header={props.header}
      visible={props.isOpen}
      onHide={close}
      data-testid={props.testId}
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <p className="security-dialog__text">{props.message}</p>
        <PasswordField
          id={`${props.testId}-password`}
          label={tSecurity('twoFactor.passwordLabel')}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
          autoComplete="current-password"
          autoFocus
          error={error}
          errorTestId={`${props.testId}-error`}
          pt={{ root: { 'data-testid': `${props.testId}-password` } as object }}
        />
        <div className="dialog-actions">
          <Button
            type="button"
            label={tSecurity('twoFactor.cancel')}
            severity="secondary"
            outlined
            onClick={close}
            disabled={isBusy}
            data-testid={`${props.testId}-cancel`}
          />
          <Button
            type="submit"
            label={props.confirmLabel}
            severity={props.isDanger ? 'danger' : undefined}
            disabled={password === '' || isBusy}
            loading={isBusy}
            data-testid={`${props.testId}-submit`}
          />
        </div>
      </form>
    </Dialog>
  );
}
