import { describe, expect, it } from 'vitest';
import { setTextTranslator } from 'shared-contracts';
import {
  displayFields,
  fieldTitleAt,
  fieldValues,
  formatDateOnly,
  formatDateTime,
  formatFieldValue,
  formatNumber,
  formatTime,
  labelWithColon,
  parseDateTime,
  titleFromKey,
} from './display-value';
import { fromZonedInput, toZonedInput } from './zoned-input';

const US = { locale: 'en-US', timeZone: 'America/Los_Angeles' };
const GB = { locale: 'en-GB', timeZone: 'Europe/London' };
const DE = { locale: 'de-DE', timeZone: 'Europe/Berlin' };
// Intl puts a narrow no-break space before AM/PM in recent ICU versions.
const plain = (s: string): string => s.replace(/[\u202f\u00a0]/g, ' ');

describe('parseDateTime', () => {
  it('reads Salesforce offsets without a colon, ISO offsets and Z alike', () => {
    expect(parseDateTime('2026-11-23T19:17:57.844+0000')?.toISOString()).toBe('2026-11-23T19:17:57.844Z');
    expect(parseDateTime('2026-11-23T19:17:57.844Z')?.toISOString()).toBe('2026-11-23T19:17:57.844Z');
    expect(parseDateTime('2026-11-23T20:17:57+01:00')?.toISOString()).toBe('2026-11-23T19:17:57.000Z');
    expect(parseDateTime('2026-11-23T14:17:57.844-0500')?.toISOString()).toBe('2026-11-23T19:17:57.844Z');
    expect(parseDateTime('2026-11-23T19:17')?.toISOString()).toBe('2026-11-23T19:17:00.000Z');
  });
  it('refuses what is not a date-time', () => {
    for (const bad of [
      '',
      'yesterday',
      '2026-13-01T00:00:00Z',
      '2026-02-30T00:00:00Z',
      '2026-11-23T25:00Z',
      null,
      {},
      NaN,
    ]) {
      expect(parseDateTime(bad)).toBeUndefined();
    }
  });
});

describe('formatDateTime', () => {
  const at = '2026-11-23T19:17:57.844+0000';
  it("shows the instant in the user's time zone and locale", () => {
    expect(plain(formatDateTime(at, US))).toBe('Nov 23, 2026, 11:17 AM');
    expect(formatDateTime(at, GB)).toBe('23 Nov 2026, 19:17');
    expect(formatDateTime(at, { locale: 'en-GB', timeZone: 'Asia/Tokyo' })).toBe('24 Nov 2026, 04:17');
    expect(formatDateTime(at, DE)).toBe('23.11.2026, 20:17');
  });
  it('gives the same text for the org format and the ISO format of one instant', () => {
    expect(formatDateTime('2026-11-23T19:17:57.844Z', GB)).toBe(formatDateTime(at, GB));
  });
  it('shows a date-only value as that date, whatever the time zone', () => {
    expect(formatDateTime('2026-11-23', { locale: 'en-GB', timeZone: 'Pacific/Honolulu' })).toBe(
      '23 Nov 2026',
    );
    expect(formatDateTime('2026-11-23', { locale: 'en-GB', timeZone: 'Pacific/Kiritimati' })).toBe(
      '23 Nov 2026',
    );
  });
  it('never throws: empty gives nothing, unknown text comes back, a bad time zone or locale falls back', () => {
    expect(formatDateTime('', US)).toBe('');
    expect(formatDateTime(null, US)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('soon', US)).toBe('soon');
    expect(formatDateTime({}, US)).toBe('');
    expect(formatDateTime(at, { locale: 'en-GB', timeZone: 'Not/AZone' })).toMatch(/^23 Nov 2026, \d\d:17$/);
    expect(formatDateTime(at, { locale: '!!bad', timeZone: 'UTC' })).not.toBe('');
    expect(formatDateTime(Date.UTC(2026, 10, 23, 19, 17), GB)).toBe('23 Nov 2026, 19:17');
  });
});

