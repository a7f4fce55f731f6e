// The pull half of sync runs in the host, whichever screen is open (issue 41.3): nothing here mounts
// home; the offline services alone import what the org holds, on start, on the live stream's hints,
// on coming back online and after a delivery.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingFromOrg } from '../../../test/offline/fake-org';
import { makeHarness, type Harness } from '../../../test/offline/harness';
import type { EventStreamLike } from './org-refresh';

/** The BFF's live stream as the host's schedule hears it. */
class FakeStream implements EventStreamLike {
  private readonly handlers = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  closed = false;
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  emit(type: string, data = '{}'): void {
    for (const fn of this.handlers.get(type) ?? []) fn({ data } as MessageEvent<string>);
  }
  close(): void {
    this.closed = true;
  }
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.svc.dispose();
  h = undefined;
});

const ids = async (x: Harness): Promise<string[]> => (await x.local()).map((s) => s.id).sort();
const reads = (x: Harness): number => x.org.calls.filter((c) => c.op === 'pendingSubmissions').length;

describe('the pull half of sync runs in the host, with no screen subscribed', () => {
  it("imports on start, and again on the live stream's hint that the org's submissions changed", async () => {
    const streams: FakeStream[] = [];
    h = makeHarness({
      orgRefresh: {
        openEvents: () => streams[streams.push(new FakeStream()) - 1] as FakeStream,
        debounceMs: 5,
      },
    });
    const x = h;
    x.org.pending = [pendingFromOrg('p1')];
    x.svc.start();
    await vi.waitFor(async () => expect(await ids(x)).toEqual(['p1']));
    expect(streams.length).toBe(1);
    const stream = streams[0] as FakeStream;
    stream.emit('ready');

    // Someone changes the org while the user is elsewhere in the app (the form screen): the hint
    // alone brings the record onto the device.
    x.org.pending = [pendingFromOrg('p1'), pendingFromOrg('p2', { formSubmissionId: 'a0Xp2' })];
    stream.emit('changed', '{"topics":["submissions"]}');
    await vi.waitFor(async () => expect(await ids(x)).toEqual(['p1', 'p2']));

    // A hint about another list reads no pending records.
    const before = reads(x);
    stream.emit('changed', '{"topics":["tasks"]}');
    await new Promise((r) => setTimeout(r, 30));
    expect(reads(x)).toBe(before);
  });

  it('offline reads nothing and closes the stream; back online it imports at once', async () => {
    const streams: FakeStream[] = [];
    h = makeHarness({
      orgRefresh: { openEvents: () => streams[streams.push(new FakeStream()) - 1] as FakeStream },
    });
    const x = h;
    x.svc.start();
    await vi.waitFor(() => expect(reads(x)).toBe(1));
    await new Promise((r) => setTimeout(r, 30)); // that import done
    x.online.set(false);
    expect(streams[0]?.closed).toBe(true);
    x.org.pending = [pendingFromOrg('p3')];
    await new Promise((r) => setTimeout(r, 30));
    expect(await ids(x)).toEqual([]);
    x.online.set(true);
    await vi.waitFor(async () => expect(await ids(x)).toEqual(['p3']));
    expect(streams.length).toBe(2);
  });

  it('a delivery re-reads the org: every list hears it, and the pending records are imported', async () => {
    h = makeHarness({ orgRefresh: { openEvents: null } });
    const x = h;
    x.svc.start();
    await vi.waitFor(() => expect(reads(x)).toBe(1));
    const heard = vi.fn();
    x.svc.orgRefresh.subscribe(heard, 'tasks');
    const c = await x.svc.create({ formId: 'a0F1', formName: 'Walk' });
    if (!c.ok) throw new Error(c.message);
    const s = await x.svc.submit(c.value.id, { General: { a: 1 } });
    if (!s.ok) throw new Error(s.message);
    await x.svc.deliverNow(s.value.id);
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(reads(x)).toBe(2));
  });

  it('nothing is pulled before start or for nobody signed in', async () => {
    h = makeHarness({
      orgRefresh: { openEvents: null },
      context: () => ({ organizationId: '', userId: '', instanceUrl: '' }),
    });
    const x = h;
    x.svc.start();
    await new Promise((r) => setTimeout(r, 30));
    expect(x.org.calls).toEqual([]);
  });
});
