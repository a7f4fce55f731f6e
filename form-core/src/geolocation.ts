/**
 * Location fields (issue 32): a fix from `navigator.geolocation` (or typed by hand) as the form stores
 * it, the builder's required accuracy, how the value reads on cards and in print, and its mapping to a
 * Salesforce geolocation field, whose value the org holds in two components (`Site__Latitude__s`,
 * `Site__Longitude__s`; the compound `Site__c` is read-only). Pure: the renderer, the BFF's check and
 * home's cards use the same rules.
 */
import type { FormJsonSchema } from 'shared-contracts';

/** The stored value of a location field. */
export interface GeoValue {
  latitude: number;
  longitude: number;
  /** Metres (95 % confidence, as the Geolocation API gives it); absent when typed by hand. */
  accuracy?: number;
  /** When the fix was taken (ISO 8601), or when it was typed. */
  timestamp?: string;
  /** 'device' for a fix from the device, 'manual' for coordinates typed by the user. */
  source?: 'device' | 'manual';
}

/** The schema format of a location field (an object holding a GeoValue). */
export const LOCATION_FORMAT = 'location';

/** Salesforce's geolocation fields keep up to 15 decimal places; 6 is ~0.1 m, finer than any phone fix. */
export const DEFAULT_LOCATION_SCALE = 6;

const isRec = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Whether a value is a usable location: latitude in [-90, 90], longitude in [-180, 180]. */
export function isGeoValue(v: unknown): v is GeoValue {
  return (
    isRec(v) &&
    finite(v.latitude) &&
    finite(v.longitude) &&
    Math.abs(v.latitude) <= 90 &&
    Math.abs(v.longitude) <= 180
  );
}

/** Whether a schema node is a location field. */
export const isLocationSchema = (s: FormJsonSchema | undefined): boolean => s?.format === LOCATION_FORMAT;

/**
 * The schema of a location field: an object whose `accuracy` has a maximum when the builder asks for
 * one, so Ajv (in the browser and at the BFF) refuses a fix worse than it.
 */
export function locationSchema(title: string, requiredAccuracy?: number): FormJsonSchema {
  return {
    title,
    type: 'object',
    format: LOCATION_FORMAT,
    properties: {
      latitude: { type: 'number', minimum: -90, maximum: 90 },
      longitude: { type: 'number', minimum: -180, maximum: 180 },
      accuracy: {
        // The error listing reads '{title} must be <= 25': say which field and the unit.
        title: `${title}: accuracy in metres`,
        type: 'number',
        minimum: 0,
        ...(requiredAccuracy !== undefined && requiredAccuracy > 0 ? { maximum: requiredAccuracy } : {}),
      },
      timestamp: { type: 'string' },
      source: { type: 'string', enum: ['device', 'manual'] },
    },
  } as FormJsonSchema;
}

/** The required accuracy (metres) a location schema carries, if any. */
export function requiredAccuracyOf(s: FormJsonSchema | undefined): number | undefined {
  const acc = s?.properties?.accuracy as FormJsonSchema | undefined;
  const max = acc?.maximum;
  return typeof max === 'number' && max > 0 ? max : undefined;
}

/** The same schema with another required accuracy (undefined or 0: none). */
export function withRequiredAccuracy(s: FormJsonSchema, metres: number | undefined): FormJsonSchema {
  const base = locationSchema(typeof s.title === 'string' ? s.title : '', metres);
  return { ...s, properties: base.properties };
}

/**
 * Whether a value meets a required accuracy. A typed location (no accuracy) does not meet one: the
 * builder asked for a fix of a known quality. Without a requirement any location does.
 */
export function meetsAccuracy(v: GeoValue, requiredAccuracy: number | undefined): boolean {
  if (requiredAccuracy === undefined) return true;
  return finite(v.accuracy) && v.accuracy <= requiredAccuracy;
}

/** A GeoValue from a browser position (GeolocationPosition). */
export function fromPosition(p: {
  coords: { latitude: number; longitude: number; accuracy: number };
  timestamp: number;
}): GeoValue {
  return {
    latitude: round(p.coords.latitude, DEFAULT_LOCATION_SCALE),
    longitude: round(p.coords.longitude, DEFAULT_LOCATION_SCALE),
    accuracy: Math.round(p.coords.accuracy * 10) / 10,
    timestamp: new Date(p.timestamp).toISOString(),
    source: 'device',
  };
}

const round = (n: number, places: number): number => {
  const f = 10 ** places;
  return Math.round(n * f) / f;
};

