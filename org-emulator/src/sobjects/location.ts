import type { FieldDef } from '../metadata/types.js';
import type { SRecord } from '../store/records.js';

/**
 * A geolocation compound's value as the REST API gives it (SOQL, retrieve): {latitude, longitude} from
 * its components, null when neither is set. The compound itself is never stored.
 */
export function locationValue(f: FieldDef, rec: SRecord): { latitude: unknown; longitude: unknown } | null {
  const lat = rec[f.name.replace(/__c$/i, '__Latitude__s')];
  const lon = rec[f.name.replace(/__c$/i, '__Longitude__s')];
  return typeof lat === 'number' || typeof lon === 'number'
    ? { latitude: lat ?? null, longitude: lon ?? null }
    : null;
}
