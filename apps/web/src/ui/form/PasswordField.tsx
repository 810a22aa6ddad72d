import { Password, type PasswordProps } from 'primereact/password';
import { FormField, type FormFieldProps } from './FormField.tsx';

export type PasswordFieldProps = Omit<FormFieldProps, 'children'> &
  Omit<PasswordProps, 'id' | 'inputId' | 'invalid' | 'className' | 'aria-describedby' | 'children'> & {
    'data-testid'?: string;
  };

/**
 * A {@link FormField} holding a PrimeReact password input with the show/hide toggle and no strength meter;
 * every other prop goes to the input.
 */
export function PasswordField({
  id,
  label,
  error,
  hasErrorLine,
  errorTestId,
  ...inputProps
}: PasswordFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hasErrorLine={hasErrorLine} errorTestId={errorTestId}>
      {({ id: inputId, ...control }) => (
        <Password
          inputId={inputId}
          feedback={false}
          toggleMask
          {...inputProps}
          {...control}
          className="form-field__password"
          inputClassName="form-field__input"
        />
      )}
    </FormField>
  );
}
