/** The window side of the canvas contract: posting to the host page and answering its pings. */
import {
  acceptIncoming,
  postTargetOrigin,
  readyMessage,
  type CanvasContext,
  type CanvasMessage,
} from './contract';

/** The parts of `window` the bridge uses (a fake in unit tests). */
export interface WindowLike {
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  location: { pathname: string };
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
}

export const isFramed = (win: WindowLike): boolean => (win.parent as unknown) !== (win as unknown);

/** Posts to the parent at the stored target origin; false (nothing sent) when there is none or no parent. */
export function postToHost(message: CanvasMessage, ctx: CanvasContext | null, win: WindowLike): boolean {
  const target = postTargetOrigin(ctx);
  if (!target || !isFramed(win)) return false;
  win.parent.postMessage(message, target);
  return true;
}

/** Answers the host's pings while the app is mounted; returns the stop function. */
export function listenToHost(context: () => CanvasContext | null, win: WindowLike): () => void {
  const onMessage = (e: MessageEvent): void => {
    const ctx = context();
    const accepted = acceptIncoming(e, { parent: win.parent, self: win }, ctx);
    if (accepted) postToHost(readyMessage(accepted, win.location.pathname), ctx, win);
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}
