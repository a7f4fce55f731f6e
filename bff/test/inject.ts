import { IncomingMessage, ServerResponse, type IncomingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';

export interface Injected {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

/**
 * Dispatches one request straight into a Node request handler (Koa's app.callback()) without a socket:
 * the whole middleware stack runs as for a real request, minus the TCP and HTTP parsing cost.
 */
export function inject(
  handler: (req: IncomingMessage, res: ServerResponse) => unknown,
  opts: { method: string; url: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Injected> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const req = new IncomingMessage(socket);
    req.method = opts.method;
    req.url = opts.url;
    const headers: IncomingHttpHeaders = { host: 'bff.test' };
    for (const [k, v] of Object.entries(opts.headers ?? {})) if (v !== '') headers[k.toLowerCase()] = v;
    const body =
      opts.body === undefined ? undefined : Buffer.isBuffer(opts.body) ? opts.body : Buffer.from(opts.body);
    if (body) headers['content-length'] = String(body.length);
    req.headers = headers;
    if (body && body.length > 0) req.push(body);
    req.push(null);
    const res = new ServerResponse(req);
    const chunks: Buffer[] = [];
    const toBuf = (c: unknown) =>
      Buffer.isBuffer(c) ? c : typeof c === 'string' ? Buffer.from(c) : Buffer.from(c as Uint8Array);
    res.write = ((chunk: unknown, enc?: unknown, cb?: unknown) => {
      chunks.push(toBuf(chunk));
      const done = typeof enc === 'function' ? enc : cb;
      if (typeof done === 'function') (done as () => void)();
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown) => {
      if (chunk !== undefined && typeof chunk !== 'function') chunks.push(toBuf(chunk));
      resolve({
        status: res.statusCode,
        headers: res.getHeaders() as Injected['headers'],
        body: Buffer.concat(chunks),
      });
      res.emit('finish');
      return res;
    }) as typeof res.end;
    try {
      handler(req, res);
    } catch (err) {
      reject(err);
    }
  });
}
