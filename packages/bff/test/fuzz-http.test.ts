/**
 * Proof fuzz (issue 11) over real HTTP: generated bodies, query strings and path parameters for every
 * route of the contract table (random values, oversized strings and bodies, deeply nested JSON,
 * `__proto__`/`constructor` keys, query-operator objects), sent signed-in (session cookie, CSRF
 * header, same Origin) to a BFF listening on a socket, with its own org-emulator behind it (the
 * structurally valid requests write to the org: kept away from the shared test emulator).
 * Every answer must be one of the allowed statuses: never a 5xx, never anything outside the list.
 * Then the canvas signed request: valid ones tampered with in every way the generator knows must
 * all be 401 (a few untouched ones must still get in).
 *
 * 100 requests per route in `npm test`, 10,000 under `npm run proof` (PROOF_SCALE=full).
 */
import crypto from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ROUTES,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  EMBEDDED_SESSION_COOKIE,
  type ApiRoute,
} from 'shared-contracts';
import { proofScale, recordProof } from 'shared-contracts/testing';
import { signRequest } from '../src/org/canvas';
import { startEmulator, stop } from './global-setup';
import { Client, DEMO, passwordToken, signedIn, startBff, type RunningBff } from './helpers';

// PROOF_FUZZ_RUNS overrides (scripts/proof.mjs passes it on and says so in the report).
const RUNS = Number(process.env.PROOF_FUZZ_RUNS ?? proofScale(100, 10_000));
const CANVAS_RUNS = proofScale(300, 10_000);
const SEED = 11_2026;
const LANES = 8;
const ALLOWED = new Set([400, 401, 403, 404, 409, 413, 415, 422, 429]);
const allowed = (status: number) => (status >= 200 && status < 400) || ALLOWED.has(status);

let emulator: { url: string; child: ChildProcess };
let bff: RunningBff;
let session: Client;

beforeAll(async () => {
  emulator = await startEmulator();
  bff = await startBff(emulator.url);
  session = await signedIn(bff.base, DEMO.field);
}, 120_000);
afterAll(async () => {
  await bff?.close();
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

interface Generated {
  params: string[];
  query: [string, string][];
  body: string;
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
      arbitrary: fc
        .integer({ min: 0, max: 39 })
        .map((n) =>
          n === 0 ? JSON.stringify({ [bodyKeys[0] ?? 'a']: 'x'.repeat(11 * 1024 * 1024) }) : '{}',
        ),
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
    let throwaway: Client | null = null;
    const fuzzRoute = async (route: ApiRoute) => {
      await fc.assert(
        fc.asyncProperty(requestArb(route), async (req) => {
          let client = session;
          if (destructive.has(route.id)) {
            throwaway ??= await signedIn(bff.base, DEMO.partner);
            client = throwaway;
          }
          const url = urlOf(route, req);
          const hasBody = route.method !== 'GET';
          const res = await fetch(`${bff.base}${url}`, {
            method: route.method,
            headers: {
              [CSRF_HEADER]: CSRF_HEADER_VALUE,
              Origin: bff.base,
              Cookie: client.jar.header(bff.base),
              ...(hasBody && req.type ? { 'Content-Type': req.type } : {}),
            },
            ...(hasBody ? { body: req.body } : {}),
            redirect: 'manual',
          });
          const body = await res.text();
          if (destructive.has(route.id) && res.status < 300) throwaway = null;
          total += 1;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (!allowed(res.status)) {
            failures.push(
              `${route.method} ${url.slice(0, 300)} [${req.type}] → ${res.status} ${body.slice(0, 200)}`,
            );
            return false;
          }
          return true;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    };
    const routes = [...API_ROUTES];
    const lanes = Array.from({ length: LANES }, (_, k) => routes.filter((_, i) => i % LANES === k));
    await Promise.all(
      lanes.map(async (lane) => {
        for (const route of lane)
          await fuzzRoute(route).catch((e: unknown) =>
            failures.push(`${route.id}: ${String(e).slice(0, 600)}`),
          );
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    recordProof('fuzz-routes', {
      routes: routes.length,
      perRoute: RUNS,
      requests: total,
      seconds: Math.round(seconds),
      reqPerSecond: Math.round(total / seconds),
      statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
      fiveXX: [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0),
      failures: failures.length,
    });
    expect(failures).toEqual([]);
    expect(total).toBe(RUNS * routes.length);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // still alive, still signed in
    expect((await fetch(`${bff.base}/api/version`)).status).toBe(200);
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
    await fc.assert(
      fc.asyncProperty(tamperArb, async (t) => {
        const { signed, genuine } = tamper(envelope(), t);
        const res = await fetch(`${bff.base}/canvas`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: emulator.url },
          body: new URLSearchParams({ signed_request: signed }).toString(),
          redirect: 'manual',
        });
        await res.arrayBuffer();
        const session = res.headers.getSetCookie().some((l) => l.startsWith(`${EMBEDDED_SESSION_COOKIE}=`));
        if (genuine) {
          counts.genuine += 1;
          if (res.status === 303 && session) counts.genuineAccepted += 1;
          else failures.push(`genuine ${JSON.stringify(t)} → ${res.status}`);
        } else {
          counts.tampered += 1;
          if (res.status === 401 && !session) counts.tampered401 += 1;
          else failures.push(`tampered ${JSON.stringify(t).slice(0, 200)} → ${res.status}`);
        }
        return true;
      }),
      { numRuns: CANVAS_RUNS, seed: SEED },
    );
    recordProof('fuzz-canvas', { ...counts, seconds: Math.round((performance.now() - started) / 1000) });
    expect(failures).toEqual([]);
    expect(counts.tampered401).toBe(counts.tampered);
    expect(counts.tampered).toBeGreaterThan(CANVAS_RUNS * 0.9);
    expect(counts.genuineAccepted).toBeGreaterThan(0);
  }, 3_600_000);
});
