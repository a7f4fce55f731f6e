/**
 * Proof fuzz (issue 11) over real HTTP: generated bodies, query strings and path parameters for every
 * route of the contract table (random values, oversized strings and bodies, deeply nested JSON,
 * `__proto__`/`constructor` keys, query-operator objects), sent signed-in (session cookie, CSRF
 * header, same Origin) to the BFF as deployed (its own process, src/main.ts, on a socket), with its
 * own org-emulator behind it (the structurally valid requests write to the org: kept away from the
 * shared test emulator). Every answer must be one of the allowed statuses: never a 5xx, never
 * anything outside the list, and no property may appear on the BFF's built-in prototypes.
 * Then the canvas signed request: valid ones tampered with in every way the generator knows must
 * all be 401 (a few untouched ones must still get in).
 *
 * 100 requests per route in `npm test`, 10,000 under `npm run proof` (PROOF_SCALE=full). The
 * requests are generated up front per route in seeded chunks (the same requests every run) and
 * sent CONCURRENCY at a time over one keep-alive pool: the BFF, not the sender, sets the pace.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawn, type ChildProcess } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ROUTES,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  EMBEDDED_SESSION_COOKIE,
  type ApiRoute,
} from 'shared-contracts';
import { proofScale, recordProof } from 'test-kit';
import { signRequest } from '../src/org/canvas';
import { freePort } from 'test-kit/system';
import { startEmulator, stop } from './global-setup';
import { Client, DEMO, bffEnv, passwordToken, signedIn } from './helpers';

// PROOF_FUZZ_RUNS overrides (scripts/proof.mjs passes it on and says so in the report).
const RUNS = Number(process.env.PROOF_FUZZ_RUNS ?? proofScale(100, 10_000));
const CANVAS_RUNS = proofScale(300, 10_000);
const SEED = 11_2026;
// Requests in flight: enough to keep the BFF's core busy while this process generates and parses.
const CONCURRENCY = Number(process.env.PROOF_FUZZ_CONCURRENCY ?? 24);
// Requests generated at once per route (bounded memory; each chunk has its own seed).
const CHUNK = 250;
const ALLOWED = new Set([400, 401, 403, 404, 409, 413, 415, 422, 429]);
const allowed = (status: number) => (status >= 200 && status < 400) || ALLOWED.has(status);

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface BffProcess {
  base: string;
  child: ChildProcess;
  /** Own properties added to Object/Array/Function.prototype since the BFF started. */
  pollution(): Promise<string[]>;
}

/**
 * The BFF as `npm start` runs it (src/main.ts) in its own process, so the sender and the server use
 * separate cores. A line on its stdin makes it print what its requests added to the built-in
 * prototypes (prototype pollution would show there, not in this process).
 */
async function spawnBff(emulatorUrl: string): Promise<BffProcess> {
  const port = await freePort();
  const main = pathToFileURL(path.join(repoRoot, 'bff/src/main.ts')).href;
  const probe = `
    const protos = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype };
    const names = () => Object.entries(protos).flatMap(([n, p]) => Reflect.ownKeys(p).map((k) => n + '.' + String(k)));
    await import(${JSON.stringify(main)});
    const before = new Set(names());
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', () => {
      process.stdout.write('PROTO ' + JSON.stringify(names().filter((k) => !before.has(k))) + '\\n');
    });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
    cwd: repoRoot,
    env: {
      ...process.env,
      // The fuzz is one session sending as fast as it can: the limiter is tested by load.test.ts.
      ...bffEnv(emulatorUrl, { RATE_LIMIT_PER_MINUTE: '100000000' }),
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bff did not start: ${out}`)), 60_000);
    const check = () => {
      if (/bff listening on http/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bff exited ${code}: ${out}`));
    });
  });
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    pollution: () =>
      new Promise<string[]>((resolve, reject) => {
        const from = out.length;
        const timer = setTimeout(() => reject(new Error(`no answer from the BFF's probe: ${out}`)), 30_000);
        const onData = () => {
          const m = /PROTO (\[.*\])\n/.exec(out.slice(from));
          if (!m?.[1]) return;
          clearTimeout(timer);
          child.stdout?.off('data', onData);
          resolve(JSON.parse(m[1]) as string[]);
        };
        child.stdout?.on('data', onData);
        child.stdin?.write('check\n');
      }),
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux; 0 elsewhere). */
function cpuSeconds(pid: number | undefined, withChildren = true): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name, which is in parentheses and may hold spaces
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // its children too: the emulator runs under tsx's launcher, in a child process
    const children = withChildren
      ? fs
          .readdirSync(`/proc/${pid}/task`)
          .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' '))
          .filter(Boolean)
      : [];
    return (
      (Number(fields[11]) + Number(fields[12])) / 100 +
      children.reduce((sum, child) => sum + cpuSeconds(Number(child)), 0)
    );
  } catch {
    return 0;
  }
}

