import { Toast, type ToastMessage } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { type AppNotification, subscribeNotifications } from '../lib/notifications.ts';

const keyOf = (message: Pick<AppNotification, 'severity' | 'text'>) => `${message.severity}|${message.text}`;

/**
 * The single app-wide toast outlet (SPEC §2: top-center, at most 40rem wide). A toast already on screen is not
 * shown a second time (one failure reported by several calls), and `notify.clear()` takes them all away.
 */
export function AppToast() {
  const toastRef = useRef<Toast>(null);
  const shownRef = useRef(new Set<string>());
  useEffect(
    () =>
      subscribeNotifications((event) => {
        const shown = shownRef.current;
        if (event === 'clear') {
          shown.clear();
          toastRef.current?.clear();
          return;
        }
        const key = keyOf(event);
        if (shown.has(key)) return;
        shown.add(key);
        toastRef.current?.show({ id: key, severity: event.severity, detail: event.text, life: event.life });
      }),
    [],
  );
  const handleRemove = (message: ToastMessage) => {
    if (typeof message.id === 'string') shownRef.current.delete(message.id);
  };
  return <Toast ref={toastRef} position="top-center" className="app-toast" onRemove={handleRemove} />;
}
