import type { FieldPath, FieldValues } from 'react-hook-form';
import { PasswordField, type PasswordFieldProps } from './PasswordField.tsx';
import type { BoundFieldProps } from './useBoundField.ts';
import { useBoundTextInput } from './useBoundTextInput.ts';

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
  const inputProps = useBoundTextInput({ control, name, onValueChange });
  return <PasswordField {...props} {...inputProps} />;
}
