// What Salesforce's own clients (its CLI, jsforce) rely on, as a real org answers it: repeated slashes,
// Organization's standard fields, query column metadata, MALFORMED_ID, all-or-none rollbacks and the
// sObject Tree API. Over HTTP and jsforce against a running emulator.
import { describe, expect, it } from 'vitest';
import { ADMIN, FIELD_USER, http, login, orgForFile } from './helpers.js';

type SaveResult = {
  id?: string | null;
  success: boolean;
  created?: boolean;
  errors: { statusCode: string; message: string; fields: string[] }[];
};

const sf = orgForFile({}, ADMIN);
const V = '/services/data/v60.0';
const q = (soql: string): string => encodeURIComponent(soql);
const rolledBack = {
  statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
  message: 'Record rolled back because not all records were valid and the request was using AllOrNone header',
  fields: [],
};
const countNamed = async (prefix: string): Promise<number> =>
  (await sf.conn.query(`SELECT Id FROM Account WHERE Name LIKE '${prefix}%'`)).totalSize;

describe('paths', () => {
  it('answers //services/data/... (an instance URL kept with its trailing slash) like /services/data/...', async () => {
    const plain = await http(sf.emu, `${V}/query?q=${q('SELECT Id FROM Organization')}`, { token: sf.token });
    const doubled = await http(sf.emu, `//${V.slice(1)}//query?q=${q('SELECT Id FROM Organization')}`, {
      token: sf.token,
    });
    expect(doubled.status).toBe(200);
    expect(doubled.body).toEqual(plain.body);
    const versions = await http(sf.emu, '//services/data');
    expect(versions.status).toBe(200);
    expect(Array.isArray(versions.body)).toBe(true);
  });
});

describe('name fields', () => {
  it('names a task by its Subject and an account by its Name, for an admin and a field user alike', async () => {
    const field = await login(sf.emu, FIELD_USER);
    for (const conn of [sf.conn, field]) {
      const names = async (object: string): Promise<string[]> =>
        (await conn.sobject(object).describe()).fields.filter((f) => f.nameField).map((f) => f.name);
      expect(await names('Task')).toEqual(['Subject']);
      expect(await names('Account')).toEqual(['Name']);
      const info = await http(sf.emu, `${V}/ui-api/object-info/Task`, { token: conn.accessToken ?? '' });
      expect(info.status).toBe(200);
      expect((info.body as { nameFields: string[] }).nameFields).toEqual(['Subject']);
    }
  });
});

