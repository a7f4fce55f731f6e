import { describe, expect, it } from 'vitest';
import { checkSubmission } from './form-validation/submission';
import { fieldValues } from './display-value';
import {
  formatLocation,
  fromPosition,
  isGeoValue,
  locationComponents,
  locationSchema,
  meetsAccuracy,
  parseCoordinates,
  requiredAccuracyOf,
  withLocationComponents,
  withRequiredAccuracy,
} from './geolocation';
import type { FormJsonSchema } from 'shared-contracts';

describe('location values', () => {
  it('accepts latitude and longitude in range only', () => {
    expect(isGeoValue({ latitude: 48.8584, longitude: 2.2945 })).toBe(true);
    expect(isGeoValue({ latitude: -90, longitude: 180 })).toBe(true);
    expect(isGeoValue({ latitude: 90.1, longitude: 0 })).toBe(false);
    expect(isGeoValue({ latitude: 0, longitude: -180.5 })).toBe(false);
    expect(isGeoValue({ latitude: '1', longitude: 2 })).toBe(false);
    expect(isGeoValue({ latitude: NaN, longitude: 2 })).toBe(false);
    expect(isGeoValue(null)).toBe(false);
  });

  it('takes a browser position: rounded to 6 places, accuracy in metres, ISO time', () => {
    const v = fromPosition({
      coords: { latitude: 48.858370123, longitude: -2.294481987, accuracy: 12.345 },
      timestamp: Date.UTC(2026, 10, 27, 10, 0, 0),
    });
    expect(v).toEqual({
      latitude: 48.85837,
      longitude: -2.294482,
      accuracy: 12.3,
      timestamp: '2026-11-27T10:00:00.000Z',
      source: 'device',
    });
  });

  it('reads typed coordinates', () => {
    expect(parseCoordinates('48.8584, 2.2945')).toMatchObject({
      latitude: 48.8584,
      longitude: 2.2945,
      source: 'manual',
    });
    expect(parseCoordinates('-33.8568 151.2153')).toMatchObject({ latitude: -33.8568, longitude: 151.2153 });
    expect(parseCoordinates('48,8584; 2,2945')).toMatchObject({ latitude: 48.8584, longitude: 2.2945 });
    expect(parseCoordinates('12.5', '-7.25')).toMatchObject({ latitude: 12.5, longitude: -7.25 });
    expect(parseCoordinates('91, 0')).toBeUndefined();
    expect(parseCoordinates('abc, 2')).toBeUndefined();
    expect(parseCoordinates('48.8')).toBeUndefined();
    expect(parseCoordinates('', '')).toBeUndefined();
  });

  it('formats with hemispheres and the accuracy', () => {
    expect(
      formatLocation({ latitude: 48.85837, longitude: 2.294481, accuracy: 12.3 }, { locale: 'en-US' }),
    ).toBe('48.85837° N, 2.294481° E (±12 m)');
    expect(formatLocation({ latitude: -33.8568, longitude: -70.5 }, { locale: 'en-US' })).toBe(
      '33.85680° S, 70.50000° W',
    );
    expect(formatLocation({ latitude: 1, longitude: 2, accuracy: 2500 }, { locale: 'de-DE' })).toBe(
      '1,00000° N, 2,00000° E (±2.5 km)',
    );
    expect(formatLocation('nowhere')).toBe('');
  });
});

