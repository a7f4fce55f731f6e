import { describe, expect, it } from 'vitest';
import { CANVAS_EVENTS, type CanvasContext } from 'shared-contracts';
import { listenToHost, postToHost, type WindowLike } from './bridge';
import { publishMessage } from './contract';

const ORG = 'https://acme.my.salesforce.com';
const ctx: CanvasContext = { instanceId: 'i', targetOrigin: ORG, instanceUrl: ORG, allowedOrigins: [] };

function fakeWindow(framed = true) {
  const posted: { message: unknown; origin: string }[] = [];
  const listeners = new Set<(e: MessageEvent) => void>();
  const parent = { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) };
  const win: WindowLike & { dispatch(e: Partial<MessageEvent>): void } = {
    parent,
    location: { pathname: '/form/abc' },
    addEventListener: (_t, l) => listeners.add(l),
    removeEventListener: (_t, l) => listeners.delete(l),
    dispatch: (e) => listeners.forEach((l) => l(e as MessageEvent)),
  };
  if (!framed) win.parent = win as unknown as WindowLike['parent'];
  return { win, posted, parent, listeners };
}

describe('postToHost', () => {
  it('posts to the parent with the stored target origin', () => {
    const { win, posted } = fakeWindow();
    expect(postToHost(publishMessage('finished', '/a0G1', ctx), ctx, win)).toBe(true);
    expect(posted).toEqual([
      {
        message: {
          name: 'CQOfflineFormMessage',
          payload: { dataUrl: `${ORG}/a0G1`, instanceId: 'i', targetOrigin: ORG, instanceUrl: ORG },
        },
        origin: ORG,
      },
    ]);
  });

  it('posts nothing without a parent, a context or a usable target origin', () => {
    const top = fakeWindow(false);
    expect(postToHost(publishMessage('closed', '', ctx), ctx, top.win)).toBe(false);
    const framed = fakeWindow();
    expect(postToHost(publishMessage('closed', '', ctx), null, framed.win)).toBe(false);
    expect(postToHost(publishMessage('closed', '', ctx), { ...ctx, targetOrigin: '*' }, framed.win)).toBe(
      false,
    );
    expect(framed.posted).toEqual([]);
  });
});

describe('listenToHost', () => {
  it("answers the parent's ping, ignores other windows and origins, and stops when told", () => {
    const { win, posted, parent, listeners } = fakeWindow();
    const stop = listenToHost(() => ctx, win);
    const ping = (nonce: string) => ({ name: CANVAS_EVENTS.ping, payload: { nonce } });
    win.dispatch({ origin: ORG, source: {} as MessageEventSource, data: ping('sibling') });
    win.dispatch({
      origin: 'https://evil.example.com',
      source: parent as unknown as MessageEventSource,
      data: ping('evil'),
    });
    win.dispatch({ origin: ORG, source: parent as unknown as MessageEventSource, data: ping('ok') });
    expect(posted).toEqual([
      { message: { name: CANVAS_EVENTS.ready, payload: { nonce: 'ok', path: '/form/abc' } }, origin: ORG },
    ]);
    stop();
    expect(listeners.size).toBe(0);
  });
});
