// `npm run org-emulator -- --port 4400 --db :memory: --seed demo [--test-control] [--token-ttl 7200] [--canvas-url URL] [--allow-connected-app-creation] [--edition Enterprise --licenses 10 | --api-allowance N]`
import { parseArgs } from 'node:util';
import { ORG_EDITIONS, startEmulator, type OrgEdition } from './index.js';

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
    'org-id': { type: 'string' },
    'org-name': { type: 'string' },
    'deploy-ms': { type: 'string', default: '400' },
    namespace: { type: 'string', default: 'cqext' },
    'allow-connected-app-creation': { type: 'boolean', default: false },
    edition: { type: 'string', default: 'Enterprise' },
    licenses: { type: 'string', default: '10' },
    'api-allowance': { type: 'string' },
  },
  allowPositionals: false,
});

const seed = values.seed === 'none' ? 'none' : 'demo';
const port = Number(values.port);
const ttl = Number(values['token-ttl']);
const deployMs = Number(values['deploy-ms']);
const orgId = values['org-id'];
const edition = ORG_EDITIONS.find((e) => e.toLowerCase() === values.edition.toLowerCase());
const licenses = Number(values.licenses);
const allowance = values['api-allowance'] === undefined ? undefined : Number(values['api-allowance']);
if (
  !edition ||
  !Number.isInteger(licenses) ||
  licenses < 0 ||
  (allowance !== undefined && (!Number.isInteger(allowance) || allowance < 0))
) {
  console.error(
    `usage: org-emulator [--edition ${ORG_EDITIONS.join('|')}] [--licenses <n>] [--api-allowance <calls a day>]`,
  );
  process.exit(2);
}
if (
  !Number.isInteger(port) ||
  port < 0 ||
  port > 65535 ||
  !Number.isFinite(ttl) ||
  ttl <= 0 ||
  !Number.isInteger(deployMs) ||
  deployMs < 0 ||
  (orgId !== undefined && !/^00D[A-Za-z0-9]{15}$/.test(orgId)) ||
  !/^(|[A-Za-z][A-Za-z0-9]{0,14})$/.test(values.namespace)
) {
  console.error(
    'usage: org-emulator --port <n> --db <file>|:memory: --seed demo|none [--test-control] [--token-ttl <seconds>] [--canvas-url <url>] [--org-id 00D…(18) --org-name <name>] [--deploy-ms <ms>] [--namespace cqext|""] [--allow-connected-app-creation]',
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
  ...(orgId ? { orgId } : {}),
  ...(values['org-name'] ? { orgName: values['org-name'] } : {}),
  namespace: values.namespace,
  connectedAppCreation: values['allow-connected-app-creation'],
  deployMs,
  apiAllowance: {
    edition: edition as OrgEdition,
    licenses,
    ...(allowance !== undefined ? { max: allowance } : {}),
  },
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