describe('required accuracy', () => {
  it('is kept in the schema as the accuracy maximum', () => {
    const s = locationSchema('Site', 25);
    expect(requiredAccuracyOf(s)).toBe(25);
    expect(requiredAccuracyOf(locationSchema('Site'))).toBeUndefined();
    expect(requiredAccuracyOf(withRequiredAccuracy(s, undefined))).toBeUndefined();
    expect(requiredAccuracyOf(withRequiredAccuracy(s, 10))).toBe(10);
    expect(withRequiredAccuracy(s, 10).title).toBe('Site');
  });

  it('a fix worse than the requirement, or typed without accuracy, does not meet it', () => {
    expect(meetsAccuracy({ latitude: 1, longitude: 1, accuracy: 10 }, 25)).toBe(true);
    expect(meetsAccuracy({ latitude: 1, longitude: 1, accuracy: 25 }, 25)).toBe(true);
    expect(meetsAccuracy({ latitude: 1, longitude: 1, accuracy: 25.1 }, 25)).toBe(false);
    expect(meetsAccuracy({ latitude: 1, longitude: 1 }, 25)).toBe(false);
    expect(meetsAccuracy({ latitude: 1, longitude: 1 }, undefined)).toBe(true);
  });

  it('the submission check (BFF and browser) refuses a worse fix and a missing required location', () => {
    const schema: FormJsonSchema = {
      type: 'object',
      properties: {
        General: {
          type: 'object',
          properties: { Site: locationSchema('Site', 25), Note: { type: 'string', title: 'Note' } },
          required: ['Site'],
        },
      },
    };
    const check = (data: unknown) => checkSubmission({ schema, data });
    expect(check({ General: { Site: { latitude: 1, longitude: 2, accuracy: 8 } } }).ok).toBe(true);
    const worse = check({ General: { Site: { latitude: 1, longitude: 2, accuracy: 80 } } });
    expect(worse.ok).toBe(false);
    expect(worse.messages).toContain('Site: accuracy in metres must be <= 25');
    const missing = check({ General: { Note: 'x' } });
    expect(missing.ok).toBe(false);
    expect(missing.missing).toEqual(['General.Site']);
    // only accuracy given: no location
    expect(check({ General: { Site: { accuracy: 5 } } }).missing).toEqual(['General.Site']);
  });

  it('an optional location may stay empty', () => {
    const schema: FormJsonSchema = {
      type: 'object',
      properties: { General: { type: 'object', properties: { Site: locationSchema('Site', 25) } } },
    };
    expect(checkSubmission({ schema, data: {} }).ok).toBe(true);
  });
});

describe('mapping to the org', () => {
  it('names the compound field components', () => {
    expect(locationComponents('cqext__Location__c')).toEqual({
      latitude: 'cqext__Location__Latitude__s',
      longitude: 'cqext__Location__Longitude__s',
    });
    expect(locationComponents('CQ_Form_Site')).toBeUndefined();
  });

  it('adds the components beside each org location field, null when empty; general fields untouched', () => {
    const schema: FormJsonSchema = {
      type: 'object',
      properties: {
        cqext__SQX_Inspection__c: {
          type: 'object',
          properties: {
            cqext__Location__c: locationSchema('Location'),
            cqext__Other__c: locationSchema('Other'),
            cqext__Notes__c: { type: 'string' },
          },
        },
        General: { type: 'object', properties: { CQ_Form_Site: locationSchema('Site') } },
      },
    };
    const data = {
      cqext__SQX_Inspection__c: {
        cqext__Location__c: { latitude: 48.85837, longitude: 2.294481, accuracy: 9 },
        cqext__Other__c: null,
        cqext__Notes__c: 'n',
      },
      General: { CQ_Form_Site: { latitude: 1, longitude: 2 } },
    };
    const out = withLocationComponents(data, schema) as typeof data;
    expect(out.cqext__SQX_Inspection__c).toEqual({
      ...data.cqext__SQX_Inspection__c,
      cqext__Location__Latitude__s: 48.85837,
      cqext__Location__Longitude__s: 2.294481,
      cqext__Other__Latitude__s: null,
      cqext__Other__Longitude__s: null,
    });
    expect(out.General).toBe(data.General);
    expect(data.cqext__SQX_Inspection__c).not.toHaveProperty('cqext__Location__Latitude__s');
    const none = { General: { x: 1 } };
    expect(withLocationComponents(none, schema)).toBe(none);
  });

  it('shows on cards formatted', () => {
    const formDef = {
      schema: {
        type: 'object',
        properties: { General: { type: 'object', properties: { Site: locationSchema('Site') } } },
      },
      ui: {
        type: 'VerticalLayout',
        elements: [{ type: 'Control', scope: '#/properties/General/properties/Site' }],
      },
    };
    expect(
      fieldValues({ General: { Site: { latitude: 10.5, longitude: -3.25, accuracy: 4 } } }, formDef, 4, {
        locale: 'en-US',
      }),
    ).toEqual([{ label: 'Site', value: '10.50000° N, 3.25000° W (±4 m)' }]);
  });
});
