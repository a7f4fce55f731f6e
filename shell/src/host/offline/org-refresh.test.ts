// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createOrgRefresh,
  isStale,
  LIVE_DEBOUNCE_MS,
  ORG_FALLBACK_MS,
  ORG_REFRESH_MS,
  type EventStreamLike,
  type OrgRefreshSchedule,
} from './org-refresh';

/** The browser's EventSource as the BFF's stream drives it: named events, errors, reconnects. */
class FakeStream implements EventStreamLike {
  static last: FakeStream | undefined;
  static opened = 0;
  closed = false;
  private readonly handlers = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor() {
    FakeStream.last = this;
    FakeStream.opened += 1;
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  emit(type: string, data = '{}'): void {
    for (const fn of this.handlers.get(type) ?? []) fn(new MessageEvent(type, { data }));
  }
  close(): void {
    this.closed = true;
  }
}
const stream = (): FakeStream => {
  if (!FakeStream.last) throw new Error('no stream opened');
  return FakeStream.last;
};

let hidden = false;
const setVisibility = (isHidden: boolean): void => {
  hidden = isHidden;
  document.dispatchEvent(new Event('visibilitychange'));
};

let schedule: OrgRefreshSchedule | undefined;
beforeEach(() => {
  hidden = false;
  FakeStream.last = undefined;
  FakeStream.opened = 0;
  vi.useFakeTimers();
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => (hidden ? 'hidden' : 'visible'));
});
afterEach(() => {
  schedule?.dispose();
  schedule = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** An active schedule with listeners by topic; `live`: with the BFF's stream, else polling only. */
function listen(live: boolean) {
  schedule = createOrgRefresh({ openEvents: live ? () => new FakeStream() : null });
  const heard = { tasks: vi.fn(), forms: vi.fn(), submissions: vi.fn(), all: vi.fn(), current: vi.fn() };
  schedule.subscribe(heard.tasks, 'tasks');
  schedule.subscribe(heard.forms, 'forms');
  schedule.subscribe(heard.submissions, 'submissions');
  schedule.subscribe(heard.all);
  schedule.subscribeCurrent(heard.current);
  schedule.setActive(true);
  return { heard, schedule };
}

describe('org refresh schedule (the host re-reads the org)', () => {
  it('is stale only when visible and the interval has passed', () => {
    expect(isStale(0, ORG_REFRESH_MS, true)).toBe(true);
    expect(isStale(0, ORG_REFRESH_MS - 1, true)).toBe(false);
    expect(isStale(0, ORG_REFRESH_MS * 5, false)).toBe(false);
  });

  it('ticks once per interval while visible and active', () => {
    const { heard } = listen(false);
    vi.advanceTimersByTime(ORG_REFRESH_MS - 1);
    expect(heard.all).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(heard.all).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ORG_REFRESH_MS * 2);
    expect(heard.all).toHaveBeenCalledTimes(3);
    expect(heard.submissions).toHaveBeenCalledTimes(3);
  });

  it('keeps no timer while hidden, and re-reads on becoming visible once stale', () => {
    const { heard } = listen(false);
    setVisibility(true);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(ORG_REFRESH_MS * 3);
    expect(heard.all).toHaveBeenCalledTimes(0);
    setVisibility(false);
    expect(heard.all).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ORG_REFRESH_MS);
    expect(heard.all).toHaveBeenCalledTimes(2);
  });

  it('a quick hide and show does not re-read', () => {
    const { heard } = listen(false);
    setVisibility(true);
    vi.advanceTimersByTime(1000);
    setVisibility(false);
    expect(heard.all).not.toHaveBeenCalled();
  });

  it('does nothing while inactive (offline or signed out); no stream is open then', () => {
    const { heard, schedule: s } = listen(true);
    s.setActive(false);
    expect(stream().closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(ORG_REFRESH_MS * 3);
    s.fire();
    expect(heard.all).not.toHaveBeenCalled();
    s.setActive(true);
    expect(FakeStream.opened).toBe(2);
    vi.advanceTimersByTime(ORG_REFRESH_MS);
    expect(heard.all).toHaveBeenCalledTimes(1);
  });

  it('an unsubscribed listener hears nothing more', () => {
    schedule = createOrgRefresh({ openEvents: null });
    const heard = vi.fn();
    const off = schedule.subscribe(heard);
    schedule.setActive(true);
    schedule.fire(['forms']);
    off();
    schedule.fire();
    expect(heard).toHaveBeenCalledTimes(1);
  });
});

describe("live refresh: the BFF stream's hints instead of the minute's poll", () => {
  it('once the stream is up, polls only every half hour', () => {
    const { heard } = listen(true);
    stream().emit('ready');
    vi.advanceTimersByTime(ORG_REFRESH_MS * 29);
    expect(heard.all).not.toHaveBeenCalled();
    vi.advanceTimersByTime(ORG_FALLBACK_MS - ORG_REFRESH_MS * 29);
    expect(heard.all).toHaveBeenCalledTimes(1);
    expect(heard.tasks).toHaveBeenCalledTimes(1);
  });

  it('re-reads only the lists a hint names, once for a burst of hints', () => {
    const { heard } = listen(true);
    stream().emit('ready');
    stream().emit('changed', '{"topics":["tasks"]}');
    stream().emit('changed', '{"topics":["tasks"]}');
    expect(heard.tasks).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    expect(heard.tasks).toHaveBeenCalledTimes(1);
    expect(heard.forms).not.toHaveBeenCalled();
    expect(heard.submissions).not.toHaveBeenCalled();
    expect(heard.all).toHaveBeenCalledTimes(1);
  });

  it('re-reads everything when the stream reconnects, and polls each minute while it is down', () => {
    const { heard } = listen(true);
    stream().emit('ready');
    stream().emit('error');
    vi.advanceTimersByTime(ORG_REFRESH_MS);
    expect(heard.tasks).toHaveBeenCalledTimes(1);
    stream().emit('ready');
    expect(heard.tasks).toHaveBeenCalledTimes(2);
    expect(heard.forms).toHaveBeenCalledTimes(2);
    expect(heard.submissions).toHaveBeenCalledTimes(2);
  });

  it('a hidden tab keeps the hints and re-reads those lists when shown', () => {
    const { heard } = listen(true);
    stream().emit('ready');
    setVisibility(true);
    stream().emit('changed', '{"topics":["submissions"]}');
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS * 5);
    expect(heard.submissions).not.toHaveBeenCalled();
    setVisibility(false);
    expect(heard.submissions).toHaveBeenCalledTimes(1);
    expect(heard.tasks).not.toHaveBeenCalled();
  });

  it('window focus re-reads only when stale', () => {
    const { heard } = listen(true);
    stream().emit('error');
    window.dispatchEvent(new Event('focus'));
    expect(heard.all).not.toHaveBeenCalled();
    vi.advanceTimersByTime(ORG_REFRESH_MS - 1);
    window.dispatchEvent(new Event('focus'));
    expect(heard.all).not.toHaveBeenCalled();
  });

  it('the heartbeat tells listeners the lists are current, unless a hint is still to be applied (40.7)', () => {
    const { heard } = listen(true);
    stream().emit('ready');
    stream().emit('current', '{"current":true,"at":"2026-11-29T03:00:00.000Z"}');
    expect(heard.current).toHaveBeenCalledTimes(1);
    // a hint waiting for its re-read: the lists are not current yet
    stream().emit('changed', '{"topics":["tasks"]}');
    stream().emit('current', '{"current":true}');
    expect(heard.current).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    expect(heard.tasks).toHaveBeenCalledTimes(1);
    stream().emit('current', '{"current":true}');
    expect(heard.current).toHaveBeenCalledTimes(2);
    // a hidden tab keeps its hints: not current until they are applied
    setVisibility(true);
    stream().emit('changed', '{"topics":["forms"]}');
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    stream().emit('current', '{"current":true}');
    expect(heard.current).toHaveBeenCalledTimes(2);
  });

  it("a heartbeat saying the org's changes do not reach the BFF now: the minute's poll, nothing claimed current", () => {
    const { heard } = listen(true);
    stream().emit('ready');
    stream().emit('current', '{"current":false}');
    expect(heard.current).not.toHaveBeenCalled();
    vi.advanceTimersByTime(ORG_REFRESH_MS);
    expect(heard.all).toHaveBeenCalledTimes(1);
    // connected again: back to hints, the half-hour safety re-read
    stream().emit('current', '{"current":true}');
    expect(heard.current).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ORG_REFRESH_MS * 5);
    expect(heard.all).toHaveBeenCalledTimes(1);
  });

  it('closes the stream when disposed', () => {
    const { schedule: s } = listen(true);
    s.dispose();
    expect(stream().closed).toBe(true);
  });
});
