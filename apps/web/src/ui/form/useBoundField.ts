import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

/** What every bound field takes to join a react-hook-form form. */
export interface BoundFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> {
  control: Control<TValues>;
  name: TName;
  /**
   * Called after the user changed the value, e.g. to drop a server message about another field that
   * the change makes stale.
   */
  onValueChange?: () => void;
}

/**
 * Binds a control to a form field: its value, change and blur handlers, and the first message of the
 * field's error (from the schema or put there by `setError` after a refused submit).
 */
export function useBoundField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  onValueChange,
}: BoundFieldProps<TValues, TName>) {
  const { field, fieldState } = useController({ control, name });
  const handleValueChange = (value: unknown) => {
    field.onChange(value);
    onValueChange?.();
  };
  return { field, error: fieldState.error?.message, onValueChange: handleValueChange };
}
