import type { FieldPath, FieldValues } from 'react-hook-form';
import { PasswordField, type PasswordFieldProps } from './PasswordField.tsx';
import { type BoundFieldProps, useBoundField } from './useBoundField.ts';

type BoundPasswordFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = BoundFieldProps<
  TValues,
  TName
> &
  Omit<PasswordFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>;

/** A {@link PasswordField} bound to a react-hook-form field: value, label and the field's error under it. */
export function BoundPasswordField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  onValueChange,
  ...props
}: BoundPasswordFieldProps<TValues, TName>) {
  const bound = useBoundField({ control, name, onValueChange });
  return (
    <PasswordField
      {...props}
      name={bound.field.name}
      value={typeof bound.field.value === 'string' ? bound.field.value : ''}
      onChange={(event) => bound.onValueChange(event.target.value)}
      onBlur={bound.field.onBlur}
      error={bound.error}
    />
  );
}
