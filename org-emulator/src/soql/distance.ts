// DISTANCE(field, GEOLOCATION(lat, lon), 'km'|'mi'): location-based SOQL, in SELECT, WHERE (< and >)
// and ORDER BY, as an org answers it. The field is a geolocation compound (its components are read) or
// another GEOLOCATION(); the distance is the haversine (great-circle) one, null when a point is unset.
import { SfError } from '../errors.js';
import type { ObjectMeta } from '../metadata/registry.js';
import type { SRecord } from '../store/records.js';
import { located } from './parse.js';

/** The shape soql-parser-js gives a function in a field list, a condition or an ORDER BY. */
export interface FnNode {
  functionName?: string;
  parameters?: Array<string | FnNode>;
  rawValue?: string;
}

const EARTH_RADIUS = { km: 6371.0088, mi: 3958.7613 } as const;

type Point = (r: SRecord) => { lat: number; lon: number } | null;

export const isDistance = (fn: unknown): fn is FnNode =>
  typeof fn === 'object' && fn !== null && String((fn as FnNode).functionName).toUpperCase() === 'DISTANCE';

function malformed(soql: string, token: string, message: string): SfError {
  return new SfError(400, 'MALFORMED_QUERY', located(soql, token, message));
}

function pointOf(soql: string, meta: ObjectMeta, p: string | FnNode | undefined): Point {
  if (typeof p === 'object' && String(p.functionName).toUpperCase() === 'GEOLOCATION') {
    const [lat, lon] = (p.parameters ?? []).map((x) => Number(typeof x === 'string' ? x : NaN));
    if (!Number.isFinite(lat) || !Number.isFinite(lon))
      throw malformed(soql, 'GEOLOCATION', 'GEOLOCATION needs a latitude and a longitude');
    const fixed = { lat: lat as number, lon: lon as number };
    return () => fixed;
  }
  if (typeof p !== 'string')
    throw malformed(soql, 'DISTANCE', 'DISTANCE needs a location field or GEOLOCATION()');
  const f = meta.field(p);
  if (!f) {
    throw new SfError(
      400,
      'INVALID_FIELD',
      located(
        soql,
        p,
        `No such column '${p}' on entity '${meta.name}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.`,
      ),
    );
  }
  if (f.type !== 'location')
    throw malformed(soql, p, `DISTANCE can only be used on a location field or GEOLOCATION: ${f.name}`);
  const latName = f.name.replace(/__c$/i, '__Latitude__s');
  const lonName = f.name.replace(/__c$/i, '__Longitude__s');
  return (r) => {
    const lat = r[latName];
    const lon = r[lonName];
    return typeof lat === 'number' && typeof lon === 'number' ? { lat, lon } : null;
  };
}

/** The distance a DISTANCE() node computes for a record. */
export function compileDistance(soql: string, meta: ObjectMeta, fn: FnNode): (r: SRecord) => number | null {
  const [a, b, unitRaw] = fn.parameters ?? [];
  const unit = typeof unitRaw === 'string' ? unitRaw.replace(/^'|'$/g, '').toLowerCase() : '';
  if (unit !== 'km' && unit !== 'mi')
    throw malformed(soql, 'DISTANCE', "DISTANCE's unit must be 'mi' or 'km'");
  const from = pointOf(soql, meta, a);
  const to = pointOf(soql, meta, b);
  const radius = EARTH_RADIUS[unit];
  return (r) => {
    const p = from(r);
    const q = to(r);
    if (!p || !q) return null;
    const rad = Math.PI / 180;
    const dLat = (q.lat - p.lat) * rad;
    const dLon = (q.lon - p.lon) * rad;
    const h =
      Math.sin(dLat / 2) ** 2 + Math.cos(p.lat * rad) * Math.cos(q.lat * rad) * Math.sin(dLon / 2) ** 2;
    return 2 * radius * Math.asin(Math.min(1, Math.sqrt(h)));
  };
}
