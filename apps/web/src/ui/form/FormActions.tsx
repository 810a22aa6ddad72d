import { Button } from 'primereact/button';

interface FormActionsProps {
  cancelLabel: string;
  submitLabel: string;
  /** The submit runs: both buttons are disabled and the submit button spins. */
  isPending: boolean;
  /** The form is not ready to be sent (e.g. a required field is empty). */
  isSubmitDisabled: boolean;
  onCancel: () => void;
  /** Prefix of the buttons' test ids: `<prefix>-cancel`, `<prefix>-submit`. */
  testId: string;
}

/** The Cancel and submit buttons at the foot of a dialog's form. */
export function FormActions({
  cancelLabel,
  submitLabel,
  isPending,
  isSubmitDisabled,
  onCancel,
  testId,
}: FormActionsProps) {
  return (
    <div className="dialog-actions">
      <Button
        type="button"
        label={cancelLabel}
        severity="secondary"
        outlined
        onClick={onCancel}
        disabled={isPending}
        data-testid={`${testId}-cancel`}
      />
      <Button
        type="submit"
        label={submitLabel}
        disabled={isSubmitDisabled || isPending}
        loading={isPending}
        data-testid={`${testId}-submit`}
      />
    </div>
  );
}
