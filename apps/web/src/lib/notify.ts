import { createContext, useContext, useMemo } from 'react';
import { SNACKBAR_DURATION_MS, TOAST_DURATION_MS } from '@recovery-portal/contract/constants';

/** Spec §9: short toasts for account flows, long-lived snackbars for list actions. */
export type NotifyDuration = 'toast' | 'snackbar';

export type Notify = {
  success: (message: string, duration?: NotifyDuration) => void;
  /** Errors stay until closed, whatever the screen (ADR 0024). */
  error: (message: string) => void;
};

export type Notification = {
  message: string;
  variant: 'success' | 'error';
  /** null: stays until closed, as every error does (a missed failure is worse than a click). */
  autoHideDuration: number | null;
};

const DURATION_MS: Record<NotifyDuration, number> = {
  toast: TOAST_DURATION_MS,
  snackbar: SNACKBAR_DURATION_MS,
};

/**
 * Notifications waiting for the snackbar host. The host, and the snackbar library with it, is not
 * part of the first load (DESIGN §7; see app/provider.tsx): it loads on the first notification,
 * which waits here and appears as soon as it has.
 */
export type NotificationQueue = {
  show: (notification: Notification) => void;
  /** Removes and returns everything queued. */
  take: () => Notification[];
  /** Whether anything was ever queued: the host loads on the first notification. */
  used: () => boolean;
  subscribe: (listener: () => void) => () => void;
};

export function createNotificationQueue(): NotificationQueue {
  const pending: Notification[] = [];
  const listeners = new Set<() => void>();
  let used = false;
  return {
    show(notification) {
      used = true;
      pending.push(notification);
      for (const listener of [...listeners]) listener();
    },
    take: () => pending.splice(0),
    used: () => used,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const NotificationQueueContext = createContext<NotificationQueue | null>(null);

/** The one way screens show a toast; position and durations come from the provider and spec. */
export function useNotify(): Notify {
  const queue = useContext(NotificationQueueContext);
  if (!queue) throw new Error('useNotify needs the AppProvider.');
  return useMemo(
    () => ({
      success: (message, duration = 'toast') => {
        queue.show({ message, variant: 'success', autoHideDuration: DURATION_MS[duration] });
      },
      error: (message) => {
        queue.show({ message, variant: 'error', autoHideDuration: null });
      },
    }),
    [queue],
  );
}
