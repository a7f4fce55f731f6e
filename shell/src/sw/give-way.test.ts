import { describe, expect, it } from 'vitest';
import { GiveWay, STALE_LOAD_MS, whenBodyEnds, type GiveWayClock } from './give-way';

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

describe('GiveWay', () => {
  it('lets the copy go at once when the page has loaded nothing', async () => {
    const clock = fakeClock();
    const way = new GiveWay(500, clock);
    const fetched = way.fetch(async () => new Response('file'))('http://home.test/a.js');
    expect(await (await fetched).text()).toBe('file');
    expect(clock.slept).toEqual([]);
  });

  it("holds the copy's next request while the page loads, and until it has been quiet a moment", async () => {
    const clock = fakeClock();
    const way = new GiveWay(500, clock);
    const asked: string[] = [];
    const end = way.pageLoad(); // the user tapped a form: its code goes to the network
    const copy = way.fetch(async (input) => {
      asked.push(String(input));
      return new Response('chunk');
    })('http://form.test/chunk.js');
    for (let i = 0; i < 5; i++) await tick();
    expect(asked).toEqual([]);
    const endedAt = clock.now();
    end();
    expect(await (await copy).text()).toBe('chunk');
    expect(asked).toEqual(['http://form.test/chunk.js']);
    expect(clock.now()).toBeGreaterThanOrEqual(endedAt + 500);
  });

  it('waits for the quiet time after the last page load ended, then not again', async () => {
    const clock = fakeClock();
    const way = new GiveWay(500, clock);
    way.pageLoad()();
    await way.quiet();
    expect(clock.now()).toBe(500);
    clock.slept.length = 0;
    await way.quiet();
    expect(clock.slept).toEqual([]);
  });

  it('stops waiting on a page load whose end never came', async () => {
    const clock = fakeClock();
    const way = new GiveWay(500, clock);
    way.pageLoad(); // never ended
    await way.quiet();
    expect(clock.now()).toBeGreaterThanOrEqual(STALE_LOAD_MS);
    expect(clock.now()).toBeLessThan(STALE_LOAD_MS + 1000);
  });

  it("passes the copy's failures and answers on as they are", async () => {
    const way = new GiveWay(500, fakeClock());
    await expect(
      way.fetch(async () => {
        throw new TypeError('Failed to fetch');
      })('http://x.test/a.js'),
    ).rejects.toThrow('Failed to fetch');
    const res = await way.fetch(async () => new Response('gone', { status: 404 }))('http://x.test/b.js');
    expect(res.status).toBe(404);
  });
});

describe('whenBodyEnds', () => {
  it('calls end once the body has come whole, and leaves the response readable', async () => {
    let ended = 0;
    let push: ((chunk: string) => void) | undefined;
    let close: (() => void) | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (chunk) => controller.enqueue(new TextEncoder().encode(chunk));
        close = () => controller.close();
      },
    });
    const res = new Response(body);
    whenBodyEnds(res, () => (ended += 1));
    push?.('ab');
    await tick();
    expect(ended).toBe(0);
    push?.('c');
    close?.();
    await tick();
    await tick();
    expect(ended).toBe(1);
    expect(await res.text()).toBe('abc');
  });

  it('calls end when the body fails, and at once for an answer without one', async () => {
    let ended = 0;
    const failing = new Response(
      new ReadableStream({
        pull(controller) {
          controller.error(new TypeError('network'));
        },
      }),
    );
    whenBodyEnds(failing, () => (ended += 1));
    await tick();
    await tick();
    expect(ended).toBe(1);
    whenBodyEnds(new Response(null, { status: 204 }), () => (ended += 1));
    expect(ended).toBe(2);
  });
});
