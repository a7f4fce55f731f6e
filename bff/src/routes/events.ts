// GET /api/events: the live home stream (server-sent events). Authenticated by the BFF session
// cookie; joins the user's org change subscription (org/change-stream.ts) and sends only hints:
// `event: changed` with `{"topics":["tasks"]}`, never a record. A heartbeat, `event: current` with
// `{"current":true,"at":"<ISO>"}`, says whether the org's change subscription is connected right now:
// when it is, every change reaches this stream as a hint, so a home that applied its hints knows its
// lists are current as of the beat (its 'Synced on' line; issue 40.7); when not, home re-reads on its
// own. The beat also keeps proxies from closing the idle stream and ends it once the session is gone;
// `retry:` tells EventSource when to reconnect. None of it is an org call.
import type Router from '@koa/router';
import { ApiError } from '../http/errors';
import type { ChangeStreams } from '../org/change-stream';
import type { Deps } from './types';

export function eventsRoute(router: Router, deps: Deps, streams: ChangeStreams): void {
  router.get('/api/events', async (ctx) => {
    const data = await ctx.session.load();
    const sessionId = ctx.session.id;
    if (!data?.main || !sessionId) throw new ApiError('NOT_AUTHENTICATED');
    const main = data.main;
    const { heartbeatMs, retryMs } = deps.config.liveEvents;
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.req.socket.setKeepAlive(true);
    // The stream is written here, not through Koa's body pipeline: a browser closing it is the
    // normal end of an event stream, not an error to report.
    ctx.respond = false;
    const res = ctx.res;
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-store, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    const write = (text: string): void => {
      if (!res.writableEnded && !res.destroyed) res.write(text);
    };
    write(`retry: ${retryMs}\n\nevent: ready\ndata: {}\n\n`);
    const leave = streams.join(sessionId, data.main, {
      userId: data.main.userId,
      send: (hint) => write(`event: changed\ndata: ${JSON.stringify(hint)}\n\n`),
    });
    let done = false;
    const close = (): void => {
      if (done) return;
      done = true;
      clearInterval(beat);
      leave();
      if (!res.writableEnded) res.end();
    };
    const heartbeat = (): void => {
      const current = streams.status(main)?.current === true;
      write(`event: current\ndata: ${JSON.stringify({ current, at: new Date().toISOString() })}\n\n`);
    };
    // Each beat also checks the session: a signed-out user's stream ends (EventSource then gets a 401).
    const beat: NodeJS.Timeout = setInterval(() => {
      void deps.store.get(sessionId).then((still) => (still?.main ? heartbeat() : close()), heartbeat);
    }, heartbeatMs);
    res.on('close', close);
  });
}
