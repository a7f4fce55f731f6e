// `npm run org-emulator -- --port 4400 --db :memory: --seed demo [--test-control] [--token-ttl 7200] [--canvas-url URL]`
import { parseArgs } from 'node:util';
import { startEmulator } from './index.js';

const { values } = parseArgs({
  // `npm run org-emulator -- …` goes through `pnpm run start --`, which passes the `--` on: drop it.
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    port: { type: 'string', default: '4400' },
    host: { type: 'string', default: '127.0.0.1' },
    db: { type: 'string', default: ':memory:' },
    seed: { type: 'string', default: 'demo' },
    'test-control': { type: 'boolean', default: false },
    'token-ttl': { type: 'string', default: '7200' },
    'canvas-url': { type: 'string', default: 'http://127.0.0.1:4000/canvas' },
  },
  allowPositionals: false,
});

const seed = values.seed === 'none' ? 'none' : 'demo';
const port = Number(values.port);
const ttl = Number(values['token-ttl']);
if (!Number.isInteger(port) || port < 0 || port > 65535 || !Number.isFinite(ttl) || ttl <= 0) {
  console.error(
    'usage: org-emulator --port <n> --db <file>|:memory: --seed demo|none [--test-control] [--token-ttl <seconds>] [--canvas-url <url>]',
  );
  process.exit(2);
}

const emulator = await startEmulator({
  port,
  host: values.host,
  db: values.db,
  seed,
  testControl: values['test-control'],
  tokenTtlSeconds: ttl,
  canvasUrl: values['canvas-url'],
});
console.log(`org-emulator listening on ${emulator.url}`);

let closing = false;
const shutdown = (): void => {
  if (closing) return;
  closing = true;
  emulator.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
