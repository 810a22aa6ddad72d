import { readErrorDetail } from '../api/apiErrors.ts';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/** A refused submit read the SPEC §5 way: messages per field, or one message for the whole form. */
export type ServerFormError =
  { kind: 'fields'; fields: Partial<Record<string, string>> } | { kind: 'message'; message: string };

/** Where a form-level message goes; forms that show one render `errors.root.server`. */
export const SERVER_ERROR = 'root.server';

/**
 * Puts a refused submit into the form: each message under its field (of `fields`, the ones the form
 * shows), or the form-level message at {@link SERVER_ERROR}. The resolver clears them all on the next
 * submit.
 */
export function setServerFormError<TValues extends FieldValues>(
  setError: UseFormSetError<TValues>,
  result: ServerFormError,
  fields: readonly FieldPath<TValues>[],
): void {
  if (result.kind === 'message') {
    setError(SERVER_ERROR, { type: 'server', message: result.message });
    return;
  }
  for (const field of fields) {
    const message = result.fields[field];
    if (message) setError(field, { type: 'server', message });
  }
}

/**
 * The toast of a refused submit, for a mutation's `meta.readErrorMessage`: the form-level message only,
 * as field messages are shown under their fields.
 */
export function readFormLevelMessage(resolve: (error: unknown) => ServerFormError) {
  return (error: unknown): string | undefined => {
    const result = resolve(error);
    return result.kind === 'message' ? result.message : undefined;
  };
}

/**
 * A mutation's `onError` that shows the server's reason (its `detail`) under `field`, SPEC §5; a refusal without
 * one is left to the mutation's toast. The field's next change or the next submit clears it.
 */
export function showDetailUnder<TValues extends FieldValues>(
  setError: UseFormSetError<TValues>,
  field: FieldPath<TValues>,
) {
  return (error: unknown): void => {
    const detail = readErrorDetail(error);
    if (detail) setError(field, { type: 'server', message: detail });
  };
}

/**
 * The toast of a refused submit whose server reason the form shows under a field (SPEC §5 "the server
 * error detail shows under the field"): only a failure without a reason toasts `fallback`.
 */
export function readToastUnlessDetail(fallback: string) {
  return (error: unknown): string | undefined => (readErrorDetail(error) ? undefined : fallback);
}
