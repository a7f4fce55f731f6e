/**
 * The builder asks for notification permission (builder spec section 2), on the user's first gesture
 * in the builder: browsers ignore or block a request made at page load (Chromium quiets it, Firefox
 * and Safari require a gesture). Asked once, and only while the user has not decided.
 */
export interface NotificationLike {
  permission: string;
  requestPermission(): Promise<string>;
}

/** Listens on `target` for the first click or key press; returns the cleanup. */
export function askNotificationPermissionOnGesture(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  notification: NotificationLike | undefined = typeof Notification === 'undefined' ? undefined : Notification,
): () => void {
  if (!notification || notification.permission !== 'default') return () => undefined;
  const ask = (): void => {
    stop();
    if (notification.permission === 'default') void notification.requestPermission().catch(() => undefined);
  };
  const stop = (): void => {
    target.removeEventListener('pointerdown', ask);
    target.removeEventListener('keydown', ask);
  };
  target.addEventListener('pointerdown', ask);
  target.addEventListener('keydown', ask);
  return stop;
}