describe('formatDateOnly and formatTime', () => {
  it('formats a date by the locale without a shift', () => {
    expect(formatDateOnly('2026-01-05', { locale: 'en-US', timeZone: 'Pacific/Honolulu' })).toBe(
      'Jan 5, 2026',
    );
    expect(formatDateOnly('2026-01-05', DE)).toBe('05.01.2026');
    expect(formatDateOnly('2026-02-30', DE)).toBe('2026-02-30');
    expect(formatDateOnly('', DE)).toBe('');
  });
  it('a date-time in a date field is the day in the user time zone', () => {
    expect(formatDateOnly('2026-11-23T23:30:00Z', { locale: 'en-GB', timeZone: 'Asia/Tokyo' })).toBe(
      '24 Nov 2026',
    );
  });
  it('formats a wall-clock time without a shift', () => {
    expect(plain(formatTime('14:05:00.000Z', US))).toBe('2:05 PM');
    expect(formatTime('14:05', GB)).toBe('14:05');
    expect(formatTime('14:05:00.000Z', { locale: 'en-GB', timeZone: 'Asia/Tokyo' })).toBe('14:05');
    expect(formatTime('99:99', GB)).toBe('99:99');
    expect(formatTime('', GB)).toBe('');
  });
  it('localises numbers', () => {
    expect(formatNumber(1234.5, US)).toBe('1,234.5');
    expect(formatNumber(1234.5, DE)).toBe('1.234,5');
    expect(formatNumber('12', DE)).toBe('12');
    expect(formatNumber('n/a', DE)).toBe('n/a');
  });
});

describe('titleFromKey and labelWithColon', () => {
  it('turns API names into words', () => {
    expect(titleFromKey('cqext__Contact__c')).toBe('Contact');
    expect(titleFromKey('Hazard_Type__c')).toBe('Hazard Type');
    expect(titleFromKey('CQ_Form_When')).toBe('When');
    expect(titleFromKey('Name')).toBe('Name');
    expect(titleFromKey('')).toBe('');
  });
  it('adds a colon unless the title has its own mark', () => {
    expect(labelWithColon('Reported by')).toBe('Reported by:');
    expect(labelWithColon('What happened?')).toBe('What happened?');
  });
});

// The shape the org's forms have (org-emulator seed/forms.ts): objects per section, a layout by scope.
const formDef = {
  schema: {
    type: 'object',
    properties: {
      cqext__SQX_Inspection__c: {
        type: 'object',
        properties: {
          cqext__Contact__c: { type: 'string', title: 'Reported by' },
          cqext__Contact__c_Id: { type: 'string', title: 'Reported by Id' },
          cqext__Category__c: {
            type: 'string',
            title: 'Category',
            oneOf: [
              { const: 'Facility', title: 'Facility building' },
              { const: 'Vehicle', title: 'Vehicle' },
            ],
          },
        },
      },
      General: {
        type: 'object',
        properties: {
          CQ_Form_When: { type: 'string', format: 'date-time', title: 'When did it happen?' },
          CQ_Form_What: { type: 'string', title: 'What happened?' },
          CQ_Form_Day: { type: 'string', format: 'date', title: 'Day' },
          CQ_Form_Start: { type: 'string', format: 'time', title: 'Start' },
          CQ_Form_Ok: { type: 'boolean', title: 'All fine' },
          CQ_Form_Hours: { type: 'number', title: 'Hours' },
          CQ_Form_Phone: { type: 'integer', maxLength: 10, title: 'Phone' },
          G_Table_1: { type: 'object', format: 'table', title: 'Readings', $ref: '#/definitions/G_Table_1' },
        },
      },
    },
    definitions: { G_Table_1: { type: 'array', items: { type: 'object', properties: {} } } },
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      {
        type: 'Section',
        elements: [
          {
            type: 'HorizontalLayout',
            elements: [
              {
                type: 'Control',
                scope: '#/properties/General/properties/CQ_Form_When',
                label: 'When did it happen?',
              },
              {
                type: 'Control',
                scope: '#/properties/General/properties/CQ_Form_What',
                label: 'What happened?',
              },
            ],
          },
          {
            type: 'lookup',
            scope: '#/properties/cqext__SQX_Inspection__c/properties/cqext__Contact__c',
            label: 'Reported by',
            options: {
              valueScope: '#/properties/cqext__SQX_Inspection__c/properties/cqext__Contact__c_Id',
              labelScope: '#/properties/cqext__SQX_Inspection__c/properties/cqext__Contact__c',
            },
          },
          { type: 'select', scope: '#/properties/cqext__SQX_Inspection__c/properties/cqext__Category__c' },
          { type: 'Control', scope: '#/properties/General/properties/CQ_Form_Day' },
          { type: 'time', scope: '#/properties/General/properties/CQ_Form_Start' },
          { type: 'Control', scope: '#/properties/General/properties/CQ_Form_Ok' },
          { type: 'Control', scope: '#/properties/General/properties/CQ_Form_Hours' },
          { type: 'Control', scope: '#/properties/General/properties/CQ_Form_Phone' },
          { type: 'table', scope: '#/properties/General/properties/G_Table_1' },
        ],
      },
    ],
  },
};

