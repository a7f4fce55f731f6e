// Wall-clock date-times in a time zone: what a date-time input shows the user (their time zone) and
// the instant it stores.
import { parseDateTime, validDate } from './display-value';

const partsFormatters = new Map<string, Intl.DateTimeFormat | null>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat | null {
  let f = partsFormatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      f = null; // an unknown zone: the device's own is used
    }
    partsFormatters.set(timeZone, f);
  }
  return f;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Wall-clock fields of an instant in a zone (the device's without one). */
function wallClock(at: Date, timeZone?: string): [number, number, number, number, number, number] {
  const f = timeZone ? partsFormatter(timeZone) : null;
  if (!f)
    return [
      at.getFullYear(),
      at.getMonth() + 1,
      at.getDate(),
      at.getHours(),
      at.getMinutes(),
      at.getSeconds(),
    ];
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return [p.year ?? 0, p.month ?? 0, p.day ?? 0, (p.hour ?? 0) % 24, p.minute ?? 0, p.second ?? 0];
}

/** A stored date-time as 'YYYY-MM-DDTHH:mm' in the user's time zone (what a datetime-local input shows); '' if none. */
export function toZonedInput(value: unknown, timeZone?: string): string {
  const at = parseDateTime(value);
  if (!at) return '';
  const [y, mo, d, h, mi] = wallClock(at, timeZone);
  return `${String(y).padStart(4, '0')}-${pad2(mo)}-${pad2(d)}T${pad2(h)}:${pad2(mi)}`;
}

/**
 * The instant a wall-clock 'YYYY-MM-DDTHH:mm' means in the user's time zone (the device's without
 * one), as stored: UTC 'YYYY-MM-DDTHH:mm:ss.SSSZ'. A time skipped by a DST change moves forward.
 */
export function fromZonedInput(text: string, timeZone?: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as number[];
  if (!validDate(y ?? 0, mo ?? 0, d ?? 0) || (h ?? 0) > 23 || (mi ?? 0) > 59) return undefined;
  if (!timeZone || !partsFormatter(timeZone)) {
    const local = new Date(y ?? 0, (mo ?? 1) - 1, d, h, mi, s);
    return Number.isNaN(local.getTime()) ? undefined : local.toISOString();
  }
  const wanted = Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s);
  const offsetAt = (t: number): number => {
    const [yy, mm, dd, hh, mn, ss] = wallClock(new Date(t), timeZone);
    return Date.UTC(yy, mm - 1, dd, hh, mn, ss) - t;
  };
  // two passes settle the offset across a DST change
  let t = wanted - offsetAt(wanted);
  t = wanted - offsetAt(t);
  return new Date(t).toISOString();
}
