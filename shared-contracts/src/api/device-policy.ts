/**
 * How the app guards what it keeps on a device (issue 45), as the org's admin set it in the product's
 * custom metadata (`CQ_Device_Policy__mdt`, record `Default`; salesforce/README.md). Read at sign-in
 * (GET /api/vault/policy) and kept for offline.
 */
export interface DevicePolicy {
  /** A PIN is set at sign-in and opens the data after a lock. */
  pinRequired: boolean;
  /** Digits in the PIN, 4 to 8. */
  pinLength: number;
  /** Minutes without use before the screen is covered, 1 to 240. */
  lockAfterMinutes: number;
  /** 'org': the org's record; 'default': the org has none the user may read. */
  source: 'org' | 'default';
}

export const DEVICE_POLICY_LIMITS = { pinLength: [4, 8], lockAfterMinutes: [1, 240] } as const;

/** What applies where the org holds no policy: no PIN, a lock after 15 minutes once a PIN exists. */
export const DEVICE_POLICY_DEFAULT: DevicePolicy = {
  pinRequired: false,
  pinLength: 6,
  lockAfterMinutes: 15,
  source: 'default',
};

const within = (value: unknown, [min, max]: readonly [number, number], fallback: number): number => {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;
};

/**
 * A policy from any shape (the org's record mapped to these names, or a copy kept on the device), held
 * to the limits the app enforces; what is missing or unreadable takes the default's value.
 */
export function devicePolicy(raw: unknown, source: DevicePolicy['source'] = 'org'): DevicePolicy {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    pinRequired: r.pinRequired === true || r.pinRequired === 'true',
    pinLength: within(r.pinLength, DEVICE_POLICY_LIMITS.pinLength, DEVICE_POLICY_DEFAULT.pinLength),
    lockAfterMinutes: within(
      r.lockAfterMinutes,
      DEVICE_POLICY_LIMITS.lockAfterMinutes,
      DEVICE_POLICY_DEFAULT.lockAfterMinutes,
    ),
    source: r.source === 'default' || r.source === 'org' ? r.source : source,
  };
}
