import { describe, expect, it } from 'vitest';
import { formatTime } from 'form-core';
import { formatSavedTime } from './useSaving';

describe('the last-saved time', () => {
  const at = new Date('2026-11-24T19:17:05.000Z');
  it("is shown in the user's time zone, like every other time in the product", () => {
    const ny = formatSavedTime(at, 'America/New_York');
    expect(ny).toBe(formatTime(at.toISOString(), { timeZone: 'America/New_York' }));
    expect(ny).toMatch(/2:17|14:17/);
    expect(formatSavedTime(at, 'Asia/Tokyo')).toMatch(/4:17|04:17/);
  });
  it("falls back to the browser's zone for an unknown one instead of throwing", () => {
    expect(formatSavedTime(at, 'Not/AZone')).toBe(formatTime(at.toISOString()));
    expect(formatSavedTime(at, undefined)).toBe(formatTime(at.toISOString()));
  });
});
