// framer-motion for Chakra UI without its features in the first page's code. Chakra imports
// `motion` (every feature: animations, gestures, drag, layout projection, ~25 KB compressed) for a
// few elements (menus, modals, popovers, tooltips, toasts, transitions). The build points Chakra's
// `framer-motion` import here (scripts/webpack-config.mjs): `motion.div` / `motion.section` become
// framer's lightweight `m` elements inside a LazyMotion whose features load the first time any of
// them has something to animate, and are then shared by all of them.
import {
  createElement,
  forwardRef,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ElementRef,
} from 'react';
import {
  AnimatePresence,
  LazyMotion,
  m,
  useIsPresent,
  usePresence,
  type FeatureBundle,
  type HTMLMotionProps,
} from 'framer-motion';
import { needsFeatures, shownAtMount } from './need';

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

// Until an element switches to the loaded features itself (below), its LazyMotion gets none.
const never = () => new Promise<FeatureBundle>(() => undefined);

/**
 * static: no features, the element shows what it mounted with. settling: the render where framer
 * creates the element's animation state; it is told the element's target is what it shows, so
 * nothing moves (framer would skip or block this first animation anyway). live: the real props, so
 * a target that changed meanwhile (the menu that opened, the panel that expanded) animates from there.
 */
type Phase = 'static' | 'settling' | 'live';

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
    const [phase, setPhase] = useState<Phase>(bundle ? 'live' : 'static');
    useEffect(() => {
      if (phase === 'settling') setPhase('live');
      if (phase !== 'static') return;
      let current = true;
      void loaded.then(() => current && setPhase('settling'));
      return () => {
        current = false;
      };
    }, [phase]);
    const elementProps =
      phase === 'settling' ? { ...props, initial: false, animate: shownAtMount(mounted.current) } : props;
    // Always the same tree (LazyMotion > m.tag), so the DOM element survives the features arriving.
    return createElement(
      LazyMotion,
      { features: phase === 'static' ? never : (bundle ?? never) },
      createElement(Element, { ...elementProps, ref } as HTMLMotionProps<T>),
    );
  });
  Lazy.displayName = `LazyMotion.${tag}`;
  return Lazy;
}

/** What Chakra uses of `motion`: `motion.div` and `motion.section`. */
export const motion = { div: lazyElement('div'), section: lazyElement('section') };
