import type { ChangeEvent } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type BoundFieldProps, useBoundField } from './useBoundField.ts';

/** The props a text-like field (text, password) takes from the form field it is bound to. */
export function useBoundTextInput<TValues extends FieldValues, TName extends FieldPath<TValues>>(
  props: BoundFieldProps<TValues, TName>,
) {
  const { field, error, onValueChange } = useBoundField(props);
  return {
    name: field.name,
    value: typeof field.value === 'string' ? field.value : '',
    onChange: (event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value),
    onBlur: field.onBlur,
    error,
  };
}
