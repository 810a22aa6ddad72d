import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { TextField } from './form/TextField.tsx';
import './dialogAndNotice.css';
import { tCommon } from '../i18n/common.ts';

/** A field the user must fill with an exact text before confirming (e.g. the name of what is deleted). */
export interface ConfirmField {
  label: string;
  expected: string;
  placeholder?: string;
}

export interface ConfirmDialogProps {
  isVisible: boolean;
  /** SPEC §2 "Generic dialog holder": defaults to 'Action'. */
  header?: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, for actions that destroy or take away something. */
  isDanger?: boolean;
  confirmField?: ConfirmField;
  /** While the confirmed action runs: buttons are disabled and the dialog cannot be dismissed. */
  isBusy?: boolean;
  /** Prefix of the test ids of the dialog and its parts. */
  testId?: string;
  onConfirm: () => void;
  onHide: () => void;
}

interface ConfirmBodyProps extends Omit<ConfirmDialogProps, 'isVisible' | 'header'> {
  testId: string;
}

/**
 * The dialog's content. It unmounts whenever the dialog closes, so a typed confirmation never
 * survives into the next opening.
 */
function ConfirmBody({
  message,
  confirmLabel = tCommon('confirmDialog.confirm'),
  cancelLabel = tCommon('confirmDialog.cancel'),
  isDanger = false,
  confirmField,
  isBusy = false,
  testId,
  onConfirm,
  onHide,
}: ConfirmBodyProps) {
  const fieldId = useId();
  const [typed, setTyped] = useState('');
  // Exact on purpose: the point is to make the user read and retype the name, spaces and case included.
  const isConfirmed = !confirmField || typed === confirmField.expected;
  const canConfirm = isConfirmed && !isBusy;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canConfirm) onConfirm();
  };

  return (
    <form className="confirm-dialog" onSubmit={handleSubmit} noValidate>
      <div className="confirm-dialog__message" data-testid={`${testId}-message`}>
        {message}
      </div>
      {confirmField && (
        <TextField
          id={fieldId}
          label={confirmField.label}
          hasErrorLine={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={confirmField.placeholder ?? confirmField.expected}
          autoComplete="off"
          autoFocus
          spellCheck={false}
          data-testid={`${testId}-field`}
        />
      )}
      <div className="dialog-actions">
        <Button
          type="button"
          label={cancelLabel}
          severity="secondary"
          text
          disabled={isBusy}
          onClick={onHide}
          data-testid={`${testId}-cancel`}
        />
        <Button
          type="submit"
          label={confirmLabel}
          severity={isDanger ? 'danger' : undefined}
          disabled={!canConfirm}
          loading={isBusy}
          autoFocus={!confirmField}
          data-testid={`${testId}-confirm`}
        />
      </div>
    </form>
  );
}

/**
 * The generic confirmation of SPEC §2: a modal of at most 500 px headed 'Action' unless told
 * otherwise, with an optional typed confirmation field that keeps the confirm button disabled until
 * its text matches exactly.
 */
export function ConfirmDialog({
  isVisible,
  header = tCommon('confirmDialog.header'),
  testId = 'confirm-dialog',
  isBusy = false,
  onHide,
  ...bodyProps
}: ConfirmDialogProps) {
  return (
    <Dialog
      visible={isVisible}
      header={header}
      onHide={() => {
        if (!isBusy) onHide();
      }}
      modal
      draggable={false}
      resizable={false}
      closable={!isBusy}
      closeOnEscape={!isBusy}
      className="app-dialog"
      style={{ width: 'min(500px, calc(100vw - 2rem))' }}
      data-testid={testId}
    >
      <ConfirmBody {...bodyProps} isBusy={isBusy} testId={testId} onHide={onHide} />
    </Dialog>
  );
}