/**
 * CPU milliseconds per request of the sender (this process), the BFF and the org-emulator: what a
 * quiet machine's rate can be estimated from (wall-clock rates here depend on the other load).
 */
function cpuMeter(): () => { sender: number; bff: number; emulator: number } {
  // the sender's own time only: the BFF and the emulator are its children
  const now = () => ({
    sender: cpuSeconds(process.pid, false),
    bff: cpuSeconds(bff.child.pid),
    emulator: cpuSeconds(emulator.child.pid),
  });
  const at = now();
  return () => {
    const end = now();
    return { sender: end.sender - at.sender, bff: end.bff - at.bff, emulator: end.emulator - at.emulator };
  };
}
const perRequestMs = (cpu: Record<string, number>, requests: number) =>
  Object.fromEntries(Object.entries(cpu).map(([k, s]) => [k, Number(((s * 1000) / requests).toFixed(3))]));

/** One keep-alive pool for every request of the run (a fresh connection per request costs more than most answers). */
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY + 8 });

interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

/** A request through Node's own HTTP client (cheaper per request than fetch); the body is read in full. */
function send(
  base: string,
  method: string,
  pathAndQuery: string,
  headers: Record<string, string>,
  body?: string | Buffer,
  retried = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${pathAndQuery}`, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        // only the start of an answer is ever quoted
        if (size < 4096) chunks.push(c);
        size += c.length;
      });
      res.once('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          setCookie: res.headers['set-cookie'] ?? [],
        }),
      );
      res.once('error', reject);
    });
    req.once('error', (e: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed as idle just as it was reused (Node's documented
      // race): the request never reached the BFF, so it is sent again once, on a new connection.
      if (req.reusedSocket && e.code === 'ECONNRESET' && !retried)
        resolve(send(base, method, pathAndQuery, headers, body, true));
      else reject(e);
    });
    req.end(body);
  });
}

/** Runs the jobs CONCURRENCY at a time (each worker takes the next job when its last one is done). */
async function inPool<T>(jobs: T[], concurrency: number, work: (job: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, jobs.length) }, async () => {
      while (next < jobs.length) await work(jobs[next++] as T);
    }),
  );
}

let emulator: { url: string; child: ChildProcess };
let bff: BffProcess;
let session: Client;

beforeAll(async () => {
  emulator = await startEmulator();
  bff = await spawnBff(emulator.url);
  session = await signedIn(bff.base, DEMO.field);
}, 120_000);
afterAll(async () => {
  agent.destroy();
  if (bff) await stop(bff.child);
  if (emulator) await stop(emulator.child);
});

// ---------------------------------------------------------------------------------------------
// Generators

const special = fc.constantFrom(
  "'",
  '\\',
  '%',
  '_',
  '__proto__',
  'constructor',
  'prototype',
  '../../etc/passwd',
  '..%2f..%2f',
  '069000000000001AAA',
  '068000000000001AAA',
  'a0F000000000001AAA',
  'a0G000000000001AAA',
  '001000000000001AAA',
  '005000000000001AAA',
  '',
  ' ',
  'null',
  'true',
  '-1',
  '1e309',
  'NaN',
  '😀',
  '\u0000',
  '\u202e',
  '<script>alert(1)</script>',
  'production',
  'sandbox',
  'http://127.0.0.1:1',
  'https://evil.example.com',
  "' OR Name != '",
  'SELECT Id FROM User',
  'cqComp',
  'cqFormTemplate',
  'all',
);
const text = fc.oneof(
  { weight: 3, arbitrary: special },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  // oversized for every bounded string of the contract
  { weight: 1, arbitrary: fc.integer({ min: 256, max: 6000 }).map((n) => 'x'.repeat(n)) },
);
/** MongoDB/Sequelize-style operator objects: must never be read as anything but data. */
const operator = fc
  .tuple(
    fc.constantFrom('$gt', '$ne', '$where', '$regex', '$in', '$or', 'gte', '$like'),
    fc.oneof(text, fc.constant({})),
  )
  .map(([op, v]) => ({ [op]: v }));
const leaf = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((b) => Number(b)),
  fc.boolean(),
  fc.constant(null),
  operator,
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(text, leaf, { maxKeys: 3 }) },
);

const deepJson = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

function keysOf(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props) : [];
}

/** An 11 MB JSON body, built once per key and shared by every request that sends it. */
const oversizedBodies = new Map<string, Buffer>();
function oversized(key: string): Buffer {
  let body = oversizedBodies.get(key);
  if (!body) {
    body = Buffer.from(JSON.stringify({ [key]: 'x'.repeat(11 * 1024 * 1024) }));
    oversizedBodies.set(key, body);
  }
  return body;
}

interface Generated {
  params: string[];
  query: [string, string][];
  body: string | Buffer;
  type: string;
  poison: boolean;
}

function requestArb(route: ApiRoute): fc.Arbitrary<Generated> {
  const params = (route.path.match(/:([A-Za-z]+)/g) ?? []).map((p) => p.slice(1));
  const queryKeys = [...keysOf(route.query), '__proto__', 'constructor', 'x'];
  const bodyKeys = [...keysOf(typeof route.body === 'object' ? route.body : undefined), '__proto__', 'extra'];
  const queryValue = fc.oneof(
    { weight: 4, arbitrary: text },
    // operator objects the way qs-style parsers would read them: key[$gt]=
    { weight: 1, arbitrary: fc.constantFrom('[object Object]', '{"$gt":""}', 'a&b=c', '%00') },
  );
  const queryArb = fc.array(fc.tuple(fc.constantFrom(...queryKeys), queryValue), { maxLength: 5 });
  const paramArb = fc.array(text, { minLength: params.length, maxLength: params.length });
  const bodyArb = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .dictionary(fc.constantFrom(...bodyKeys), value, { maxKeys: 6 })
        .map((o) => JSON.stringify(o)),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: text },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"__proto__":{"polluted":true}}',
        '{"a":{"constructor":{"prototype":{"polluted":true}}}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        '[{"__proto__":{"polluted":true}}]',
        '{"a":1,"a":{"$gt":""}}',
        '{"data":{"$where":"sleep(1000)"}}',
        '{',
        '{"a":"\\ud800"}',
        'null',
        '',
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 200, max: 20_000 }), fc.constantFrom<'array' | 'object'>('array', 'object'))
        .map(([d, k]) => deepJson(d, k)),
    },
    // oversized: past the 1 MB (10 MB for submissions and builder JSON) limits; rare, they are big
    {
      weight: 1,
      arbitrary: fc.integer({ min: 0, max: 39 }).map((n) => (n === 0 ? oversized(bodyKeys[0] ?? 'a') : '{}')),
    },
  );
  const typeArb = fc.constantFrom(
    'application/json',
    'application/json',
    'application/json',
    'application/json; charset=utf-16',
    'text/plain',
    'application/xml',
    'multipart/form-data; boundary=x',
    'application/x-www-form-urlencoded',
    '',
  );
  // The org answers in tens of milliseconds: 9 in 10 generated GETs carry one unknown query key (the
  // closed schema refuses it at once) so the run stays within budget, while 1 in 10 goes to the org.
  const poisonArb = fc.integer({ min: 0, max: 9 }).map((n) => n !== 0 && route.method === 'GET');
  return fc.record({ params: paramArb, query: queryArb, body: bodyArb, type: typeArb, poison: poisonArb });
}

function urlOf(route: ApiRoute, req: Generated): string {
  let i = 0;
  const path = route.path.replace(/:([A-Za-z]+)/g, () => encodeURIComponent(req.params[i++] ?? ''));
  const qs = new URLSearchParams(req.poison ? [...req.query, ['unknownKey', '1']] : req.query).toString();
  return `${path}${qs ? `?${qs}` : ''}`;
}

// ---------------------------------------------------------------------------------------------

describe('proof fuzz over HTTP: every route, signed in', () => {
  // Routes that end the session get a throwaway signed-in client so the others stay signed in.
  const destructive = new Set(['deleteToken', 'sfLogout']);

  it(`${RUNS} generated requests per route: only allowed statuses, never a 5xx`, async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let total = 0;
    const started = performance.now();
    const cpu = cpuMeter();
    const routes = [...API_ROUTES];
    const cookie = session.jar.header(bff.base);
    // (route, chunk) jobs, chunk-major so every route is in flight from the start
    const jobs: { route: ApiRoute; index: number; chunk: number }[] = [];
    for (let chunk = 0; chunk * CHUNK < RUNS; chunk++)
      routes.forEach((route, index) => jobs.push({ route, index, chunk }));
    const arbs = new Map(routes.map((r) => [r.id, requestArb(r)]));

    await inPool(jobs, CONCURRENCY, async ({ route, index, chunk }) => {
      const numRuns = Math.min(CHUNK, RUNS - chunk * CHUNK);
      const seed = SEED + index * 10_000 + chunk;
      const reqs = fc.sample(arbs.get(route.id) as fc.Arbitrary<Generated>, { numRuns, seed });
      // a destructive route's chunk signs in its own throwaway user again after each sign-out
      let throwaway: string | null = null;
      for (const [k, req] of reqs.entries()) {
        if (destructive.has(route.id))
          throwaway ??= (await signedIn(bff.base, DEMO.partner)).jar.header(bff.base);
        const url = urlOf(route, req);
        const hasBody = route.method !== 'GET';
        let answer: Answer;
        try {
          answer = await send(
            bff.base,
            route.method,
            url,
            {
              [CSRF_HEADER]: CSRF_HEADER_VALUE,
              Origin: bff.base,
              Cookie: throwaway ?? cookie,
              ...(hasBody && req.type ? { 'Content-Type': req.type } : {}),
            },
            hasBody ? req.body : undefined,
          );
        } catch (e) {
          failures.push(
            `${route.method} ${url.slice(0, 300)} (seed ${seed}, #${k}): no answer: ${String(e)}`,
          );
          continue;
        }
        if (destructive.has(route.id) && answer.status < 300) throwaway = null;
        total += 1;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (!allowed(answer.status))
          failures.push(
            `${route.method} ${url.slice(0, 300)} [${req.type}] (seed ${seed}, #${k}) → ${answer.status} ${answer.body.slice(0, 200)}`,
          );
      }
    });
    const seconds = (performance.now() - started) / 1000;
    const cpuUsed = cpu();
    const pollution = await bff.pollution();
    recordProof('fuzz-routes', {
      routes: routes.length,
      perRoute: RUNS,
      requests: total,
      seconds: Math.round(seconds),
      reqPerSecond: Math.round(total / seconds),
      concurrency: CONCURRENCY,
      loadAverage: Number((os.loadavg()[0] ?? 0).toFixed(1)),
      cpuMsPerRequest: perRequestMs(cpuUsed, total),
      statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
      fiveXX: [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0),
      failures: failures.length,
      prototypePollution: pollution.length,
    });
    expect(failures.slice(0, 20)).toEqual([]);
    expect(total).toBe(RUNS * routes.length);
    expect(pollution).toEqual([]);
    // still alive, still signed in
    expect((await send(bff.base, 'GET', '/api/version', {})).status).toBe(200);
    expect((await session.get('/api/forms')).status).toBe(200);
  }, 3_600_000);
});

