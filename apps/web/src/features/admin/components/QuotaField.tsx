import { STORAGE_QUOTA_UNITS, type StorageQuotaUnit } from '../adminFormSchemas.ts';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { FormField } from '../../../ui/form/FormField.tsx';
import { tAdmin } from '../../../i18n/admin.ts';

const UNIT_OPTIONS = STORAGE_QUOTA_UNITS.map((unit) => ({ label: unit, value: unit }));

type QuotaValues = FieldValues & { quota: string; unit: StorageQuotaUnit };

interface QuotaFieldProps<TValues extends QuotaValues> {
  control: Control<TValues>;
  id: string;
  /** Called after the user changed the number or the unit (to drop a stale server message). */
  onValueChange?: () => void;
  autoFocus?: boolean;
}

/** A storage quota: a number and its unit side by side, with one label and one error line. */
export function QuotaField<TValues extends QuotaValues>({
  control,
  id,
  onValueChange,
  autoFocus = false,
}: QuotaFieldProps<TValues>) {
  const quota = useController({ control, name: 'quota' as Path<TValues> });
  const unit = useController({ control, name: 'unit' as Path<TValues> });
  return (
    <FormField
      id={id}
      label={tAdmin('workspaces.quotaLabel')}
      error={quota.fieldState.error?.message}
      errorTestId={`${id}-error`}
    >
      {(controlProps) => (
        <div className="quota-field">
          <InputText
            {...controlProps}
            value={quota.field.value as string}
            onChange={(event) => {
              quota.field.onChange(event.target.value);
              onValueChange?.();
            }}
            onBlur={quota.field.onBlur}
            inputMode="decimal"
            autoComplete="off"
            autoFocus={autoFocus}
            className="form-field__input quota-field__number"
            data-testid={`${id}-value`}
          />
          <Dropdown
            value={unit.field.value as StorageQuotaUnit}
            options={UNIT_OPTIONS}
            optionLabel="label"
            optionValue="value"
            onChange={(event) => {
              unit.field.onChange(event.value as StorageQuotaUnit);
              onValueChange?.();
            }}
            ariaLabel={tAdmin('workspaces.quotaUnitLabel')}
            aria-label={tAdmin('workspaces.quotaUnitLabel')}
            className="quota-field__unit"
            data-testid={`${id}-unit`}
          />
        </div>
      )}
    </FormField>
  );
}
