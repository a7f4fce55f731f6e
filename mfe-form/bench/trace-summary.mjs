/**
 * Sums a Chromium trace (Trace Event Format) into where the renderer main thread's time went: self time
 * per event name (a parent's time minus its children's), plus the counts that explain style and layout
 * cost (elements whose style was recalculated, objects laid out). Pure: events in, figures out.
 */

/** Event names grouped into the phases a frame goes through (the rest is reported as "other"). */
export const PHASES = {
  script: [
    'FunctionCall',
    'EventDispatch',
    'TimerFire',
    'FireAnimationFrame',
    'RunMicrotasks',
    'v8.execute',
    'V8.Execute',
    'EvaluateScript',
    'v8.callFunction',
    'HandlePostMessage',
  ],
  style: [
    'UpdateLayoutTree',
    'RecalculateStyles',
    'ParseAuthorStyleSheet',
    'InvalidateLayout',
    'ScheduleStyleRecalculation',
  ],
  layout: [
    'Layout',
    'UpdateLayerTree',
    'IntersectionObserverController::computeIntersections',
    'UpdateIntersectionObservations',
  ],
  paint: [
    'Paint',
    'PrePaint',
    'PaintImage',
    'RasterTask',
    'Layerize',
    'UpdateLayer',
    'CompositeLayers',
    'Commit',
    'PaintSetup',
    'Decode Image',
  ],
  gc: [
    'MinorGC',
    'MajorGC',
    'V8.GCScavenger',
    'V8.GCIncrementalMarking',
    'V8.GCFinalizeMC',
    'V8.GC_MC_BACKGROUND_MARKING',
    'BlinkGC.AtomicPhase',
    'ThreadState::performIdleLazySweep',
    'V8.GCCompactor',
    'BlinkGC.IncrementalMarkingStep',
    'V8.GC_SCAVENGER',
    'V8.GC_MC_INCREMENTAL',
    'V8.GC_MC_MARK',
    'CppGC.IncrementalMark',
    'CppGC.AtomicMark',
    'CppGC.AtomicSweep',
    'CppGC.IncrementalSweep',
  ],
};
const phaseOf = new Map(Object.entries(PHASES).flatMap(([phase, names]) => names.map((n) => [n, phase])));

/** The renderer main thread with the most events (pid/tid), from thread_name metadata. */
export const mainThread = (events) => {
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  let best;
  let bestCount = -1;
  for (const m of mains) {
    const count = events.reduce(
      (n, e) => n + (e.pid === m.pid && e.tid === m.tid && e.ph === 'X' ? 1 : 0),
      0,
    );
    if (count > bestCount) {
      best = { pid: m.pid, tid: m.tid };
      bestCount = count;
    }
  }
  return best;
};

/**
 * Complete events (ph X, or B/E pairs) of one thread as {name, ts, dur, args} in µs, sorted by start
 * (an enclosing event before the ones it contains).
 */
const spansOf = (events, { pid, tid }) => {
  const spans = [];
  const open = [];
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid) continue;
    if (e.ph === 'X' && typeof e.dur === 'number')
      spans.push({ name: e.name, ts: e.ts, dur: e.dur, args: e.args });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const b = open.pop();
      if (b) spans.push({ name: b.name, ts: b.ts, dur: e.ts - b.ts, args: { ...b.args, ...e.args } });
    }
  }
  return spans.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
};

/**
 * Self time (ms) per event name and per phase on the main thread, divided by `per` (e.g. the number of
 * keystrokes), with style/layout counts: elements styled, layout objects dirty/total.
 */
export const summarizeTrace = (events, per = 1) => {
  const thread = mainThread(events);
  if (!thread) return { byName: [], phases: {}, counts: {}, busyMs: 0 };
  const spans = spansOf(events, thread);
  const self = new Map();
  const stack = [];
  let busy = 0;
  for (const s of spans) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= s.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent)
      self.set(parent.name, (self.get(parent.name) ?? 0) - Math.min(s.dur, parent.ts + parent.dur - s.ts));
    else busy += s.dur;
    self.set(s.name, (self.get(s.name) ?? 0) + s.dur);
    stack.push(s);
  }
  const phases = { script: 0, style: 0, layout: 0, paint: 0, gc: 0, other: 0 };
  for (const [name, us] of self) phases[phaseOf.get(name) ?? 'other'] += us;
  const ms = (us) => +(us / 1000 / per).toFixed(2);
  const counts = { styleRecalcs: 0, elementsStyled: 0, layouts: 0, dirtyObjects: 0, totalObjects: 0 };
  for (const s of spans) {
    if (s.name === 'UpdateLayoutTree') {
      counts.styleRecalcs++;
      counts.elementsStyled += s.args?.elementCount ?? 0;
    } else if (s.name === 'Layout') {
      counts.layouts++;
      counts.dirtyObjects += s.args?.beginData?.dirtyObjects ?? 0;
      counts.totalObjects = Math.max(counts.totalObjects, s.args?.beginData?.totalObjects ?? 0);
    }
  }
  return {
    busyMs: ms(busy),
    phases: Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, ms(v)])),
    byName: [...self.entries()].sort((a, b) => b[1] - a[1]).map(([name, us]) => [name, ms(us)]),
    counts: {
      styleRecalcs: +(counts.styleRecalcs / per).toFixed(1),
      elementsStyled: +(counts.elementsStyled / per).toFixed(1),
      layouts: +(counts.layouts / per).toFixed(1),
      dirtyObjects: +(counts.dirtyObjects / per).toFixed(1),
      totalObjects: counts.totalObjects,
    },
  };
};