// ---------------------------------------------------------------------------------------------
// Canvas signed request

type Tamper =
  | { t: 'untouched' }
  | { t: 'sigChar'; at: number; ch: string }
  | { t: 'envChar'; at: number; ch: string }
  | { t: 'truncate'; at: number }
  | { t: 'append'; extra: string }
  | { t: 'swap' }
  | { t: 'field'; key: string; v: unknown }
  | { t: 'secret'; secret: string }
  | { t: 'alg'; alg: string }
  | { t: 'issuedAt'; offsetS: number }
  | { t: 'noSig' }
  | { t: 'sigOfOther'; other: string };

const b64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=.-_ ';
const tamperArb: fc.Arbitrary<Tamper> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ t: 'untouched' as const }) },
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('sigChar' as const),
      at: fc.nat(),
      ch: fc.constantFrom(...b64.split('')),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('envChar' as const),
      at: fc.nat(),
      ch: fc.constantFrom(...b64.split('')),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('truncate' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('append' as const),
      extra: fc.string({ minLength: 1, maxLength: 8 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ t: 'swap' as const }) },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('field' as const),
      key: fc.constantFrom('userId', 'algorithm', 'issuedAt', 'client', 'context', '__proto__'),
      v: value,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('secret' as const), secret: fc.string({ maxLength: 24 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('alg' as const),
      alg: fc.constantFrom('HMACSHA1', 'none', 'hmacsha256', 'HMACSHA256 ', 'RS256', ''),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('issuedAt' as const),
      offsetS: fc.oneof(
        fc.integer({ min: 901, max: 10_000_000 }),
        fc.integer({ min: -10_000_000, max: -61 }),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ t: 'noSig' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('sigOfOther' as const), other: fc.string({ maxLength: 40 }) }),
  },
);

