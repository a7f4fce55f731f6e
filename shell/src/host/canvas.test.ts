import { describe, expect, it } from 'vitest';
import { isCanvasMode } from './canvas';

describe('isCanvasMode', () => {
  const top = {};
  it('is on for launchFromSF and CQEditFormSF URLs', () => {
    const w = { top, location: { pathname: '/launchFromSF/a0F1' } };
    expect(isCanvasMode({ ...w, self: top })).toBe(true);
    expect(isCanvasMode({ self: top, top, location: { pathname: '/CQEditFormSF/a0F1' } })).toBe(true);
  });

  it('is on inside a frame, whatever the route', () => {
    expect(isCanvasMode({ self: {}, top, location: { pathname: '/form/x' } })).toBe(true);
  });

  it('is off for a top-level window elsewhere', () => {
    expect(isCanvasMode({ self: top, top, location: { pathname: '/form/x' } })).toBe(false);
    expect(isCanvasMode({ self: top, top, location: { pathname: '/' } })).toBe(false);
  });
});
