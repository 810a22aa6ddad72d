import { InputText, type InputTextProps } from 'primereact/inputtext';
import { FormField, type FormFieldProps } from './FormField.tsx';

export type TextFieldProps = Omit<FormFieldProps, 'children'> &
  Omit<InputTextProps, 'id' | 'invalid' | 'className' | 'aria-describedby' | 'children'> & {
    'data-testid'?: string;
  };

/** A {@link FormField} holding a PrimeReact text input; every other prop goes to the input. */
export function TextField({ id, label, error, hasErrorLine, errorTestId, ...inputProps }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hasErrorLine={hasErrorLine} errorTestId={errorTestId}>
      {(control) => <InputText {...inputProps} {...control} className="form-field__input" />}
    </FormField>
  );
}