function hmac(part: string): Buffer {
  return crypto.createHmac('sha256', DEMO.secret).update(part).digest();
}

/**
 * Applies a tampering and tells whether the result still is, byte for byte, the org's signed
 * request: the same envelope text with a signature that decodes to the same HMAC (base64 is
 * lenient: a changed padding bit or inserted whitespace decodes to the same bytes; that is not
 * tampering, and it is rare).
 */
function tamper(envelope: Record<string, unknown>, t: Tamper): { signed: string; genuine: boolean } {
  const original = signRequest(envelope, DEMO.secret);
  const [sig, env] = original.split('.') as [string, string];
  const judge = (signed: string): { signed: string; genuine: boolean } => {
    const dot = signed.indexOf('.');
    const s = signed.slice(0, dot);
    const e = signed.slice(dot + 1);
    return { signed, genuine: dot > 0 && e === env && Buffer.from(s, 'base64').equals(hmac(env)) };
  };
  const put = (str: string, at: number, ch: string) => {
    const i = at % str.length;
    return str.slice(0, i) + ch + str.slice(i + 1);
  };
  const future = (over: Record<string, unknown>) => signRequest({ ...envelope, ...over }, DEMO.secret);
  switch (t.t) {
    case 'untouched':
      return { signed: original, genuine: true };
    case 'sigChar':
      return judge(`${put(sig, t.at, t.ch)}.${env}`);
    case 'envChar':
      return judge(`${sig}.${put(env, t.at, t.ch)}`);
    case 'truncate':
      return judge(original.slice(0, t.at % original.length));
    case 'append':
      return judge(original + t.extra);
    case 'swap':
      return judge(`${env}.${sig}`);
    case 'field': {
      const changed = Buffer.from(JSON.stringify({ ...envelope, [t.key]: t.v })).toString('base64');
      return judge(`${sig}.${changed}`);
    }
    case 'secret':
      return t.secret === DEMO.secret
        ? { signed: original, genuine: true }
        : judge(signRequest(envelope, t.secret));
    case 'alg':
      return { signed: future({ algorithm: t.alg }), genuine: false };
    case 'issuedAt':
      return {
        signed: future({ issuedAt: Math.floor(Date.now() / 1000) - t.offsetS }),
        genuine: false,
      };
    case 'noSig':
      return judge(`.${env}`);
    case 'sigOfOther':
      return judge(`${crypto.createHmac('sha256', DEMO.secret).update(t.other).digest('base64')}.${env}`);
  }
}