const data = {
  // the org's key order differs from the form's: the form's order wins
  cqext__SQX_Inspection__c: {
    cqext__Contact__c: 'Kenji Kim',
    cqext__Contact__c_Id: '003000000000003AAA',
    cqext__Category__c: 'Facility',
  },
  General: {
    CQ_Form_What: 'Slipped on wet floor',
    CQ_Form_When: '2026-11-23T19:17:57.844+0000',
    CQ_Form_Day: '2026-11-23',
    CQ_Form_Start: '08:30:00.000Z',
    CQ_Form_Ok: false,
    CQ_Form_Hours: 1250.5,
    CQ_Form_Phone: 5551234567,
    G_Table_1: [{ C1: 'x' }],
  },
};

describe('displayFields', () => {
  it('lists the fields in the layout order with their titles and formats', () => {
    const fields = displayFields(formDef);
    expect(fields.map((f) => [f.path.join('.'), f.title, f.kind])).toEqual([
      ['General.CQ_Form_When', 'When did it happen?', 'date-time'],
      ['General.CQ_Form_What', 'What happened?', 'text'],
      ['cqext__SQX_Inspection__c.cqext__Contact__c', 'Reported by', 'lookup'],
      ['cqext__SQX_Inspection__c.cqext__Category__c', 'Category', 'choice'],
      ['General.CQ_Form_Day', 'Day', 'date'],
      ['General.CQ_Form_Start', 'Start', 'time'],
      ['General.CQ_Form_Ok', 'All fine', 'boolean'],
      ['General.CQ_Form_Hours', 'Hours', 'number'],
      ['General.CQ_Form_Phone', 'Phone', 'text'],
    ]);
    expect(displayFields(formDef)).toBe(fields); // computed once per definition
  });
  it('falls back to the schema order without a layout, leaving out _Id companions', () => {
    const fields = displayFields({ schema: formDef.schema });
    expect(fields.map((f) => f.path.join('.'))).toEqual([
      'cqext__SQX_Inspection__c.cqext__Contact__c',
      'cqext__SQX_Inspection__c.cqext__Category__c',
      'General.CQ_Form_When',
      'General.CQ_Form_What',
      'General.CQ_Form_Day',
      'General.CQ_Form_Start',
      'General.CQ_Form_Ok',
      'General.CQ_Form_Hours',
      'General.CQ_Form_Phone',
    ]);
  });
  it('never throws on a malformed definition', () => {
    for (const bad of [
      null,
      'x',
      1,
      {},
      { schema: 'x' },
      { schema: {}, ui: { elements: 'x' } },
      { schema: { $ref: '#/x' } },
    ]) {
      expect(displayFields(bad)).toEqual([]);
    }
    const cyclic = { schema: { $ref: '#' }, ui: { type: 'Control', scope: '#/properties/a' } };
    expect(displayFields(cyclic)).toEqual([]);
  });
  it('names the field at a data path', () => {
    expect(fieldTitleAt(formDef, 'General.CQ_Form_When')).toBe('When did it happen?');
    expect(fieldTitleAt(formDef, ['cqext__SQX_Inspection__c', 'cqext__Contact__c_Id'])).toBe(
      'Reported by Id',
    );
    expect(fieldTitleAt(null, 'cqext__SQX_Inspection__c.cqext__Contact__c')).toBe('Contact');
  });
});

