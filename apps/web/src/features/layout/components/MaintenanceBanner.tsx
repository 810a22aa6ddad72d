import { MAINTENANCE_TEXT } from '@waymark/contract';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { tCommon } from '../../../i18n/common.ts';

/**
 * SPEC §2: shown while the ping reports read-only maintenance. In the shell, so every page says it (a writer on a
 * project page learnt it only when the upload was refused); the write actions are disabled meanwhile.
 */
export function MaintenanceBanner() {
  const isMaintenance = useIsMaintenance();
  if (!isMaintenance) return null;
  return (
    <div className="banner banner--warn maintenance-banner" role="status" data-testid="maintenance-banner">
      <i className="pi pi-wrench banner__icon" aria-hidden="true" />
      <div>
        <p className="banner__title">{tCommon('maintenanceUi.bannerTitle')}</p>
        <p className="banner__text">{MAINTENANCE_TEXT}</p>
      </div>
    </div>
  );
}
