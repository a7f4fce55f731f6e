/**
 * The org's device policy as the device keeps it (issue 45): read at sign-in (GET /api/vault/policy)
 * and kept beside the signed-in user, so the lock follows it offline. It holds no user data, only the
 * org's settings, and goes with the user at sign-out.
 */
import { DEVICE_POLICY_DEFAULT, type DevicePolicy, devicePolicy } from 'shared-contracts';

export const DEVICE_POLICY_KEY = 'cq.devicePolicy';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export function storeDevicePolicy(storage: Storage, policy: DevicePolicy): void {
  storage.setItem(DEVICE_POLICY_KEY, JSON.stringify(policy));
}

/** The kept policy; none kept (signed in before policies existed): the default until the next sign-in. */
export function readDevicePolicy(storage: Storage): DevicePolicy {
  const text = storage.getItem(DEVICE_POLICY_KEY);
  if (!text) return DEVICE_POLICY_DEFAULT;
  try {
    return devicePolicy(JSON.parse(text));
  } catch {
    return DEVICE_POLICY_DEFAULT;
  }
}