/**
 * Coordinates typed by a user: decimal degrees, '48.8584, 2.2945' or two separate texts; a comma as a
 * decimal mark is read when the parts are separated by a space or a semicolon. Undefined when they
 * are not numbers in range.
 */
export function parseCoordinates(latText: string, lonText?: string): GeoValue | undefined {
  let lat: string | undefined = latText;
  let lon: string | undefined = lonText;
  if (lon === undefined) {
    const text = latText.trim();
    // '48,85; 2,29' (decimal commas) splits at the semicolon; otherwise at a comma or spaces.
    const parts = (text.includes(';') ? text.split(';') : text.split(/\s*,\s*|\s+/))
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length !== 2) return undefined;
    [lat, lon] = parts;
  }
  const num = (t: string | undefined): number => {
    const s = (t ?? '').trim().replace(/°$/, '').replace(',', '.');
    return /^[+-]?\d+(\.\d+)?$/.test(s) ? Number(s) : NaN;
  };
  const v = { latitude: num(lat), longitude: num(lon) };
  if (!isGeoValue(v)) return undefined;
  return {
    latitude: round(v.latitude, DEFAULT_LOCATION_SCALE),
    longitude: round(v.longitude, DEFAULT_LOCATION_SCALE),
    source: 'manual',
  };
}

const coordFormatters = new Map<string, Intl.NumberFormat>();
function coordFormatter(locale?: string): Intl.NumberFormat {
  const key = locale ?? '';
  let f = coordFormatters.get(key);
  if (!f) {
    const opts: Intl.NumberFormatOptions = { minimumFractionDigits: 5, maximumFractionDigits: 6 };
    try {
      f = new Intl.NumberFormat(locale, opts);
    } catch {
      f = new Intl.NumberFormat(undefined, opts);
    }
    coordFormatters.set(key, f);
  }
  return f;
}

/**
 * A location as people read it: '48.85837° N, 2.29448° E (±12 m)'. Hemispheres instead of signs, so a
 * minus is never lost in print; the accuracy when the device gave one. '' for anything else.
 */
export function formatLocation(v: unknown, opts: { locale?: string } = {}): string {
  if (!isGeoValue(v)) return '';
  const f = coordFormatter(opts.locale);
  const lat = `${f.format(Math.abs(v.latitude))}° ${v.latitude < 0 ? 'S' : 'N'}`;
  const lon = `${f.format(Math.abs(v.longitude))}° ${v.longitude < 0 ? 'W' : 'E'}`;
  const acc = finite(v.accuracy) ? ` (±${formatAccuracy(v.accuracy)})` : '';
  return `${lat}, ${lon}${acc}`;
}

/** '12 m', '1.2 km'. */
export function formatAccuracy(metres: number): string {
  if (metres >= 1000) return `${Math.round(metres / 100) / 10} km`;
  return `${Math.round(metres)} m`;
}

/** The org's component field names of a geolocation field: 'Site__c' -> Site__Latitude__s / Site__Longitude__s. */
export function locationComponents(field: string): { latitude: string; longitude: string } | undefined {
  const m = /^(.+)__c$/i.exec(field);
  if (!m) return undefined;
  return { latitude: `${m[1]}__Latitude__s`, longitude: `${m[1]}__Longitude__s` };
}

/**
 * The data as the org receives it: next to each location field that is a custom field of the org
 * (`…__c`), its components `…__Latitude__s` / `…__Longitude__s` (null when the field is empty, so a
 * cleared location clears the org's). Other keys and the value itself are kept as they are. Returns
 * the same object when the schema has no such field.
 */
export function withLocationComponents(data: unknown, schema: FormJsonSchema | undefined): unknown {
  if (!schema || !isRec(data)) return data;
  return walk(data, schema, 0);
}

function walk(data: Record<string, unknown>, s: FormJsonSchema, depth: number): Record<string, unknown> {
  const props = s.properties;
  if (!isRec(props) || depth > 6) return data;
  let out = data;
  for (const [key, sub] of Object.entries(props as Record<string, FormJsonSchema>)) {
    if (!isRec(sub)) continue;
    if (isLocationSchema(sub)) {
      const names = locationComponents(key);
      if (!names || !(key in data)) continue;
      const v = data[key];
      if (out === data) out = { ...data };
      out[names.latitude] = isGeoValue(v) ? v.latitude : null;
      out[names.longitude] = isGeoValue(v) ? v.longitude : null;
    } else if (isRec(sub.properties) && isRec(data[key])) {
      const inner = walk(data[key], sub, depth + 1);
      if (inner !== data[key]) {
        if (out === data) out = { ...data };
        out[key] = inner;
      }
    }
  }
  return out;
}
