import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { subscribeNotifications } from '../lib/notifications.ts';

/** The single app-wide toast outlet (SPEC §2: top-center, at most 40rem wide). */
export function AppToast() {
  const toastRef = useRef<Toast>(null);
  useEffect(
    () =>
      subscribeNotifications((notification) => {
        toastRef.current?.show({
          severity: notification.severity,
          detail: notification.text,
          life: notification.life,
        });
      }),
    [],
  );
  return <Toast ref={toastRef} position="top-center" className="app-toast" />;
}