describe('proof fuzz: the canvas signed request', () => {
  it(`${CANVAS_RUNS} tampered signed requests: every tampered one 401, no session`, async () => {
    const token = await passwordToken(emulator.url, DEMO.field);
    const envelope = (): Record<string, unknown> => ({
      algorithm: 'HMACSHA256',
      issuedAt: Math.floor(Date.now() / 1000),
      userId: '0055g0000000002AAA',
      client: {
        oauthToken: token,
        instanceUrl: emulator.url,
        targetOrigin: emulator.url,
        instanceId: '_:CQ:',
      },
      context: {
        user: { userId: '0055g0000000002AAA', userName: DEMO.field, userType: 'STANDARD' },
        organization: { organizationId: '00D5g0000000001AAA' },
        environment: { parameters: { formId: 'a0F000000000001AAA' } },
      },
    });
    const counts = { tampered: 0, tampered401: 0, genuine: 0, genuineAccepted: 0 };
    const failures: string[] = [];
    const started = performance.now();
    const cpu = cpuMeter();
    // the same tamperings every run (fixed seed), sent CONCURRENCY at a time
    const tamperings = fc.sample(tamperArb, { numRuns: CANVAS_RUNS, seed: SEED });
    await inPool(tamperings, CONCURRENCY, async (t) => {
      const { signed, genuine } = tamper(envelope(), t);
      const res = await send(
        bff.base,
        'POST',
        '/canvas',
        { 'Content-Type': 'application/x-www-form-urlencoded', Origin: emulator.url },
        new URLSearchParams({ signed_request: signed }).toString(),
      );
      const session = res.setCookie.some((l) => l.startsWith(`${EMBEDDED_SESSION_COOKIE}=`));
      if (genuine) {
        counts.genuine += 1;
        if (res.status === 303 && session) counts.genuineAccepted += 1;
        else failures.push(`genuine ${JSON.stringify(t)} → ${res.status}`);
      } else {
        counts.tampered += 1;
        if (res.status === 401 && !session) counts.tampered401 += 1;
        else failures.push(`tampered ${JSON.stringify(t).slice(0, 200)} → ${res.status}`);
      }
    });
    const seconds = (performance.now() - started) / 1000;
    recordProof('fuzz-canvas', {
      ...counts,
      seconds: Math.round(seconds),
      reqPerSecond: Math.round(CANVAS_RUNS / seconds),
      cpuMsPerRequest: perRequestMs(cpu(), CANVAS_RUNS),
    });
    expect(failures.slice(0, 20)).toEqual([]);
    expect(counts.tampered401).toBe(counts.tampered);
    expect(counts.tampered).toBeGreaterThan(CANVAS_RUNS * 0.9);
    expect(counts.genuineAccepted).toBeGreaterThan(0);
  }, 3_600_000);
});
