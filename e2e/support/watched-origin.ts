// A remote's origin as the browser reaches it, with a window on the network: every request that reached
// it (per path), and, for a slow network, its answers held back until released. It sits in front of the
// remote's real origin; the BFF is pointed at it (MFE_*_URL), so the manifest and every file come through it.
import http from 'node:http';
import { freePort } from './system';

export interface WatchedOrigin {
  /** The origin's URL (the remote's manifest is at `${url}/mf-manifest.json`). */
  url: string;
  /** Requests that reached the origin, per path. */
  requests: Map<string, number>;
  /** Answers every held request and stops holding. */
  release(): void;
  close(): Promise<void>;
}

/** Starts an origin in front of 127.0.0.1:`port`; `held`: its answers wait for release(). */
export async function watchedOrigin(port: number, { held = false } = {}): Promise<WatchedOrigin> {
  const requests = new Map<string, number>();
  let waiting: (() => void)[] | null = held ? [] : null;
  const forward = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const upstream = http.request(
      { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://origin').pathname;
    requests.set(path, (requests.get(path) ?? 0) + 1);
    if (waiting) waiting.push(() => forward(req, res));
    else forward(req, res);
  });
  const own = await freePort();
  await new Promise<void>((resolve) => server.listen(own, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${own}`,
    requests,
    release() {
      const queued = waiting ?? [];
      waiting = null;
      for (const answer of queued) answer();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
