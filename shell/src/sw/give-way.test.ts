import { describe, expect, it } from 'vitest';
import { GiveWay, endsWithBody, type GiveWayClock } from './give-way';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A clock that moves only when the code under test sleeps (each sleep a task, so the test runs between). */
function fakeClock() {
  let now = 0;
  const clock: GiveWayClock & { slept: number[] } = {
    slept: [],
    now: () => now,
    sleep: async (ms) => {
      clock.slept.push(ms);
      now += ms;
      await tick();
    },
  };
  return clock;
}

/** A fetch whose answers the test hands out; each request is kept with its signal. */
function heldFetch() {
  const asked: { url: string; signal: AbortSignal; answer: (body: string) => void }[] = [];
  const fetchImpl = ((input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init?.signal as AbortSignal;
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      asked.push({ url: String(input), signal, answer: (body) => resolve(new Response(body)) });
    })) as typeof fetch;
  return { asked, fetchImpl };
}

describe('GiveWay', () => {
  it('lets the copy go at once when the page has loaded nothing', async () => {
    const clock = fakeClock();
    const way = new GiveWay(500, clock);
    const fetched = way.fetch(async () => new Response('file'))('http://home.test/a.js');
    expect(await (await fetched).text()).toBe('file');
    expect(clock.slept).toEqual([]);
  });

  it("stops the copy's request when the page starts a load, and asks again once the page is quiet", async () => {
    const clock = fakeClock();
    const way = new GiveWay(500, clock);
    const { asked, fetchImpl } = heldFetch();
    const copy = way.fetch(fetchImpl)('http://form.test/chunk.js');
    await tick();
    expect(asked).toHaveLength(1);

    const end = way.pageLoad(); // the user tapped a form: its code goes to the network
    expect(asked[0]?.signal.aborted).toBe(true);
    await tick();
    expect(asked).toHaveLength(1); // nothing asked while the page's load is under way

    const sleptBefore = clock.slept.length;
    end();
    await tick();
    await tick();
    await tick();
    expect(asked).toHaveLength(2); // asked again after the quiet time
    expect(clock.slept.slice(sleptBefore)).toContain(500);
    asked[1]?.answer('chunk');
    expect(await (await copy).text()).toBe('chunk');
  });

  it('waits for the quiet time after the last page load ended before taking the next file', async () => {
    const clock = fakeClock();
    const way = new GiveWay(500, clock);
    way.pageLoad()();
    await way.quiet();
    expect(clock.now()).toBe(500);
    clock.slept.length = 0;
    await way.quiet();
    expect(clock.slept).toEqual([]);
  });

  it('stops waiting on a page load whose end never came, after a minute', async () => {
    const clock = fakeClock();
    const way = new GiveWay(500, clock);
    way.pageLoad(); // never ended
    await way.quiet();
    expect(clock.now()).toBeGreaterThanOrEqual(60_000);
    expect(clock.now()).toBeLessThan(61_000);
  });

  it("passes a real failure on (the copy's own error handling decides), and keeps statuses and headers", async () => {
    const way = new GiveWay(500, fakeClock());
    await expect(
      way.fetch(async () => {
        throw new TypeError('Failed to fetch');
      })('http://x.test/a.js'),
    ).rejects.toThrow('Failed to fetch');
    const res = await way.fetch(
      async () => new Response('gone', { status: 404, headers: { 'Content-Type': 'text/plain' } }),
    )('http://x.test/b.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect((await way.fetch(async () => new Response(null, { status: 204 }))('http://x.test/c')).status).toBe(
      204,
    );
  });
});

describe('endsWithBody', () => {
  it('calls end once the last byte is read, not at the headers', async () => {
    let ended = 0;
    const res = endsWithBody(new Response('abc', { headers: { 'X-A': '1' } }), () => (ended += 1));
    expect(ended).toBe(0);
    expect(res.headers.get('x-a')).toBe('1');
    expect(await res.text()).toBe('abc');
    expect(ended).toBe(1);
  });

  it('calls end when the reader gives up, and at once for an answer without a body', async () => {
    let ended = 0;
    const res = endsWithBody(new Response('abc'), () => (ended += 1));
    await res.body?.cancel();
    expect(ended).toBe(1);
    endsWithBody(new Response(null, { status: 204 }), () => (ended += 1));
    expect(ended).toBe(2);
  });
});
