// A server-sent event stream read as the browser's EventSource reads it (the live home suites).
import { go, type Jar } from './helpers';

export interface SseEvent {
  event: string;
  data: string;
}

/** Reads a server-sent event stream as EventSource would: events, comments and the retry field. */
export async function readEvents(jar: Jar, url: string) {
  const abort = new AbortController();
  const res = await go(jar, url, { signal: abort.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let retry: number | undefined;
  let ended = false;
  const waiters: (() => void)[] = [];
  const reader = res.body?.getReader();
  void (async () => {
    const dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const chunk = await reader?.read().catch(() => ({ done: true, value: undefined }));
      if (!chunk || chunk.done) {
        ended = true;
        for (const w of waiters.splice(0)) w();
        break;
      }
      buf += dec.decode(chunk.value, { stream: true });
      let at: number;
      while ((at = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, at);
        buf = buf.slice(at + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments.push(line.slice(1).trim());
          else if (line.startsWith('retry:')) retry = Number(line.slice(6));
          else if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trim());
        }
        if (data.length) events.push({ event, data: data.join('\n') });
      }
      for (const w of waiters.splice(0)) w();
    }
  })();
  const until = async (test: () => boolean, ms = 10_000): Promise<void> => {
    const end = Date.now() + ms;
    while (!test()) {
      if (Date.now() > end)
        throw new Error(`stream: condition not met in ${ms} ms: ${JSON.stringify(events)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 100);
      });
    }
  };
  const changed = () => events.filter((e) => e.event === 'changed').map((e) => JSON.parse(e.data) as unknown);
  return {
    res,
    events,
    comments,
    retry: () => retry,
    ended: () => ended,
    until,
    changed,
    close: () => abort.abort(),
  };
}
