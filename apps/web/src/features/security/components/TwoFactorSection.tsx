import { type RecoveryCodes } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { tSecurity } from '../../../i18n/security.ts';
import { useDisableTwoFactor, useRegenerateRecoveryCodes, useTwoFactorStatus } from '../hooks/useSecurity.ts';
import { RecoveryCodesPanel } from './RecoveryCodesPanel.tsx';
import { EnrolDialog, PasswordDialog } from './TwoFactorDialogs.tsx';

type Open = 'enrol' | 'disable' | 'codes' | undefined;

/** The Security card's two-factor row: on or off, turning it on or off, new recovery codes. */
export function TwoFactorSection({ isReadOnly }: { isReadOnly: boolean }) {
  const status = useTwoFactorStatus();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [open, setOpen] = useState<Open>();
  const [newCodes, setNewCodes] = useState<RecoveryCodes>();
  const isOn = status.data?.enabled === true;
  const close = () => setOpen(undefined);
  const requiredBy = status.data?.required_by ?? [];
  return (
    <div className="setting-row security-row" data-testid="two-factor-row">
      <span className="setting-row__icon" aria-hidden="true">
        <i className="pi pi-mobile" />
      </span>
      <div className="setting-row__text">
        <p className="setting-row__title">
          {tSecurity('twoFactor.title')}{' '}
          {status.data && (
            <Tag
              value={isOn ? tSecurity('twoFactor.on') : tSecurity('twoFactor.off')}
              severity={isOn ? 'success' : 'secondary'}
              className="security-row__tag"
              data-testid="two-factor-state"
            />
          )}
        </p>
        <p className="setting-row__description">
          {isOn
            ? tSecurity('twoFactor.hintOn', { count: status.data?.recovery_codes_left ?? 0 })
            : tSecurity('twoFactor.hintOff')}
          {requiredBy.length > 0 &&
            ` ${tSecurity('twoFactor.requiredBy', { workspaces: requiredBy.map((name) => `'${name}'`).join(', ') })}`}
        </p>
      </div>
      <div className="security-row__actions">
        {isOn ? (
          <>
            <Button
              label={tSecurity('twoFactor.newCodes')}
              icon="pi pi-refresh"
              outlined
              size="small"
              severity="secondary"
              disabled={isReadOnly}
              onClick={() => setOpen('codes')}
              data-testid="two-factor-new-codes"
            />
            <Button
              label={tSecurity('twoFactor.turnOff')}
              icon="pi pi-power-off"
              outlined
              size="small"
              severity="danger"
              disabled={isReadOnly}
              onClick={() => setOpen('disable')}
              data-testid="two-factor-turn-off"
            />
          </>
        ) : (
          <Button
            label={tSecurity('twoFactor.turnOn')}
            icon="pi pi-shield"
            size="small"
            disabled={isReadOnly || !status.data}
            onClick={() => setOpen('enrol')}
            data-testid="two-factor-turn-on"
          />
        )}
      </div>
      <EnrolDialog isOpen={open === 'enrol'} onClose={close} />
      <PasswordDialog
        isOpen={open === 'disable'}
        header={tSecurity('twoFactor.turnOffTitle')}
        message={tSecurity('twoFactor.turnOffMessage')}
        confirmLabel={tSecurity('twoFactor.turnOff')}
        isDanger
        testId="two-factor-disable"
        onConfirm={async (password) => {
          await disable.mutateAsync(password);
          close();
        }}
        onClose={close}
      />
      <PasswordDialog
        isOpen={open === 'codes'}
        header={tSecurity('twoFactor.newCodesTitle')}
        message={tSecurity('twoFactor.newCodesMessage')}
        confirmLabel={tSecurity('twoFactor.newCodes')}
        testId="two-factor-codes"
        onConfirm={async (password) => {
          setNewCodes(await regenerate.mutateAsync(password));
          close();
        }}
        onClose={close}
      />
      <Dialog
        header={tSecurity('twoFactor.codesTitle')}
        visible={newCodes !== undefined}
        onHide={() => setNewCodes(undefined)}
        modal
        closable={false}
        closeOnEscape={false}
        draggable={false}
        resizable={false}
        className="security-dialog"
      >
        {newCodes && (
          <RecoveryCodesPanel codes={newCodes.recovery_codes} onDone={() => setNewCodes(undefined)} />
        )}
      </Dialog>
    </div>
  );
}
