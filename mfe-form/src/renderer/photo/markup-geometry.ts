/**
 * Photo mark-up (issue 32): the pure part. Shapes live in image pixels (the resized photo's), so what
 * is drawn on screen and what is exported are the same picture whatever the screen's size.
 */
export interface Point {
  x: number;
  y: number;
}
export type MarkupTool = 'arrow' | 'circle' | 'text';
export type MarkupShape =
  | { kind: 'arrow'; from: Point; to: Point; color: string }
  | { kind: 'circle'; from: Point; to: Point; color: string }
  | { kind: 'text'; at: Point; text: string; color: string };

/** High-contrast colours on a photo, with their names for the buttons. */
export const MARKUP_COLORS = [
  { name: 'Red', value: '#ff1a1a' },
  { name: 'Yellow', value: '#ffe600' },
] as const;

/** A point on the displayed canvas (CSS pixels from its top-left) in image pixels, clamped inside. */
export function screenToImage(
  p: Point,
  shown: { width: number; height: number },
  image: { width: number; height: number },
): Point {
  const x = shown.width > 0 ? (p.x * image.width) / shown.width : p.x;
  const y = shown.height > 0 ? (p.y * image.height) / shown.height : p.y;
  return { x: Math.min(image.width, Math.max(0, x)), y: Math.min(image.height, Math.max(0, y)) };
}

/** Stroke width and text size grow with the picture so marks read the same on any photo. */
export function strokeWidth(image: { width: number; height: number }): number {
  return Math.max(3, Math.round(Math.max(image.width, image.height) / 150));
}
export const fontSize = (image: { width: number; height: number }): number =>
  Math.max(14, Math.round(Math.max(image.width, image.height) / 25));

/** The two outer points of an arrow head at `to`, `size` long, 30° either side of the shaft. */
export function arrowHead(from: Point, to: Point, size: number): [Point, Point] {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const spread = Math.PI / 6;
  const at = (a: number): Point => ({ x: to.x - size * Math.cos(a), y: to.y - size * Math.sin(a) });
  return [at(angle - spread), at(angle + spread)];
}

/** The ellipse drawn in the box dragged from `from` to `to`. */
export function ellipseIn(from: Point, to: Point): { cx: number; cy: number; rx: number; ry: number } {
  return {
    cx: (from.x + to.x) / 2,
    cy: (from.y + to.y) / 2,
    rx: Math.abs(to.x - from.x) / 2,
    ry: Math.abs(to.y - from.y) / 2,
  };
}

/** A drag shorter than this (image pixels) is a tap, not a shape. */
export function isTooSmall(from: Point, to: Point, image: { width: number; height: number }): boolean {
  return Math.hypot(to.x - from.x, to.y - from.y) < strokeWidth(image) * 2;
}

/** The undo stack: shapes are only ever added or the last one taken back (immutable updates). */
export const addShape = (shapes: readonly MarkupShape[], s: MarkupShape): MarkupShape[] => [...shapes, s];
export const undoShape = (shapes: readonly MarkupShape[]): MarkupShape[] => shapes.slice(0, -1);

/** Draws the shapes on a 2D context in image pixels (the canvas is at the image's size). */
export function drawShapes(
  ctx: CanvasRenderingContext2D,
  shapes: readonly MarkupShape[],
  image: { width: number; height: number },
): void {
  const w = strokeWidth(image);
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const s of shapes) {
    ctx.strokeStyle = s.color;
    ctx.fillStyle = s.color;
    ctx.lineWidth = w;
    if (s.kind === 'arrow') {
      const [a, b] = arrowHead(s.from, s.to, w * 5);
      ctx.beginPath();
      ctx.moveTo(s.from.x, s.from.y);
      ctx.lineTo(s.to.x, s.to.y);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(s.to.x, s.to.y);
      ctx.lineTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.closePath();
      ctx.fill();
    } else if (s.kind === 'circle') {
      const e = ellipseIn(s.from, s.to);
      ctx.beginPath();
      ctx.ellipse(e.cx, e.cy, Math.max(1, e.rx), Math.max(1, e.ry), 0, 0, Math.PI * 2);
      ctx.stroke();
    } else {
      // A dark outline keeps yellow or red text legible on any background.
      ctx.font = `bold ${fontSize(image)}px sans-serif`;
      ctx.textBaseline = 'middle';
      ctx.lineWidth = Math.max(2, w / 1.5);
      ctx.strokeStyle = 'rgba(0,0,0,0.85)';
      ctx.strokeText(s.text, s.at.x, s.at.y);
      ctx.fillText(s.text, s.at.x, s.at.y);
    }
  }
  ctx.restore();
}
