import type { ReactNode } from 'react';

/** What a field hands its control, so the label and the error line point at it. */
export interface FormFieldControl {
  id: string;
  invalid: boolean;
  'aria-describedby'?: string;
}

export interface FormFieldProps {
  /** The control's id; the label points at it and the error line is `${id}-error`. */
  id: string;
  label: ReactNode;
  /** The message shown under the field (SPEC §5). */
  error?: string;
  /** Without an error line the control gets no aria-describedby. Defaults to true. */
  hasErrorLine?: boolean;
  errorTestId?: string;
  /** Renders the control from the ids and state the field hands it. */
  children: (control: FormFieldControl) => ReactNode;
}

/**
 * A labelled form control with its error line under it. The line keeps its space while empty so the
 * form does not jump when a message appears.
 */
export function FormField({ id, label, error, hasErrorLine = true, errorTestId, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      {children({
        id,
        invalid: Boolean(error),
        'aria-describedby': hasErrorLine ? errorId : undefined,
      })}
      {hasErrorLine && (
        <small
          id={errorId}
          className="form-field__error"
          role={error ? 'alert' : undefined}
          data-testid={errorTestId}
        >
          {error ?? '\u00a0'}
        </small>
      )}
    </div>
  );
}
