import type { FieldPath, FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from './TextField.tsx';
import { type BoundFieldProps, useBoundField } from './useBoundField.ts';

type BoundTextFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = BoundFieldProps<
  TValues,
  TName
> &
  Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>;

/** A {@link TextField} bound to a react-hook-form field: value, label and the field's error under it. */
export function BoundTextField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  onValueChange,
  ...props
}: BoundTextFieldProps<TValues, TName>) {
  const bound = useBoundField({ control, name, onValueChange });
  return (
    <TextField
      {...props}
      name={bound.field.name}
      value={typeof bound.field.value === 'string' ? bound.field.value : ''}
      onChange={(event) => bound.onValueChange(event.target.value)}
      onBlur={bound.field.onBlur}
      error={bound.error}
    />
  );
}
