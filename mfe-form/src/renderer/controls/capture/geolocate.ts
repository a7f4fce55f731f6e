/**
 * One fix from the device (navigator.geolocation), as a promise with its failure named. GPS needs no
 * network, so this works offline; `maximumAge: 0` because a refresh asked for must be a new fix.
 */
import { fromPosition, type GeoValue } from 'form-core';

export type GeoFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported' | 'insecure';

export class GeoError extends Error {
  constructor(readonly reason: GeoFailure) {
    super(reason);
  }
}

/** How long to wait for a fix: a cold GPS start outdoors can take half a minute. */
export const FIX_TIMEOUT_MS = 30_000;

export function currentFix(
  geo: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<GeoValue> {
  if (typeof window !== 'undefined' && window.isSecureContext === false)
    return Promise.reject(new GeoError('insecure'));
  if (!geo) return Promise.reject(new GeoError('unsupported'));
  return new Promise((resolve, reject) => {
    geo.getCurrentPosition(
      (p) => resolve(fromPosition(p)),
      (e) =>
        reject(
          new GeoError(
            e.code === 1 /* PERMISSION_DENIED */
              ? 'denied'
              : e.code === 3 /* TIMEOUT */
                ? 'timeout'
                : 'unavailable',
          ),
        ),
      { enableHighAccuracy: true, timeout: FIX_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}
