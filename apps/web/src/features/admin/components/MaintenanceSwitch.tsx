import type { AdminServerInfo } from '@waymark/contract';
import { InputSwitch } from 'primereact/inputswitch';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useSetMaintenance } from '../hooks/useAdminServer.ts';
import { tAdmin } from '../../../i18n/admin.ts';

/** The admin's maintenance switch, confirmed before it turns on; locked on by the operator's setting or file. */
export function MaintenanceSwitch({ info }: { info: AdminServerInfo }) {
  const switchId = useId();
  const hintId = useId();
  const mutation = useSetMaintenance();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  // Only the admin switch can be turned off here; the setting and the file are the operator's.
  const isLockedOn =
    info.maintenance && (info.maintenance_source === 'config' || info.maintenance_source === 'file');
  const hint = isLockedOn
    ? info.maintenance_source === 'config'
      ? tAdmin('server.maintenanceSourceConfig')
      : tAdmin('server.maintenanceSourceFile')
    : info.maintenance
      ? tAdmin('server.maintenanceOnHint')
      : tAdmin('server.maintenanceOffHint');

  return (
    <>
      <div className={info.maintenance ? 'maintenance-row maintenance-row--on' : 'maintenance-row'}>
        <span className="maintenance-row__icon" aria-hidden="true">
          <i className="pi pi-wrench" />
        </span>
        <div className="maintenance-row__text">
          <label htmlFor={switchId} className="maintenance-row__label">
            {tAdmin('server.maintenanceSwitch')}
          </label>
          <p id={hintId} className="maintenance-row__hint" data-testid="maintenance-hint">
            {hint}
          </p>
        </div>
        <InputSwitch
          inputId={switchId}
          checked={info.maintenance}
          disabled={isLockedOn || mutation.isPending}
          aria-describedby={hintId}
          onChange={(event) => {
            if (event.value) setIsConfirmOpen(true);
            else mutation.mutate(false);
          }}
          data-testid="maintenance-switch"
          // PrimeReact gives the wrapper a checkbox role too; the input inside is the switch.
          pt={{ root: { role: 'presentation', 'aria-checked': undefined } }}
        />
      </div>
      <ConfirmDialog
        isVisible={isConfirmOpen}
        header={tAdmin('server.maintenanceOnHeader')}
        message={tAdmin('server.maintenanceOnMessage')}
        confirmLabel={tAdmin('server.maintenanceOnConfirm')}
        isDanger
        isBusy={mutation.isPending}
        testId="maintenance-confirm"
        onConfirm={() => mutation.mutate(true, { onSuccess: () => setIsConfirmOpen(false) })}
        onHide={() => setIsConfirmOpen(false)}
      />
    </>
  );
}
