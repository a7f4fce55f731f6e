import type { Socket } from 'node:net';
import { createBff } from './app';
import { loadConfig } from './config';
import { ApiError } from './http/errors';

const config = loadConfig();
const bff = createBff(config);
// The remotes' manifests and prerendered screens, read now so the first pages already carry them.
if (config.preload.enabled) void bff.manifests.warm();
if (config.preload.screens) void bff.screens.warm();
const server = bff.app.listen(config.port, config.host, () => {
  console.log(`bff listening on http://${config.host}:${config.port}`);
});
// Node answers a request line + headers past its 16 KB limit itself, before Koa, with 431: not one
// of the contract's statuses (issue 11's fuzz found it: a 30 KB query string). The BFF answers it
// 400 with its envelope; other malformed requests get Node's own answers (400, 408 on a timeout).
server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    return;
  }
  const body = JSON.stringify(new ApiError('BAD_REQUEST').toEnvelope());
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
