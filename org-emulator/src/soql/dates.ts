// SOQL date literals (TODAY, LAST_N_DAYS:n, ...) as half-open UTC ranges; the demo org's time zone is GMT.
import { SfError } from '../errors.js';

export interface DateRange {
  start: number;
  end: number;
}

const DAY = 86_400_000;

const utc = (y: number, m: number, d: number): number => Date.UTC(y, m, d);

export function dateLiteralRange(literal: string, now: Date = new Date()): DateRange {
  const [rawName, rawN] = literal.toUpperCase().split(':');
  const name = rawName ?? '';
  const n = rawN === undefined ? 0 : Number(rawN);
  if (!Number.isInteger(n) || n < 0)
    throw new SfError(400, 'MALFORMED_QUERY', `invalid date literal ${literal}`);
  const y = now.getUTCFullYear();
  const mo = now.getUTCMonth();
  const today = utc(y, mo, now.getUTCDate());
  const weekStart = today - now.getUTCDay() * DAY;
  const q = Math.floor(mo / 3) * 3;
  const month = (offset: number, len = 1): DateRange => ({
    start: utc(y, mo + offset, 1),
    end: utc(y, mo + offset + len, 1),
  });
  const quarter = (offset: number, len = 1): DateRange => ({
    start: utc(y, q + offset * 3, 1),
    end: utc(y, q + (offset + len) * 3, 1),
  });
  const year = (offset: number, len = 1): DateRange => ({
    start: utc(y + offset, 0, 1),
    end: utc(y + offset + len, 0, 1),
  });
  switch (name) {
    case 'TODAY':
      return { start: today, end: today + DAY };
    case 'YESTERDAY':
      return { start: today - DAY, end: today };
    case 'TOMORROW':
      return { start: today + DAY, end: today + 2 * DAY };
    case 'THIS_WEEK':
      return { start: weekStart, end: weekStart + 7 * DAY };
    case 'LAST_WEEK':
      return { start: weekStart - 7 * DAY, end: weekStart };
    case 'NEXT_WEEK':
      return { start: weekStart + 7 * DAY, end: weekStart + 14 * DAY };
    case 'THIS_MONTH':
      return month(0);
    case 'LAST_MONTH':
      return month(-1);
    case 'NEXT_MONTH':
      return month(1);
    case 'LAST_90_DAYS':
      return { start: today - 90 * DAY, end: today + DAY };
    case 'NEXT_90_DAYS':
      return { start: today + DAY, end: today + 91 * DAY };
    case 'THIS_QUARTER':
    case 'THIS_FISCAL_QUARTER':
      return quarter(0);
    case 'LAST_QUARTER':
    case 'LAST_FISCAL_QUARTER':
      return quarter(-1);
    case 'NEXT_QUARTER':
    case 'NEXT_FISCAL_QUARTER':
      return quarter(1);
    case 'THIS_YEAR':
    case 'THIS_FISCAL_YEAR':
      return year(0);
    case 'LAST_YEAR':
    case 'LAST_FISCAL_YEAR':
      return year(-1);
    case 'NEXT_YEAR':
    case 'NEXT_FISCAL_YEAR':
      return year(1);
    case 'LAST_N_DAYS':
      return { start: today - n * DAY, end: today + DAY };
    case 'NEXT_N_DAYS':
      return { start: today + DAY, end: today + (n + 1) * DAY };
    case 'N_DAYS_AGO':
      return { start: today - n * DAY, end: today - (n - 1) * DAY };
    case 'LAST_N_WEEKS':
      return { start: weekStart - n * 7 * DAY, end: weekStart };
    case 'NEXT_N_WEEKS':
      return { start: weekStart + 7 * DAY, end: weekStart + (n + 1) * 7 * DAY };
    case 'N_WEEKS_AGO':
      return { start: weekStart - n * 7 * DAY, end: weekStart - (n - 1) * 7 * DAY };
    case 'LAST_N_MONTHS':
      return { start: utc(y, mo - n, 1), end: utc(y, mo, 1) };
    case 'NEXT_N_MONTHS':
      return { start: utc(y, mo + 1, 1), end: utc(y, mo + 1 + n, 1) };
    case 'N_MONTHS_AGO':
      return month(-n);
    case 'LAST_N_QUARTERS':
    case 'LAST_N_FISCAL_QUARTERS':
      return { start: utc(y, q - 3 * n, 1), end: utc(y, q, 1) };
    case 'NEXT_N_QUARTERS':
    case 'NEXT_N_FISCAL_QUARTERS':
      return quarter(1, n);
    case 'N_QUARTERS_AGO':
    case 'N_FISCAL_QUARTERS_AGO':
      return quarter(-n);
    case 'LAST_N_YEARS':
    case 'LAST_N_FISCAL_YEARS':
      return { start: utc(y - n, 0, 1), end: utc(y, 0, 1) };
    case 'NEXT_N_YEARS':
    case 'NEXT_N_FISCAL_YEARS':
      return year(1, n);
    case 'N_YEARS_AGO':
    case 'N_FISCAL_YEARS_AGO':
      return year(-n);
    default:
      throw new SfError(400, 'MALFORMED_QUERY', `unexpected token: '${literal}'`);
  }
}
