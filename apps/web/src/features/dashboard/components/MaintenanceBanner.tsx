import { DASHBOARD_TEXTS, MAINTENANCE_TEXT } from '@waymark/contract';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';

/** SPEC §2 "Dashboard": shown while the ping reports read-only maintenance. */
export function MaintenanceBanner() {
  const isMaintenance = useIsMaintenance();
  if (!isMaintenance) return null;
  return (
    <div className="banner banner--warn" role="status" data-testid="maintenance-banner">
      <i className="pi pi-wrench banner__icon" aria-hidden="true" />
      <div>
        <p className="banner__title">{DASHBOARD_TEXTS.maintenanceTitle}</p>
        <p className="banner__text">{MAINTENANCE_TEXT}</p>
      </div>
    </div>
  );
}
