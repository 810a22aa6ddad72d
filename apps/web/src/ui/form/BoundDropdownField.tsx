import { Dropdown, type DropdownProps } from 'primereact/dropdown';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormField, type FormFieldProps } from './FormField.tsx';
import { type BoundFieldProps, useBoundField } from './useBoundField.ts';

type BoundDropdownFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = BoundFieldProps<
  TValues,
  TName
> &
  Omit<FormFieldProps, 'children' | 'error'> &
  Omit<
    DropdownProps,
    'id' | 'inputId' | 'name' | 'value' | 'onChange' | 'onBlur' | 'invalid' | 'className' | 'children'
  > & { 'data-testid'?: string };

/**
 * A {@link FormField} holding a PrimeReact dropdown bound to a react-hook-form field; every other prop
 * goes to the dropdown.
 */
export function BoundDropdownField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  onValueChange,
  id,
  label,
  hasErrorLine,
  errorTestId,
  ...dropdownProps
}: BoundDropdownFieldProps<TValues, TName>) {
  const bound = useBoundField({ control, name, onValueChange });
  return (
    <FormField
      id={id}
      label={label}
      error={bound.error}
      hasErrorLine={hasErrorLine}
      errorTestId={errorTestId}
    >
      {({ id: inputId, ...control }) => (
        <Dropdown
          {...dropdownProps}
          {...control}
          inputId={inputId}
          name={bound.field.name}
          value={bound.field.value}
          onChange={(event) => bound.onValueChange(event.value)}
          onBlur={bound.field.onBlur}
          className="form-field__input"
        />
      )}
    </FormField>
  );
}
