import { TOAST_ERROR_LIFE_MS, TOAST_LIFE_MS } from '@waymark/contract';

export type NotificationSeverity = 'success' | 'info' | 'warn' | 'error';

export interface AppNotification {
  severity: NotificationSeverity;
  text: string;
  /** How long the toast stays, in ms. */
  life: number;
}

/** A toast to show, or `clear`: every toast on screen goes (a signed-in user has no use for 'Failed to login'). */
export type NotificationEvent = AppNotification | 'clear';

type NotificationListener = (event: NotificationEvent) => void;

const listeners = new Set<NotificationListener>();

/** SPEC §9: toasts stay 3 s, errors 5 s so there is time to read what went wrong. */
export function getNotificationLife(severity: NotificationSeverity): number {
  return severity === 'error' ? TOAST_ERROR_LIFE_MS : TOAST_LIFE_MS;
}

function show(severity: NotificationSeverity, text: string, life = getNotificationLife(severity)): void {
  const notification = { severity, text, life };
  for (const listener of listeners) listener(notification);
}

/**
 * App-wide notifications. A plain module rather than React context so API callbacks and query
 * functions, which live outside components, can raise toasts too.
 */
export const notify = {
  success: (text: string, life?: number) => show('success', text, life),
  info: (text: string, life?: number) => show('info', text, life),
  warn: (text: string, life?: number) => show('warn', text, life),
  error: (text: string, life?: number) => show('error', text, life),
  clear: () => {
    for (const listener of listeners) listener('clear');
  },
};

/** What code outside the toast outlet uses to raise toasts. */
export type Notifier = Omit<typeof notify, 'clear'>;

/** Registers the toast outlet; returns the unsubscribe function. */
export function subscribeNotifications(listener: NotificationListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Hook form of `notify` for components. */
export function useNotify(): Notifier {
  return notify;
}
