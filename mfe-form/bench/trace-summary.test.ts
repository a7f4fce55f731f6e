import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM bench module without type declarations
import { mainThread, summarizeTrace } from './trace-summary.mjs';

const meta = (pid: number, tid: number, name: string) => ({
  ph: 'M',
  name: 'thread_name',
  pid,
  tid,
  args: { name },
});
const span = (name: string, ts: number, dur: number, args: object = {}, tid = 1) => ({
  ph: 'X',
  name,
  pid: 1,
  tid,
  ts,
  dur,
  args,
});

describe('summarizeTrace', () => {
  it('picks the busiest renderer main thread', () => {
    const events = [
      meta(1, 1, 'CrRendererMain'),
      meta(2, 5, 'CrRendererMain'),
      meta(1, 2, 'Compositor'),
      span('RunTask', 0, 10),
      span('RunTask', 20, 10),
      { ...span('RunTask', 0, 10), pid: 2, tid: 5 },
    ];
    expect(mainThread(events)).toEqual({ pid: 1, tid: 1 });
  });

  it('splits time into self time per event and phase, per keystroke', () => {
    const events = [
      meta(1, 1, 'CrRendererMain'),
      span('RunTask', 0, 10_000),
      span('FunctionCall', 1_000, 4_000),
      span('MinorGC', 2_000, 1_000),
      span('UpdateLayoutTree', 6_000, 2_000, { elementCount: 7 }),
      span('Layout', 8_000, 1_000, { beginData: { dirtyObjects: 3, totalObjects: 50 } }),
      span('RunTask', 20_000, 2_000),
      span('Paint', 20_500, 1_000),
      // Another thread does not count.
      span('Layout', 0, 50_000, {}, 9),
    ];
    const s = summarizeTrace(events, 2);
    expect(s.busyMs).toBe(6);
    expect(s.phases).toEqual({ script: 1.5, style: 1, layout: 0.5, paint: 0.5, gc: 0.5, other: 2 });
    expect(Object.fromEntries(s.byName)).toMatchObject({ RunTask: 2, FunctionCall: 1.5, MinorGC: 0.5 });
    expect(s.counts).toEqual({
      styleRecalcs: 0.5,
      elementsStyled: 3.5,
      layouts: 0.5,
      dirtyObjects: 1.5,
      totalObjects: 50,
    });
  });

  it('pairs begin/end events', () => {
    const events = [
      meta(1, 1, 'CrRendererMain'),
      { ph: 'B', name: 'Layout', pid: 1, tid: 1, ts: 0, args: {} },
      { ph: 'E', name: 'Layout', pid: 1, tid: 1, ts: 3_000, args: {} },
    ];
    expect(summarizeTrace(events).phases.layout).toBe(3);
  });
});
