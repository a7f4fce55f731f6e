/** What a Chakra motion element was rendered with, as far as deciding to load the features goes. */
export interface MotionRender {
  initial?: unknown;
  animate?: unknown;
  exit?: unknown;
  layout?: unknown;
}

/**
 * Does this element need the animation features now? Without them an `m` element renders its
 * starting styles and never moves, which is right only while nothing changes: mounted with
 * `initial={false}` and the same `animate` as at mount (a closed menu, a collapsed panel), and still
 * present. Anything else (an entrance animation, a new target, a layout animation, an exit) needs them.
 */
export function needsFeatures(mounted: MotionRender, now: MotionRender, isPresent: boolean): boolean {
  if (!isPresent) return true;
  if (now.layout) return true;
  if (mounted.initial !== false) return true;
  return !sameTarget(mounted.animate, now.animate);
}

/**
 * What an element shows while it has no features: framer renders its mount-time starting values,
 * `initial` unless that is false or absent, then `animate`.
 */
export function shownAtMount(mounted: MotionRender): unknown {
  return mounted.initial === false || mounted.initial === undefined ? mounted.animate : mounted.initial;
}

/** Variant names compare by value; an inline target object compares by its JSON (Chakra builds them per render). */
function sameTarget(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}
