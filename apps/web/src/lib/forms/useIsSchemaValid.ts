import { type Control, type FieldValues, useWatch } from 'react-hook-form';

/** The part of a zod schema this hook needs; keeps the web app free of a direct zod import. */
interface ValueSchema {
  safeParse: (value: unknown) => { success: boolean };
}

/**
 * True while the form's current values pass its schema: what enables a submit button (SPEC §5 "disabled
 * until filled"). Worked out from the values on every render rather than RHF's `isValid`, which turns
 * false after a server error is put into the form until the next edit, and lags a render behind.
 */
export function useIsSchemaValid<TValues extends FieldValues>(
  control: Control<TValues>,
  schema: ValueSchema,
): boolean {
  const values = useWatch({ control });
  return schema.safeParse(values).success;
}
