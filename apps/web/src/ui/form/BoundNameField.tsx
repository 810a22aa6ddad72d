import { useId } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { BoundTextField, type BoundTextFieldProps } from './BoundTextField.tsx';

type BoundNameFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = Omit<
  BoundTextFieldProps<TValues, TName>,
  'id'
> & { id?: string };

/**
 * The name field of a dialog that names something (New project, Clone, Rename): focused when the dialog opens,
 * never autofilled, the rules' or the server's reason under it. Its id is its own unless one is given.
 */
export function BoundNameField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  id,
  ...props
}: BoundNameFieldProps<TValues, TName>) {
  const ownId = useId();
  return <BoundTextField id={id ?? ownId} autoFocus autoComplete="off" {...props} />;
}