describe('Organization', () => {
  it('has the standard fields Salesforce CLI reads', async () => {
    const org = await sf.conn.query<Record<string, unknown>>(
      'SELECT Id, Name, InstanceName, IsSandbox, TrialExpirationDate, NamespacePrefix, OrganizationType, CreatedDate FROM Organization',
    );
    expect(org.records[0]).toMatchObject({
      Id: expect.stringMatching(/^00D\w{15}$/),
      Name: 'CQ Demo Org',
      InstanceName: 'EMU1',
      IsSandbox: false,
      TrialExpirationDate: null,
      NamespacePrefix: null,
      OrganizationType: 'Developer Edition',
      CreatedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const fields = (await sf.conn.sobject('Organization').describe()).fields;
    const byName = new Map(fields.map((f) => [f.name, f]));
    expect(byName.get('TrialExpirationDate')).toMatchObject({ type: 'datetime', createable: false });
    expect(byName.get('FiscalYearStartMonth')).toMatchObject({ type: 'int', updateable: false });
    for (const name of ['Country', 'Phone', 'IsReadOnly', 'UiSkin', 'SignupCountryIsoCode']) {
      expect(byName.has(name), name).toBe(true);
    }
  });
});

describe('query?columns=true', () => {
  const columns = async (soql: string, path = 'query'): Promise<Record<string, unknown>> => {
    const res = await http(sf.emu, `${V}/${path}?q=${q(soql)}&columns=true`, { token: sf.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Record<string, unknown>;
  };
  const col = (columnName: string, more: Record<string, unknown> = {}): Record<string, unknown> => ({
    aggregate: false,
    apexType: 'String',
    booleanType: false,
    columnName,
    custom: false,
    displayName: columnName,
    foreignKeyName: null,
    insertable: true,
    joinColumns: [],
    numberType: false,
    textType: true,
    updatable: true,
    ...more,
  });

  it('describes fields, parent fields as joinColumns and child subqueries as aggregate columns', async () => {
    const body = await columns(
      'SELECT Id, Name, IsDeleted, Owner.Name, External_Id__c, (SELECT LastName FROM Contacts) FROM Account',
    );
    const readOnly = { insertable: false, updatable: false };
    expect(body).toEqual({
      columnMetadata: [
        col('Id', { apexType: 'Id', textType: false, ...readOnly }),
        col('Name'),
        col('IsDeleted', { apexType: 'Boolean', booleanType: true, textType: false, ...readOnly }),
        col('Owner', {
          apexType: null,
          foreignKeyName: 'OwnerId',
          textType: false,
          ...readOnly,
          joinColumns: [col('Name', readOnly)],
        }),
        col('External_Id__c', { custom: true }),
        col('Contacts', {
          aggregate: true,
          apexType: null,
          textType: false,
          ...readOnly,
          joinColumns: [col('LastName')],
        }),
      ],
      entityName: 'Account',
      groupBy: false,
      idSelected: true,
      keyPrefix: '001',
    });
  });

  it('names aggregate columns exprN (or their alias) with the function as display name', async () => {
    const body = await columns(
      'SELECT Industry, COUNT(Id) n, MAX(NumberOfEmployees) FROM Account GROUP BY Industry',
    );
    expect(body).toMatchObject({ entityName: 'Account', groupBy: true, idSelected: false });
    const meta = body.columnMetadata as Record<string, unknown>[];
    expect(meta.map((c) => [c.columnName, c.displayName, c.aggregate, c.numberType])).toEqual([
      ['Industry', 'Industry', false, false],
      ['n', 'COUNT(Id)', true, true],
      ['expr0', 'MAX(NumberOfEmployees)', true, true],
    ]);
  });

  it('answers COUNT() with no column, queryAll and tooling too, and the query errors for a bad query', async () => {
    expect((await columns('SELECT COUNT() FROM Contact')).columnMetadata).toEqual([]);
    expect((await columns('SELECT Id FROM Account', 'queryAll')).columnMetadata).toHaveLength(1);
    const bad = await http(sf.emu, `${V}/query?q=${q('SELECT Nope FROM Account')}&columns=true`, {
      token: sf.token,
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { errorCode: string }[])[0]?.errorCode).toBe('INVALID_FIELD');
  });
});

describe('MALFORMED_ID', () => {
  it('names the field of a malformed reference, on create and update', async () => {
    const err = await sf.conn
      .sobject('Account')
      .create({ Name: 'Malformed A', OwnerId: '005XXX' })
      .then(
        () => undefined,
        (e: unknown) => e as { errorCode: string; message: string; fields?: string[] },
      );
    expect(err).toMatchObject({
      errorCode: 'MALFORMED_ID',
      message: 'Owner ID: id value of incorrect type: 005XXX',
    });
    // an 18-character id whose case-safe suffix does not match is malformed too
    const res = (await sf.conn
      .sobject('Contact')
      .create([{ LastName: 'Malformed', AccountId: '0015g0000000001AAB' }])) as SaveResult[];
    expect(res[0]?.errors).toEqual([
      {
        statusCode: 'MALFORMED_ID',
        message: 'Account ID: id value of incorrect type: 0015g0000000001AAB',
        fields: ['AccountId'],
      },
    ]);
  });

  it('answers an upsert (allOrNone) with one malformed OwnerId per record, writing nothing', async () => {
    const results = (await sf.conn.sobject('Account').upsert(
      [
        { Name: 'Upsert AON 1', External_Id__c: 'AON-1' },
        { Name: 'Upsert AON 2', External_Id__c: 'AON-2', OwnerId: '005XXX' },
        { Name: 'Upsert AON 3', External_Id__c: 'AON-3' },
      ],
      'External_Id__c',
      { allOrNone: true },
    )) as SaveResult[];
    expect(results).toEqual([
      { id: null, success: false, created: false, errors: [rolledBack] },
      {
        id: null,
        success: false,
        created: false,
        errors: [
          {
            statusCode: 'MALFORMED_ID',
            message: 'Owner ID: id value of incorrect type: 005XXX',
            fields: ['OwnerId'],
          },
        ],
      },
      { id: null, success: false, created: false, errors: [rolledBack] },
    ]);
    expect(await countNamed('Upsert AON')).toBe(0);
  });

  it('rolls back an update (allOrNone) with a malformed record id, and names the object', async () => {
    const [a] = (await sf.conn.sobject('Account').create([{ Name: 'Update AON' }])) as SaveResult[];
    const results = (await sf.conn.sobject('Account').update(
      [
        { Id: String(a?.id), Name: 'Update AON renamed' },
        { Id: '001XXX', Name: 'never' },
      ],
      { allOrNone: true },
    )) as SaveResult[];
    expect(results).toEqual([
      { id: null, success: false, errors: [rolledBack] },
      {
        id: null,
        success: false,
        errors: [
          {
            statusCode: 'MALFORMED_ID',
            message: 'Account ID: id value of incorrect type: 001XXX',
            fields: ['Id'],
          },
        ],
      },
    ]);
    expect((await sf.conn.sobject('Account').retrieve(String(a?.id))).Name).toBe('Update AON');
  });

  it('refuses an upsert on Id with a malformed id instead of creating a record', async () => {
    const res = await http(sf.emu, `${V}/sobjects/Account/Id/001XXX`, {
      method: 'PATCH',
      token: sf.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Name: 'Upsert by bad Id' }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual([
      {
        errorCode: 'MALFORMED_ID',
        message: 'Account ID: id value of incorrect type: 001XXX',
        fields: ['Id'],
      },
    ]);
    expect(await countNamed('Upsert by bad Id')).toBe(0);
  });

  it('refuses a SOQL id filter whose value cannot be an id', async () => {
    const soql = "SELECT Id FROM Account WHERE OwnerId = '005XXX'";
    const res = await http(sf.emu, `${V}/query?q=${q(soql)}`, { token: sf.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual([
      {
        errorCode: 'INVALID_QUERY_FILTER_OPERATOR',
        message: `\n${soql}\n${' '.repeat(39)}^\nERROR at Row:1:Column:40\ninvalid ID field: 005XXX`,
      },
    ]);
    // an 18-character id whose suffix is wrong matches nothing; 15- and 18-character forms both match
    expect((await sf.conn.query("SELECT Id FROM Account WHERE Id = '0015g0000000001AAB'")).totalSize).toBe(0);
    const [admin] = (await sf.conn.query<{ Id: string }>(`SELECT Id FROM User WHERE Username = '${ADMIN}'`))
      .records;
    const id = String(admin?.Id);
    for (const form of [id, id.slice(0, 15)]) {
      expect((await sf.conn.query(`SELECT Id FROM User WHERE Id = '${form}'`)).totalSize).toBe(1);
    }
  });
});

describe('sObject Tree (/composite/tree)', () => {
  const tree = (type: string, records: unknown[]): ReturnType<typeof http> =>
    http(sf.emu, `${V}/composite/tree/${type}`, {
      method: 'POST',
      token: sf.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ records }),
    });

  it('creates parents with their children and answers every referenceId with its id', async () => {
    const res = await tree('Account', [
      {
        attributes: { type: 'Account', referenceId: 'acc1' },
        Name: 'Tree One',
        Contacts: {
          records: [
            {
              attributes: { type: 'Contact', referenceId: 'c1' },
              LastName: 'Tree',
              Email: 'tree1@example.com',
            },
            { attributes: { type: 'Contact', referenceId: 'c2' }, LastName: 'Branch' },
          ],
        },
      },
      { attributes: { type: 'Account', referenceId: 'acc2' }, Name: 'Tree Two' },
    ]);
    expect(res.status).toBe(201);
    const body = res.body as { hasErrors: boolean; results: { referenceId: string; id: string }[] };
    expect(body.hasErrors).toBe(false);
    expect(body.results.map((r) => r.referenceId)).toEqual(['acc1', 'c1', 'c2', 'acc2']);
    const acc1 = body.results[0]?.id ?? '';
    const kids = await sf.conn.query<{ LastName: string }>(
      `SELECT LastName FROM Contact WHERE AccountId = '${acc1}' ORDER BY LastName`,
    );
    expect(kids.records.map((r) => r.LastName)).toEqual(['Branch', 'Tree']);
  });

  it('saves nothing when one record fails and lists only the failing ones', async () => {
    const res = await tree('Account', [
      {
        attributes: { type: 'Account', referenceId: 'ok1' },
        Name: 'Tree Fail',
        Contacts: {
          records: [
            { attributes: { type: 'Contact', referenceId: 'bad1' }, LastName: 'X', Email: 'not-an-email' },
          ],
        },
      },
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      hasErrors: true,
      results: [
        {
          referenceId: 'bad1',
          errors: [
            {
              statusCode: 'INVALID_EMAIL_ADDRESS',
              message: 'Email: invalid email address: not-an-email',
              fields: ['Email'],
            },
          ],
        },
      ],
    });
    expect(await countNamed('Tree Fail')).toBe(0);
  });

  it('refuses a record without a referenceId or of another type', async () => {
    const noRef = await tree('Account', [{ attributes: { type: 'Account' }, Name: 'Tree NoRef' }]);
    expect(noRef.status).toBe(400);
    expect((noRef.body as { errorCode: string }[])[0]?.errorCode).toBe('INVALID_INPUT');
    const wrongType = await tree('Account', [
      { attributes: { type: 'Contact', referenceId: 'x' }, LastName: 'X' },
    ]);
    expect(wrongType.status).toBe(400);
    expect(await countNamed('Tree NoRef')).toBe(0);
  });
});
