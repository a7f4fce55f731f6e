import { describe, expect, it } from 'vitest';
import {
  addShape,
  arrowHead,
  ellipseIn,
  isTooSmall,
  screenToImage,
  strokeWidth,
  undoShape,
  type MarkupShape,
} from './markup-geometry';

describe('photo mark-up geometry', () => {
  it('maps a point on the shown canvas to image pixels, clamped inside the picture', () => {
    const shown = { width: 390, height: 292.5 };
    const image = { width: 1600, height: 1200 };
    expect(screenToImage({ x: 195, y: 146.25 }, shown, image)).toEqual({ x: 800, y: 600 });
    expect(screenToImage({ x: -10, y: 400 }, shown, image)).toEqual({ x: 0, y: 1200 });
  });

  it('puts the arrow head’s points behind the tip, 30° either side of the shaft', () => {
    const [a, b] = arrowHead({ x: 0, y: 0 }, { x: 100, y: 0 }, 20);
    expect(a.x).toBeCloseTo(100 - 20 * Math.cos(Math.PI / 6));
    expect(a.y).toBeCloseTo(20 * Math.sin(Math.PI / 6));
    expect(b.x).toBeCloseTo(a.x);
    expect(b.y).toBeCloseTo(-a.y);
    // Pointing down: the head's points sit above the tip.
    const [c, d] = arrowHead({ x: 50, y: 0 }, { x: 50, y: 100 }, 10);
    expect(c.y).toBeLessThan(100);
    expect(d.y).toBeLessThan(100);
    expect(c.x + d.x).toBeCloseTo(100);
  });

  it('draws the circle in the dragged box, whichever way it was dragged', () => {
    expect(ellipseIn({ x: 300, y: 200 }, { x: 100, y: 100 })).toEqual({ cx: 200, cy: 150, rx: 100, ry: 50 });
  });

  it('scales strokes with the picture and treats a tiny drag as a tap', () => {
    expect(strokeWidth({ width: 1600, height: 1200 })).toBe(11);
    expect(strokeWidth({ width: 200, height: 100 })).toBe(3);
    expect(isTooSmall({ x: 0, y: 0 }, { x: 5, y: 5 }, { width: 1600, height: 1200 })).toBe(true);
    expect(isTooSmall({ x: 0, y: 0 }, { x: 50, y: 0 }, { width: 1600, height: 1200 })).toBe(false);
  });

  it('undo takes back the last shape only, without touching the earlier stack', () => {
    const a: MarkupShape = { kind: 'arrow', from: { x: 0, y: 0 }, to: { x: 1, y: 1 }, color: 'red' };
    const t: MarkupShape = { kind: 'text', at: { x: 2, y: 2 }, text: 'Crack', color: 'red' };
    const one = addShape([], a);
    const two = addShape(one, t);
    expect(two).toEqual([a, t]);
    expect(one).toEqual([a]);
    expect(undoShape(two)).toEqual([a]);
    expect(undoShape(undoShape(two))).toEqual([]);
    expect(undoShape([])).toEqual([]);
  });
});