describe('fieldValues', () => {
  it('titles and formats each type, skipping empty values', () => {
    expect(fieldValues(data, formDef, 20, GB)).toEqual([
      { label: 'When did it happen?', value: '23 Nov 2026, 19:17' },
      { label: 'What happened?', value: 'Slipped on wet floor' },
      { label: 'Reported by', value: 'Kenji Kim' },
      { label: 'Category', value: 'Facility building' },
      { label: 'Day', value: '23 Nov 2026' },
      { label: 'Start', value: '08:30' },
      { label: 'All fine', value: 'No' },
      { label: 'Hours', value: '1,250.5' },
      { label: 'Phone', value: '5551234567' },
    ]);
    expect(fieldValues({ General: { CQ_Form_What: '  ' } }, formDef, 4, GB)).toEqual([]);
  });
  it('gives at most max values', () => {
    expect(fieldValues(data, formDef, 4, GB).map((v) => v.label)).toEqual([
      'When did it happen?',
      'What happened?',
      'Reported by',
      'Category',
    ]);
    expect(fieldValues(data, formDef, 0, GB)).toEqual([]);
  });
  it('without a definition: titles from the keys, values by their look', () => {
    expect(fieldValues(data, null, 5, GB)).toEqual([
      { label: 'Contact', value: 'Kenji Kim' },
      { label: 'Category', value: 'Facility' },
      { label: 'What', value: 'Slipped on wet floor' },
      { label: 'When', value: '23 Nov 2026, 19:17' },
      { label: 'Day', value: '23 Nov 2026' },
    ]);
  });
  it('never throws on odd data', () => {
    expect(fieldValues(null, formDef)).toEqual([]);
    expect(fieldValues('x', formDef)).toEqual([]);
    expect(fieldValues({ General: 'x' }, formDef)).toEqual([]);
    expect(
      fieldValues({ General: { CQ_Form_When: 'not a date', CQ_Form_Ok: 'maybe' } }, formDef, 4, GB),
    ).toEqual([
      { label: 'When did it happen?', value: 'not a date' },
      { label: 'All fine', value: 'maybe' },
    ]);
  });
  it('formats a multi-select picklist value by titles', () => {
    const f = displayFields(formDef)[3];
    expect(f && formatFieldValue(f, 'Facility;Vehicle', GB)).toBe('Facility building, Vehicle');
  });
});

describe('date-time inputs in the user time zone', () => {
  it('shows a stored instant as the wall clock of the user time zone', () => {
    expect(toZonedInput('2026-11-23T19:17:57.844+0000', 'America/New_York')).toBe('2026-11-23T14:17');
    expect(toZonedInput('2026-11-23T19:17:57.844Z', 'Asia/Tokyo')).toBe('2026-11-24T04:17');
    expect(toZonedInput('2026-07-01T00:30:00Z', 'Europe/London')).toBe('2026-07-01T01:30');
    expect(toZonedInput('', 'Asia/Tokyo')).toBe('');
    expect(toZonedInput('junk', 'Asia/Tokyo')).toBe('');
  });
  it('stores the wall clock typed in the user time zone as UTC, across DST', () => {
    expect(fromZonedInput('2026-11-23T14:17', 'America/New_York')).toBe('2026-11-23T19:17:00.000Z');
    expect(fromZonedInput('2026-07-01T14:17', 'America/New_York')).toBe('2026-07-01T18:17:00.000Z');
    expect(fromZonedInput('2026-11-24T04:17', 'Asia/Tokyo')).toBe('2026-11-23T19:17:00.000Z');
    // 02:30 does not exist on 8 March 2026 in New York: it lands in the hour after the change
    expect(fromZonedInput('2026-03-08T02:30', 'America/New_York')).toMatch(/^2026-03-08T0[67]:30:00.000Z$/);
    for (const zone of ['America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
      const at = '2026-10-04T12:45:00.000Z';
      expect(fromZonedInput(toZonedInput(at, zone), zone)).toBe(at);
    }
  });
  it('never throws: bad text gives nothing, an unknown zone uses the device', () => {
    expect(fromZonedInput('', 'Asia/Tokyo')).toBeUndefined();
    expect(fromZonedInput('2026-02-30T10:00', 'Asia/Tokyo')).toBeUndefined();
    expect(fromZonedInput('2026-11-23T14:17', 'Not/AZone')).toBe(
      new Date(2026, 10, 23, 14, 17).toISOString(),
    );
    expect(toZonedInput('2026-11-23T19:17:00Z', 'Not/AZone')).toMatch(/^2026-11-2\dT\d\d:17$/);
  });
});

describe("a flag's words", () => {
  it("read in the screen's language, or the words a caller gives (the report's language)", () => {
    const flag = { kind: 'boolean' } as const;
    expect(formatFieldValue(flag, true)).toBe('Yes');
    setTextTranslator((key, _args, english) => ({ 'value.yes': 'Sí', 'value.no': 'No' })[key] ?? english());
    try {
      expect(formatFieldValue(flag, true)).toBe('Sí');
      expect(formatFieldValue({ kind: 'text' }, false)).toBe('No');
      expect(formatFieldValue(flag, 'false', { words: { yes: 'Oui', no: 'Non' } })).toBe('Non');
      expect(fieldValues({ Done: true }, undefined)).toEqual([{ label: 'Done', value: 'Sí' }]);
    } finally {
      setTextTranslator(null);
    }
  });
});
