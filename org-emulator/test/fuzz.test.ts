import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { http, orgForFile } from './helpers.js';

const sf = orgForFile();

const fields = [
  'Id',
  'Name',
  'Owner.Name',
  'BillingCity',
  'NumberOfEmployees',
  'CreatedDate',
  'IsDeleted',
  'Nope__c',
  'Parent.Name',
  'What.Name',
];
const objects = ['Account', 'Task', 'Contact', 'cqext__SQX_Form_Submission__c', 'Nope__c', 'User'];
const ops = ['=', '!=', '<', '<=', '>', '>=', 'LIKE', 'IN', 'NOT IN', 'INCLUDES'];
const literals = [
  "'x'",
  "'%a_'",
  '5',
  '5.5',
  'true',
  'null',
  'TODAY',
  'LAST_N_DAYS:3',
  '2024-01-01',
  '2024-01-01T00:00:00Z',
  "('a','b')",
  "'\\''",
  "'\\\\'",
];

const condition = fc
  .tuple(fc.constantFrom(...fields), fc.constantFrom(...ops), fc.constantFrom(...literals))
  .map(([f, o, l]) => `${f} ${o} ${l}`);
const where: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    condition,
    fc.tuple(tie('expr'), fc.constantFrom('AND', 'OR'), tie('expr')).map(([a, op, b]) => `${a} ${op} ${b}`),
    tie('expr').map((e) => `(${e})`),
    tie('expr').map((e) => `NOT ${e}`),
  ),
})).expr;

const soql = fc.oneof(
  fc
    .tuple(
      fc.uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: 4 }),
      fc.constantFrom(...objects),
      fc.option(where, { nil: undefined }),
      fc.option(fc.constantFrom('ORDER BY Name', 'ORDER BY Name DESC NULLS LAST', 'ORDER BY Nope__c'), {
        nil: undefined,
      }),
      fc.option(fc.integer({ min: -5, max: 3000 }), { nil: undefined }),
    )
    .map(
      ([fs, o, w, ob, lim]) =>
        `SELECT ${fs.join(', ')} FROM ${o}${w ? ` WHERE ${w}` : ''}${ob ? ` ${ob}` : ''}${lim !== undefined ? ` LIMIT ${lim}` : ''}`,
    ),
  fc.string({ maxLength: 80 }),
  fc.string({ maxLength: 60 }).map((s) => `SELECT Id FROM Account WHERE Name = '${s}'`),
  fc.constantFrom(
    'SELECT',
    'SELECT Id FROM',
    'SELECT COUNT() FROM Account GROUP BY',
    "SELECT Id FROM Account WHERE Name LIKE '\\",
    'SELECT (SELECT Id FROM Tasks) FROM Account',
  ),
);

const noServerError = (status: number, body: unknown): void => {
  expect(status, JSON.stringify(body)).toBeLessThan(500);
};

describe('fuzz: malformed input never yields 5xx', () => {
  it('SOQL from fast-check', async () => {
    await fc.assert(
      fc.asyncProperty(soql, async (q) => {
        const res = await http(sf.emu, `/services/data/v60.0/query?q=${encodeURIComponent(q)}`, {
          token: sf.token,
        });
        noServerError(res.status, res.body);
        if (res.status !== 200) {
          const err = (res.body as { errorCode?: string }[])[0];
          expect([
            'MALFORMED_QUERY',
            'INVALID_FIELD',
            'INVALID_TYPE',
            'INVALID_QUERY_FILTER_OPERATOR',
          ]).toContain(err?.errorCode);
        }
      }),
      { numRuns: 250 },
    );
  });

  it('JSON bodies of every shape on create, update, upsert and collections', async () => {
    const paths: [string, string][] = [
      ['POST', '/services/data/v60.0/sobjects/Account'],
      ['POST', '/services/data/v60.0/sobjects/cqext__SQX_Form_Submission__c'],
      [
        'PATCH',
        '/services/data/v60.0/sobjects/cqext__SQX_Form_Submission__c/cqext__Uniqueness_Constraint__c/fuzz%23key',
      ],
      ['POST', '/services/data/v60.0/composite/sobjects'],
      ['PATCH', '/services/data/v60.0/composite/sobjects'],
      ['PATCH', '/services/data/v60.0/composite/sobjects/Account/External_Id__c'],
      ['POST', '/services/data/v60.0/composite/sobjects/Account'],
      ['POST', '/services/data/v60.0/sobjects/ContentVersion'],
      ['POST', '/__emulator/faults'],
    ];
    const body = fc.oneof(
      fc.string({ maxLength: 50 }),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc
        .dictionary(
          fc.constantFrom(
            'Name',
            'cqext__Version__c',
            'cqext__Scheduled_Date__c',
            'OwnerId',
            'records',
            'allOrNone',
            'attributes',
            'Id',
            'VersionData',
            'PathOnClient',
            'errorRate',
            'pathPattern',
          ),
          fc.jsonValue({ maxDepth: 2 }),
        )
        .map((d) => JSON.stringify(d)),
      fc
        .array(
          fc.record({
            attributes: fc.record({ type: fc.constantFrom('Account', 'Nope', 'Task') }),
            Name: fc.jsonValue({ maxDepth: 1 }),
          }),
          { maxLength: 4 },
        )
        .map((records) => JSON.stringify({ records })),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), body, async ([method, path], text) => {
        const res = await http(sf.emu, path, {
          method,
          token: sf.token,
          headers: { 'content-type': 'application/json' },
          body: text,
        });
        noServerError(res.status, res.body);
      }),
      { numRuns: 250 },
    );
    await http(sf.emu, '/__emulator/faults', { method: 'DELETE' });
  });

  it('random paths, ids and methods', async () => {
    const segment = fc.oneof(
      fc.constantFrom(
        'sobjects',
        'Account',
        'describe',
        'query',
        'composite',
        'ui-api',
        'object-info',
        'connect',
        'files',
        'tooling',
        '001000000000000AAA',
        '%',
        '..',
        '%E0%A4%A',
      ),
      fc.string({ maxLength: 10 }).map(encodeURIComponent),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD', 'OPTIONS', 'PROPFIND'),
        fc.array(segment, { maxLength: 5 }),
        async (method, segs) => {
          const res = await http(sf.emu, `/services/data/v60.0/${segs.join('/')}`, {
            method,
            token: sf.token,
          });
          noServerError(res.status, res.body);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('token endpoint with random form fields', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom(
            'grant_type',
            'client_id',
            'client_secret',
            'code',
            'refresh_token',
            'username',
            'password',
            'code_verifier',
            'redirect_uri',
          ),
          fc.string({ maxLength: 20 }),
        ),
        async (form) => {
          const res = await http(sf.emu, '/services/oauth2/token', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(form).toString(),
          });
          noServerError(res.status, res.body);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('huge JSON bodies get 413, not a crash', async () => {
    const huge = JSON.stringify({ Name: 'x'.repeat(40 * 1024 * 1024) });
    const res = await http(sf.emu, '/services/data/v60.0/sobjects/Account', {
      method: 'POST',
      token: sf.token,
      headers: { 'content-type': 'application/json' },
      body: huge,
    });
    expect(res.status).toBe(413);
    expect((await http(sf.emu, '/services/data/v60.0/sobjects', { token: sf.token })).status).toBe(200);
  });
});
