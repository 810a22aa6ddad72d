import type { FieldPath, FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from './TextField.tsx';
import type { BoundFieldProps } from './useBoundField.ts';
import { useBoundTextInput } from './useBoundTextInput.ts';

export type BoundTextFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
> = BoundFieldProps<TValues, TName> &
  Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>;

/** A {@link TextField} bound to a react-hook-form field: value, label and the field's error under it. */
export function BoundTextField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  onValueChange,
  ...props
}: BoundTextFieldProps<TValues, TName>) {
  const inputProps = useBoundTextInput({ control, name, onValueChange });
  return <TextField {...props} {...inputProps} />;
}
