import { describe, expect, it, vi } from 'vitest';
import { askNotificationPermissionOnGesture } from './notifications';

const fake = (permission: string) => ({
  permission,
  requestPermission: vi.fn(async () => 'granted'),
});

describe('notification permission', () => {
  it('is asked on the first click or key press, never at load, and once', () => {
    const target = new EventTarget();
    const n = fake('default');
    askNotificationPermissionOnGesture(target, n);
    expect(n.requestPermission).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('pointerdown'));
    expect(n.requestPermission).toHaveBeenCalledTimes(1);
    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('pointerdown'));
    expect(n.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('is not asked when the user has decided, nor after the builder is left', () => {
    for (const decided of ['granted', 'denied']) {
      const target = new EventTarget();
      const n = fake(decided);
      askNotificationPermissionOnGesture(target, n);
      target.dispatchEvent(new Event('pointerdown'));
      expect(n.requestPermission, decided).not.toHaveBeenCalled();
    }
    const target = new EventTarget();
    const n = fake('default');
    askNotificationPermissionOnGesture(target, n)();
    target.dispatchEvent(new Event('keydown'));
    expect(n.requestPermission).not.toHaveBeenCalled();
  });
});
