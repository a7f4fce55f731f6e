// A geolocation (Location) custom field as an org answers for it (issue 32): the compound
// `cqext__Location__c` read-only (type location), its components `…__Latitude__s` / `…__Longitude__s`
// written and read as doubles; SOQL returning the compound as {latitude, longitude}; the compound
// refused in WHERE and ORDER BY, DISTANCE()/GEOLOCATION() there instead. Over jsforce as the field
// user (the permission set names the compound; its components follow it), with calls the product
// does not make.
import { describe, expect, it } from 'vitest';
import { expectSfError, http, orgForFile } from './helpers.js';

const sf = orgForFile();
const OBJ = 'cqext__SQX_Inspection__c';
const LOC = 'cqext__Location__c';
const LAT = 'cqext__Location__Latitude__s';
const LON = 'cqext__Location__Longitude__s';
type Rec = Record<string, unknown>;
let eiffel = '';

// Name is an auto number on the inspection object: records are told apart by Id.
async function inspectionAt(lat: number | null, lon: number | null): Promise<string> {
  const r = (await sf.conn.sobject(OBJ).create({ [LAT]: lat, [LON]: lon })) as { id: string };
  return r.id;
}

describe('describe', () => {
  it('gives the compound (type location, read-only) and its two double components', async () => {
    const d = await sf.conn.sobject(OBJ).describe();
    const by = new Map(d.fields.map((f) => [f.name, f as unknown as Rec]));
    expect(by.get(LOC)).toMatchObject({
      type: 'location',
      soapType: 'urn:location',
      label: 'Location',
      createable: false,
      updateable: false,
      filterable: false,
      sortable: false,
      nillable: true,
      compoundFieldName: null,
      queryByDistance: true,
      displayLocationInDecimal: true,
      scale: 6,
      custom: true,
    });
    for (const [name, part] of [
      [LAT, 'Latitude'],
      [LON, 'Longitude'],
    ] as const) {
      expect(by.get(name)).toMatchObject({
        type: 'double',
        soapType: 'xsd:double',
        label: `Location (${part})`,
        compoundFieldName: LOC,
        createable: true,
        updateable: true,
        filterable: true,
        scale: 6,
      });
    }
  });
});

describe('records and SOQL', () => {
  it('writes through the components and reads the compound as {latitude, longitude}', async () => {
    const id = await inspectionAt(48.85837, 2.294481);
    eiffel = id;
    const res = await sf.conn.query<Rec>(`SELECT Id, ${LOC}, ${LAT}, ${LON} FROM ${OBJ} WHERE Id = '${id}'`);
    expect(res.records[0]).toMatchObject({
      [LOC]: { latitude: 48.85837, longitude: 2.294481 },
      [LAT]: 48.85837,
      [LON]: 2.294481,
    });
    // retrieve (GET sobjects/…/Id) carries the compound as well
    const got = (await sf.conn.sobject(OBJ).retrieve(id)) as Rec;
    expect(got[LOC]).toEqual({ latitude: 48.85837, longitude: 2.294481 });
    // an unset location is null
    const none = await inspectionAt(null, null);
    const empty = await sf.conn.query<Rec>(`SELECT ${LOC} FROM ${OBJ} WHERE Id = '${none}'`);
    expect(empty.records[0]?.[LOC]).toBeNull();
    // filtering works on the components
    const near = await sf.conn.query<Rec>(`SELECT Id FROM ${OBJ} WHERE ${LAT} > 48.8 AND ${LAT} < 48.9`);
    expect(near.records.map((r) => r.Id)).toContain(id);
  });

  it('refuses the compound in a write, a WHERE and an ORDER BY', async () => {
    await expectSfError(
      sf.conn.sobject(OBJ).create({ [LOC]: { latitude: 1, longitude: 2 } }),
      'INVALID_FIELD_FOR_INSERT_UPDATE',
    );
    const where = await expectSfError(
      sf.conn.query(`SELECT Id FROM ${OBJ} WHERE ${LOC} = null`),
      'INVALID_FIELD',
    );
    expect(where.message).toContain(`field '${LOC}' can not be filtered in a query call`);
    const order = await expectSfError(
      sf.conn.query(`SELECT Id FROM ${OBJ} ORDER BY ${LOC}`),
      'INVALID_FIELD',
    );
    expect(order.message).toContain(`field '${LOC}' can not be sorted in a query call`);
  });

  it('DISTANCE and GEOLOCATION in SELECT, WHERE and ORDER BY', async () => {
    const paris = await inspectionAt(48.8566, 2.3522);
    const lyon = await inspectionAt(45.764, 4.8357);
    const nyc = await inspectionAt(40.7128, -74.006);
    const ids = [eiffel, paris, lyon, nyc].map((i) => `'${i}'`).join(', ');
    const res = await sf.conn.query<Rec>(
      `SELECT Id, DISTANCE(${LOC}, GEOLOCATION(48.8566, 2.3522), 'km') dist FROM ${OBJ} ` +
        `WHERE Id IN (${ids}) AND DISTANCE(${LOC}, GEOLOCATION(48.8566, 2.3522), 'km') < 500 ` +
        `ORDER BY DISTANCE(${LOC}, GEOLOCATION(48.8566, 2.3522), 'km') DESC`,
    );
    expect(res.records.map((r) => r.Id)).toEqual([lyon, eiffel, paris]);
    const [lyonRow] = res.records;
    // Paris–Lyon great-circle distance ≈ 392 km
    expect(Number(lyonRow?.dist)).toBeGreaterThan(385);
    expect(Number(lyonRow?.dist)).toBeLessThan(400);
    const miles = await sf.conn.query<Rec>(
      `SELECT DISTANCE(${LOC}, GEOLOCATION(48.8566, 2.3522), 'mi') FROM ${OBJ} WHERE Id = '${lyon}'`,
    );
    expect(Number(miles.records[0]?.expr0)).toBeGreaterThan(239);
    expect(Number(miles.records[0]?.expr0)).toBeLessThan(249);
    await expectSfError(
      sf.conn.query(`SELECT Id FROM ${OBJ} WHERE DISTANCE(${LOC}, GEOLOCATION(1, 2), 'ft') < 5`),
      'MALFORMED_QUERY',
    );
  });

  it('the REST query answers with the compound over plain HTTP too', async () => {
    const q = encodeURIComponent(`SELECT ${LOC} FROM ${OBJ} WHERE Id = '${eiffel}'`);
    const res = await http(sf.emu, `/services/data/v60.0/query?q=${q}`, { token: sf.token });
    expect(res.status).toBe(200);
    expect((res.body as { records: Rec[] }).records[0]?.[LOC]).toEqual({
      latitude: 48.85837,
      longitude: 2.294481,
    });
  });
});
