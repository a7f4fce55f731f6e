// The page's first contentful paint, as the browser's paint timing tells it: what can wait for it (the
// offline core, the offline copy) is never asked for before it (bench:load's goal, issue 46).

/**
 * Once, after the page's first contentful paint (the browser's own paint timing, so the chunk is never
 * asked for before it); a hidden tab paints nothing, so there it runs at once, and a timer is the last
 * resort should no paint entry ever come.
 */
export function afterFirstPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (painted() || document.visibilityState === 'hidden') {
    setTimeout(once, 0);
    return;
  }
  try {
    // The observer's own list (buffered: a paint before this call comes too), not the page's
    // performance object: a faked one (a test's clock) lists no entries.
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(once, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    requestAnimationFrame(() => setTimeout(once, 0)); // no paint timing: the frame after the next
  }
  document.addEventListener('visibilitychange', () => document.hidden && setTimeout(once, 0), { once: true });
  setTimeout(once, 3000);
}

/** Resolves once the page has painted (afterFirstPaint). */
export function firstPaint(): Promise<void> {
  return new Promise((resolve) => afterFirstPaint(resolve));
}
