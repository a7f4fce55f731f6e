// framer-motion for Chakra UI without its features in the first page's code. Chakra imports
// `motion` (every feature: animations, gestures, drag, layout projection, ~25 KB compressed) for a
// few elements (menus, modals, popovers, tooltips, toasts, transitions). The build points Chakra's
// `framer-motion` import here (scripts/webpack-config.mjs): `motion.div` / `motion.section` become
// framer's lightweight `m` elements inside a LazyMotion whose features load the first time any of
// them has something to animate, and are then shared by all of them.
import { createElement, forwardRef, useEffect, useRef, type ComponentType, type ElementRef } from 'react';
import {
  AnimatePresence,
  LazyMotion,
  m,
  useIsPresent,
  usePresence,
  type FeatureBundle,
  type HTMLMotionProps,
} from 'framer-motion';
import { initialFor, needsFeatures } from './need';

export { AnimatePresence, useIsPresent, usePresence };

let bundle: FeatureBundle | undefined;
let loading: Promise<FeatureBundle> | undefined;
let resolveLoaded: (features: FeatureBundle) => void = () => undefined;
/** Settles once the features are in; every LazyMotion mounted before that waits on it. */
const loaded = new Promise<FeatureBundle>((resolve) => {
  resolveLoaded = resolve;
});

/** Starts fetching the features (once). Exported for tests and for warming up ahead of a known need. */
export function loadMotionFeatures(): Promise<FeatureBundle> {
  loading ??= import('./features').then(
    ({ default: features }) => {
      bundle = features;
      resolveLoaded(features);
      return features;
    },
    (error: unknown) => {
      // A failed fetch (offline before the chunk was cached) leaves elements static; a later need retries.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const waitForFeatures = () => loaded;

type Tag = 'div' | 'section';

function lazyElement<T extends Tag>(tag: T) {
  const Element = m[tag] as unknown as ComponentType<HTMLMotionProps<T> & { ref?: unknown }>;
  const Lazy = forwardRef<ElementRef<T>, HTMLMotionProps<T>>(function LazyMotionElement(props, ref) {
    const mounted = useRef(props);
    // Not usePresence: an element without its features registers no exit with AnimatePresence, which
    // then removes it at once; with them, framer's exit feature registers and animates the exit.
    const isPresent = useIsPresent();
    const need = needsFeatures(mounted.current, props, isPresent);
    useEffect(() => {
      if (need && !bundle) void loadMotionFeatures().catch(() => undefined);
    }, [need]);
    // Always the same tree (LazyMotion > m.tag), so the DOM element survives the features arriving.
    return createElement(
      LazyMotion,
      { features: bundle ?? waitForFeatures },
      createElement(Element, {
        ...props,
        initial: initialFor(mounted.current, props),
        ref,
      } as HTMLMotionProps<T>),
    );
  });
  Lazy.displayName = `LazyMotion.${tag}`;
  return Lazy;
}

/** What Chakra uses of `motion`: `motion.div` and `motion.section`. */
export const motion = { div: lazyElement('div'), section: lazyElement('section') };
